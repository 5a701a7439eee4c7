import dynamic from "next/dynamic";
import Head from "next/head";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useId, useMemo, useState } from "react";
import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { InputBox } from "@/components/ui/chakra/input";
import SITE_CONFIG from "@site-config";
import type { GroupListExpanded } from "@/contracts/group";
import { FormAlert } from "@/components/form/form-alert";
import { MembershipButtons } from "@/components/group/membership-buttons";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import { groupIconUrl } from "@/components/layout/group-icon";
import { filterGroups, useDebouncedValue } from "@/components/layout/group-search";
import type { JoinState, LayoutData } from "@/contracts/layout";
import { isAbsoluteUrl } from "@/components/ui/app-link";
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
  // Plain elements and class names (group-styles.ts): the list renders a dozen of them per group.
  return (
    <li className="cca-gl-card">
      <div className="chakra-stack cca-gl-row">
        <div className="chakra-stack cca-gl-main">
          <div className="cca-gl-logo">
            {icon ? (
              // eslint-disable-next-line @next/next/no-img-element -- the group's logo, as Chakra's Image drew it
              <img src={icon} alt="" loading="lazy" className="chakra-image cca-gl-logo-img" />
            ) : (
              <div aria-hidden="true" data-testid="group-initials" className="cca-gl-initials">
                {groupInitials(group.name)}
              </div>
            )}
          </div>
          <div className="cca-gl-body">
            {localName ? (
              <p className="cca-gl-local" lang="hi">
                {localName}
              </p>
            ) : null}
            {isAbsoluteUrl(group.webAddress) ? (
              <a href={group.webAddress} className="chakra-link cca-gl-name">
                {group.name}
              </a>
            ) : (
              <NextLink href={group.webAddress} className="chakra-link cca-gl-name">
                {group.name}
              </NextLink>
            )}
            <div className="chakra-stack cca-gl-meta">
              <p className="cca-gl-count">{t("group:list.members", { count: group.memberCount })}</p>
              <span className={`chakra-badge cca-gl-badge ${group.allowUserToJoin ? "cca-gl-badge--open" : "cca-gl-badge--closed"}`}>
                {group.allowUserToJoin ? t("group:type.open") : t("group:type.closed")}
              </span>
            </div>
          </div>
        </div>
        <div className="cca-gl-actions">
          <MembershipButtons state={shown} actions={actions} groupName={group.name} />
        </div>
      </div>
    </li>
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
      <div className="chakra-container cca-gl-container">
        <h1 className="chakra-heading cca-page-title cca-gl-title">{t("group:list.title")}</h1>
        <p className="cca-gl-intro">{t("group:list.description")}</p>
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
            <div className="cca-gl-search">
              <label htmlFor={inputId}>
                <span className="cca-gl-label">{t("group:list.search_label")}</span>
              </label>
              <InputBox id={inputId} type="search" bg="white" autoComplete="off" placeholder={t("group:list.search_placeholder")} value={query} onChange={(e) => setQuery(e.target.value)} />
            </div>
            {failed ? (
              <Box mb={4}>
                <FormAlert status="warning" title={t("membership:join.error")} />
              </Box>
            ) : null}
            <p role="status" className="cca-sr-only">
              {t("group:list.count", { count: visible.length })}
            </p>
            {visible.length === 0 ? (
              <Box bg="white" borderWidth="1px" borderRadius="md" p={8} textAlign="center">
                <Text>{t("group:list.no_match", { query: debounced.trim() })}</Text>
              </Box>
            ) : (
              <ul className="chakra-stack cca-gl-list" aria-label={t("group:list.title")}>
                {visible.map((group) => (
                  <GroupRow key={group.id} group={group} state={stateOf(group.id)} refresh={signedIn ? (report?.refresh ?? null) : null} />
                ))}
              </ul>
            )}
            {signedIn ? <LiveJoinStates groups={all} onReport={setReport} /> : null}
          </>
        )}
      </div>
    </>
  );
}
