import dynamic from "next/dynamic";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useId, useMemo, useState } from "react";
import { Badge, Box, Button, Container, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { InputBox } from "@/components/ui/chakra/input";
import SITE_CONFIG from "@site-config";
import type { GroupListExpanded } from "@/contracts/group";
import { FormAlert } from "@/components/form/form-alert";
import { MembershipButtons } from "@/components/group/membership-buttons";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import { groupIconUrl } from "@/components/layout/group-icon";
import { filterGroups, useDebouncedValue } from "@/components/layout/group-search";
import type { JoinState, LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { useSession } from "@/components/auth/session-context";
import { distinctLocalName, groupInitials } from "@/lib/groups/group-names";
import type { GroupListProps } from "./group-list.ssr";
import type { JoinStatesReport, LiveJoinStatesProps } from "./live-join-states";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

// Signed-in users' join states come from the platform through react-query, loaded only for them.
const LiveJoinStates = dynamic<LiveJoinStatesProps>(() => import("./live-join-states"), { ssr: false });

const LOGO_WIDTH = 96;

function GroupRow({ group, state, refresh }: { group: GroupListExpanded; state: JoinState | null; refresh: JoinStatesReport["refresh"] | null }) {
  const { t } = useTranslation();
  const refreshPage = useRefreshAfterWrite();
  const [changed, setChanged] = useState<{ from: JoinState | null; to: JoinState } | null>(null);
  const shown = changed && changed.from === state ? changed.to : state;
  const target = useMemo(() => ({ id: group.id, name: group.name, closed: !group.allowUserToJoin }), [group.allowUserToJoin, group.id, group.name]);
  const onChanged = useCallback(
    async (next: JoinState) => {
      setChanged({ from: state, to: next });
      // Fresh member counts (and the header, when the visitor signed in on the way), then the join
      // states; one after the other, as the server render may renew the session.
      await refreshPage({ page: true });
      // A visitor who signed in on the way gets their states asked afresh when the list first asks.
      await refresh?.(group.id);
    },
    [group.id, refresh, refreshPage, state],
  );
  const actions = useMembershipActions(target, onChanged);
  const icon = groupIconUrl(group.icon, LOGO_WIDTH);
  const localName = distinctLocalName(group.name, group.nameLocal);
  return (
    <Box as="li" bg="white" borderWidth="1px" borderRadius="md" p={4}>
      <Stack direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "center" }} gap={4}>
        <HStack gap={4} flex="1" minW={0} align="center">
          <Box w="4rem" h="3rem" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
            {icon ? (
              <Image src={icon} alt="" maxH="3rem" maxW="4rem" objectFit="contain" loading="lazy" />
            ) : (
              <Box
                aria-hidden="true"
                data-testid="group-initials"
                boxSize="3rem"
                borderRadius="full"
                bg="teal.100"
                color="teal.800"
                fontWeight="semibold"
                display="flex"
                alignItems="center"
                justifyContent="center"
              >
                {groupInitials(group.name)}
              </Box>
            )}
          </Box>
          <Box minW={0}>
            {localName ? (
              <Text fontSize="sm" color="gray.600" lang="hi">
                {localName}
              </Text>
            ) : null}
            <AppLink href={group.webAddress} fontWeight="semibold" fontSize="lg" color="teal.800">
              {group.name}
            </AppLink>
            <HStack gap={3} mt={1} wrap="wrap">
              <Text fontSize="sm" color="gray.700">
                {t("group:list.members", { count: group.memberCount })}
              </Text>
              <Badge colorPalette={group.allowUserToJoin ? "green" : "gray"} variant="subtle">
                {group.allowUserToJoin ? t("group:type.open") : t("group:type.closed")}
              </Badge>
            </HStack>
          </Box>
        </HStack>
        <Box flexShrink={0}>
          <MembershipButtons state={shown} actions={actions} groupName={group.name} />
        </Box>
      </Stack>
    </Box>
  );
}

/** /group/list: every microsite with its logo, names, member count, type and the visitor's join control. */
export function GroupListScreen({ groups }: GroupListProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const { user } = useSession();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query, SITE_CONFIG.UI.GROUP_SEARCH_DEBOUNCE_MS);
  const all = groups ?? [];
  const visible = filterGroups(all, debounced);
  const signedIn = user !== null;
  const [report, setReport] = useState<JoinStatesReport | null>(null);
  // Visitors: "join" everywhere (the button opens the sign-in dialog); signed in: null until known.
  const states = signedIn ? report?.states : undefined;
  const failed = signedIn && report !== null && report.failed;
  const stateOf = (id: number): JoinState | null => (signedIn ? (states?.get(id) ?? null) : "join");

  return (
    <>
      <Head>
        <title>{t("group:list.title")}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>
          {t("group:list.title")}
        </PageTitle>
        <Text color="gray.700" mb={6}>
          {t("group:list.description")}
        </Text>
        {groups === null ? (
          <Stack gap={4} align="flex-start">
            <FormAlert title={t("group:list.load_error")} />
            <Button variant="outline" onClick={() => void refresh({ page: true, scrollToTop: true })}>
              {t("common:error.retry")}
            </Button>
          </Stack>
        ) : all.length === 0 ? (
          <Box bg="white" borderWidth="1px" borderRadius="md" p={8} textAlign="center">
            <Text>{t("group:list.no_groups")}</Text>
          </Box>
        ) : (
          <>
            <Box mb={5} maxW="md">
              <label htmlFor={inputId}>
                <Text as="span" fontWeight="medium" fontSize="sm" display="block" mb={1}>
                  {t("group:list.search_label")}
                </Text>
              </label>
              <InputBox id={inputId} type="search" bg="white" autoComplete="off" placeholder={t("group:list.search_placeholder")} value={query} onChange={(e) => setQuery(e.target.value)} />
            </Box>
            {failed ? (
              <Box mb={4}>
                <FormAlert status="warning" title={t("membership:join.error")} />
              </Box>
            ) : null}
            <Text role="status" srOnly>
              {t("group:list.count", { count: visible.length })}
            </Text>
            {visible.length === 0 ? (
              <Box bg="white" borderWidth="1px" borderRadius="md" p={8} textAlign="center">
                <Text>{t("group:list.no_match", { query: debounced.trim() })}</Text>
              </Box>
            ) : (
              <Stack as="ul" listStyleType="none" gap={3} aria-label={t("group:list.title")}>
                {visible.map((group) => (
                  <GroupRow key={group.id} group={group} state={stateOf(group.id)} refresh={signedIn ? (report?.refresh ?? null) : null} />
                ))}
              </Stack>
            )}
            {signedIn ? <LiveJoinStates groups={all} onReport={setReport} /> : null}
          </>
        )}
      </Container>
    </>
  );
}
