import { Box, Button, Flex, Input, Popover, Portal, Text, chakra } from "@chakra-ui/react";
import NextLink from "next/link";
import useTranslation from "next-translate/useTranslation";
import { useId, useRef, useState } from "react";
import SITE_CONFIG from "@site-config";
import type { GroupListItem } from "@/contracts/group";
import { AppLink, isAbsoluteUrl } from "@/components/ui/app-link";
import { ChevronDownIcon } from "@/components/ui/icons";
import { groupIconUrl } from "./group-icon";
import { filterGroups, useDebouncedValue } from "./group-search";

const { GROUPS_DROPDOWN, GROUP_SEARCH_DEBOUNCE_MS } = SITE_CONFIG.UI;
const LOGO_WIDTH = SITE_CONFIG.THUMBNAILS.GROUP_LOGO_DROPDOWN;

function GroupRow({ group }: { group: GroupListItem }) {
  const icon = groupIconUrl(group.icon, LOGO_WIDTH);
  const content = (
    <>
      {icon ? (
        <img src={icon} alt="" width={LOGO_WIDTH} height={LOGO_WIDTH} loading="lazy" style={{ width: LOGO_WIDTH, height: "2.5rem", objectFit: "contain", flexShrink: 0 }} />
      ) : (
        <Box w={`${LOGO_WIDTH}px`} h="2.5rem" flexShrink={0} />
      )}
      <span>
        {group.nameLocal ? (
          <Text as="span" display="block" fontSize="xs" color="fg.muted">
            {group.nameLocal}
          </Text>
        ) : null}
        {group.name}
      </span>
    </>
  );
  const rowStyle = { display: "flex", alignItems: "center", gap: "3", px: "3", py: "2", rounded: "md", _hover: { bg: "gray.100" } } as const;
  return (
    <li>
      {isAbsoluteUrl(group.webAddress) ? (
        <chakra.a href={group.webAddress} {...rowStyle}>
          {content}
        </chakra.a>
      ) : (
        <chakra.a asChild {...rowStyle}>
          <NextLink href={group.webAddress}>{content}</NextLink>
        </chakra.a>
      )}
    </li>
  );
}

/** Panel body: search box, filtered list, "see all". Mounted only while the panel is open. */
export function GroupsPanel({ groups, inputRef }: { groups: readonly GroupListItem[]; inputRef?: React.Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query, GROUP_SEARCH_DEBOUNCE_MS);
  const visible = filterGroups(groups, debounced);
  return (
    <Flex direction="column" gap="2" h={GROUPS_DROPDOWN.HEIGHT}>
      <chakra.label htmlFor={inputId} srOnly>
        {t("header:groups.search_label")}
      </chakra.label>
      <Input
        ref={inputRef}
        id={inputId}
        type="search"
        size="sm"
        autoComplete="off"
        placeholder={t("header:groups.search_placeholder")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <Box flex="1" overflowY="scroll" minH="0">
        {visible.length > 0 ? (
          <Box as="ul" listStyleType="none">
            {visible.map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </Box>
        ) : (
          <Text role="status" px="3" py="2" color="fg.muted">
            {t("header:groups.empty")}
          </Text>
        )}
      </Box>
      <AppLink href="/group/list" alignSelf="flex-end" fontWeight="medium" fontSize="sm">
        {t("header:groups.see_all")} →
      </AppLink>
    </Flex>
  );
}

/** "Microsites" trigger opening a searchable list of all groups. */
export function GroupsDropdown({ groups }: { groups: readonly GroupListItem[] }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Popover.Root lazyMount unmountOnExit initialFocusEl={() => inputRef.current} positioning={{ placement: "bottom-end" }}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" fontWeight="medium">
          {t("header:groups.trigger")}
          <ChevronDownIcon />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={GROUPS_DROPDOWN.WIDTH} maxW="calc(100vw - 1rem)">
            <Popover.Body p="3">
              <Popover.Title srOnly>{t("header:groups.title")}</Popover.Title>
              <GroupsPanel groups={groups} inputRef={inputRef} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
