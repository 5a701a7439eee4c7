import { Box, HStack } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { LazyFallback } from "@/components/ui/lazy-fallback";

// The list and its API client load when the tab is first opened.
const ContributionsPanel = dynamic(() => import("./contributions-panel"), { ssr: false, loading: LazyFallback });

const TABS = ["about", "contributions"] as const;
type Tab = (typeof TABS)[number];

/** The profile's sections: About (rendered on the server) and Contributions (the user's records, on demand). */
export function ProfileTabs({ userId, prefix, about }: { userId: number; prefix: string; about: ReactNode }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [tab, setTab] = useState<Tab>(router.query.tab === "contributions" ? "contributions" : "about");
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ about: null, contributions: null });
  const label = (name: Tab) => t(name === "about" ? "contribute:contributions.about_tab" : "contribute:contributions.tab");

  const choose = (name: Tab) => {
    setTab(name);
    const query = { ...router.query };
    if (name === "contributions") query.tab = name;
    else delete query.tab;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    choose(next);
    refs.current[next]?.focus();
  };

  return (
    <Box minW={0}>
      <HStack role="tablist" aria-label={t("contribute:contributions.tabs")} gap={1} mb={4} borderBottomWidth="1px" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <Box
            as="button"
            key={name}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[name] = el;
            }}
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`profile-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            px={4}
            py={2}
            mb="-1px"
            fontWeight="semibold"
            color={tab === name ? "teal.800" : "gray.600"}
            borderBottomWidth="3px"
            borderColor={tab === name ? "teal.600" : "transparent"}
            cursor="pointer"
          >
            {label(name)}
          </Box>
        ))}
      </HStack>
      <Box role="tabpanel" id="profile-panel-about" aria-labelledby="profile-tab-about" hidden={tab !== "about"}>
        {about}
      </Box>
      <Box role="tabpanel" id="profile-panel-contributions" aria-labelledby="profile-tab-contributions" hidden={tab !== "contributions"}>
        {tab === "contributions" ? <ContributionsPanel userId={userId} prefix={prefix} /> : null}
      </Box>
    </Box>
  );
}
