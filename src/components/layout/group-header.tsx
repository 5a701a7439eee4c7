import dynamic from "next/dynamic";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useMemo, useState } from "react";
import SITE_CONFIG from "@site-config";
import { setGroupMembership, useGroupMembership } from "@/components/group/membership-store";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import { CheckIcon, ClockIcon, EditIcon, PlusIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { distinctLocalName } from "@/lib/groups/group-names";
import type { JoinState, LayoutData } from "../../contracts/layout";
import { PrimaryMenu } from "./primary-menu";
import { useCurrentPath } from "./router-hooks";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

// The WDPCA / ICCA Registry pack dialog (issue 31) loads when its founders or administrators first open it.
const RegistryPackDialog = dynamic(() => import("@/components/recognition/registry-pack-dialog"), { ssr: false, loading: () => null });

interface GroupHeaderProps {
  data: LayoutData;
  /**
   * The screen shows the group's logo, names and join control itself (the group home's page header):
   * below lg the header leaves them out, so a phone shows them once and the page starts higher.
   */
  pageShowsGroup?: boolean;
}

/** Group logo and name, group actions, and (from lg up) the primary menu; below lg the menu is in the navbar's. */
export function GroupHeader({ data, pageShowsGroup = false }: GroupHeaderProps) {
  const { t, lang } = useTranslation();
  const currentPath = useCurrentPath();

  const group = data.currentGroup;
  const isGroup = group.id !== null;
  const prefix = group.linkPrefix;
  const siteTitle = lang === "hi" ? SITE_CONFIG.SITE.TITLE.hi : SITE_CONFIG.SITE.TITLE.en;
  const localName = isGroup ? distinctLocalName(group.name, group.nameLocal) : null;
  const actions = isGroup ? data.groupActions : undefined;
  const membership = useMembershipControl(data);
  const canCreatePages = actions?.canCreatePages === true;
  const canEdit = actions?.canEditMicrosite === true && !currentPath.endsWith("/edit");
  // Founders and administrators submit the group's records to the registries (issue 31).
  const canSubmit = actions?.canEditMicrosite === true && data.user !== null;
  const [packOpen, setPackOpen] = useState(false);
  const identityOnPage = isGroup && pageShowsGroup;
  // Below lg nothing would be left to show: no empty bar.
  const className = identityOnPage ? `cca-group-header cca-group-header--on-page${canCreatePages || canEdit || canSubmit ? "" : " cca-desktop-only"}` : "cca-group-header";

  return (
    <div className={className}>
      <div className="cca-group-header__inner">
        <div className="cca-group-header__top">
          <NextLink href={groupHref(prefix, "/")} className="cca-group-header__home">
            {isGroup ? (
              // eslint-disable-next-line @next/next/no-img-element -- small fixed-size logos; images.unoptimized is on, so next/image would only add weight
              <img className="cca-group-header__logo" src={group.icon} alt="" />
            ) : null}
            <span>
              {localName ? <span className="cca-group-header__local">{localName}</span> : null}
              <span className="cca-group-header__name">{isGroup ? group.name : siteTitle}</span>
            </span>
          </NextLink>
        </div>
        {membership.state || canCreatePages || canEdit || canSubmit ? (
          <div className="cca-group-header__actions">
            <div className="cca-group-header__membership">
              {membership.state === "join" ? (
                <button type="button" className="cca-btn cca-btn--green" onClick={membership.join} disabled={membership.busy} aria-busy={membership.busy}>
                  <PlusIcon />
                  {t("header:group.join")}
                </button>
              ) : null}
              {membership.state === "requested" ? (
                <>
                  <span className="cca-group-header__status">
                    <ClockIcon />
                    {t("membership:join.requested")}
                  </span>
                  <button type="button" className="cca-btn cca-btn--outline" onClick={membership.withdraw} disabled={membership.busy} aria-busy={membership.busy}>
                    {t("membership:join.withdraw")}
                  </button>
                </>
              ) : null}
              {membership.state === "joined" ? (
                <>
                  <span className="cca-group-header__status">
                    <CheckIcon />
                    {t("membership:join.joined")}
                  </span>
                  <button type="button" className="cca-btn cca-btn--outline" onClick={membership.leave} disabled={membership.busy} aria-busy={membership.busy}>
                    {t("membership:join.leave")}
                  </button>
                </>
              ) : null}
            </div>
            {canCreatePages ? (
              <NextLink href={groupHref(prefix, "/page/create")} className="cca-btn cca-btn--green">
                <PlusIcon />
                {t("header:group.create_pages")}
              </NextLink>
            ) : null}
            {canEdit ? (
              <NextLink href={groupHref(prefix, "/edit")} className="cca-btn cca-btn--solid">
                <EditIcon />
                {t("header:group.edit")}
              </NextLink>
            ) : null}
            {canSubmit ? (
              <button type="button" className="cca-btn cca-btn--outline" onClick={() => setPackOpen(true)} data-testid="wdpca-pack-open">
                {t("header:group.registry")}
              </button>
            ) : null}
          </div>
        ) : null}
        {membership.dialog}
        {packOpen && group.id !== null ? (
          <RegistryPackDialog groupId={group.id} name={group.name} coverageHref={groupHref(prefix, "/admin/recognition/coverage")} onClose={() => setPackOpen(false)} />
        ) : null}
        <PrimaryMenu pageTree={data.pageTree} linkPrefix={prefix} mapsPage={data.features.mapsPage} />
      </div>
    </div>
  );
}

/**
 * The header's membership control: the page's one membership state for the group (`useGroupMembership`,
 * shared with the group home's page header), seeded from the server's; a change shows in every view at
 * once and lasts until the page has been rendered again from the server (router.replace), whose
 * state then wins.
 */
function useMembershipControl(data: LayoutData) {
  const refresh = useRefreshAfterWrite();
  const group = data.currentGroup;
  const serverState = group.id !== null ? (data.groupActions?.membership ?? null) : null;
  const state = useGroupMembership(group.id, group, serverState);
  const target = useMemo(
    () => (group.id !== null ? { id: group.id, name: group.name, closed: data.groupActions?.closed === true } : null),
    [data.groupActions?.closed, group.id, group.name],
  );
  const onChanged = useCallback(
    async (next: JoinState) => {
      if (group.id !== null) setGroupMembership(group.id, group, next);
      // Sequential on purpose: the server render may renew the session (rotating the refresh
      // token), so nothing else should call the platform while it runs.
      await refresh({ page: true });
    },
    [refresh, group],
  );
  const actions = useMembershipActions(target, onChanged);
  return { state, ...actions };
}
