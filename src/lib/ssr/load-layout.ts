import type { AxiosInstance } from "axios";
import SITE_CONFIG, { languageIdFor, type LocaleCode } from "@site-config";
import type { CurrentGroup, GroupListItem } from "@/contracts/group";
import type { PageTreeNode } from "@/contracts/page";
import type { AnnouncementView, LayoutData } from "@/contracts/layout";
import type { Env } from "@/config/env";
import { fetchGroupList, fetchGroupMembership } from "@/lib/api/groups";
import { canEditPagesFor, groupActionsFor } from "@/lib/groups/group-actions";
import { fetchPageTree } from "@/lib/api/pages";
import { decodeSessionUser } from "@/lib/auth/session";
import { fetchActiveAnnouncements } from "@/lib/api/announcements";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import { resolveCurrentGroup } from "@/lib/groups/resolve-current-group";

export function loadGroupsCached(client: AxiosInstance, languageId: number): Promise<GroupListItem[]> {
  return cached(`${CACHE_KEYS.groupList}${languageId}`, SITE_CONFIG.CACHE.GROUP_LIST_MS, () => fetchGroupList(client, languageId));
}

export function loadPageTreeCached(client: AxiosInstance, userGroupId: number | null, languageId: number): Promise<PageTreeNode[]> {
  return cached(`${CACHE_KEYS.pages}tree:${userGroupId ?? "main"}:${languageId}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () =>
    fetchPageTree(client, { userGroupId, languageId }),
  );
}

function findNode(nodes: readonly PageTreeNode[], id: number): PageTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Children of navbar page 5965, looked up in the main-site tree of the visitor's language and,
 * when that tree lacks it, in the default language's tree (the navbar page exists once).
 */
export async function loadNavbarPages(client: AxiosInstance, languageId: number): Promise<PageTreeNode[]> {
  const own = findNode(await loadPageTreeCached(client, null, languageId), SITE_CONFIG.PAGES.NAVBAR_ID);
  if (own) return own.children;
  if (languageId === SITE_CONFIG.LANG.DEFAULT_ID) return [];
  const fallback = findNode(await loadPageTreeCached(client, null, SITE_CONFIG.LANG.DEFAULT_ID), SITE_CONFIG.PAGES.NAVBAR_ID);
  return fallback?.children ?? [];
}

/** The active announcements in `languageId` (English as fallback), their HTML cleaned again (stored clean); none when they cannot be read. */
export async function loadAnnouncements(client: AxiosInstance, languageId: number): Promise<AnnouncementView[]> {
  try {
    const list = await cached(`${CACHE_KEYS.announcements}active`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () => fetchActiveAnnouncements(client));
    return list
      .map((a) => ({ id: a.id, html: cleanPageHtml(a.translations[String(languageId)] || a.translations[String(SITE_CONFIG.LANG.DEFAULT_ID)] || "").trim(), color: a.color, bgColor: a.bgColor }))
      .filter((a) => a.html !== "");
  } catch {
    return [];
  }
}

export interface LayoutRequest {
  client: AxiosInstance;
  env: Env;
  locale: LocaleCode;
  host: string | undefined;
  groupName: string | undefined;
  accessToken: string | undefined;
}

/** Everything the chrome needs; `undefined` when the URL names a group that does not exist. */
export async function loadLayout({ client, env, locale, host, groupName, accessToken }: LayoutRequest): Promise<LayoutData | undefined> {
  const languageId = languageIdFor(locale);
  const groups = await loadGroupsCached(client, languageId);
  const currentGroup: CurrentGroup | undefined = resolveCurrentGroup(groups, { host, groupName, locale });
  if (!currentGroup) return undefined;
  const user = decodeSessionUser(accessToken);
  const inGroup = user !== null && currentGroup.id !== null;
  const [pageTree, navbarPages, membership, announcements] = await Promise.all([
    loadPageTreeCached(client, currentGroup.id, languageId),
    loadNavbarPages(client, languageId),
    // Membership (member, pending request, founder) decides the join and edit controls; when it cannot be read they stay hidden.
    // It also says whether the user is a founder or moderator, who may edit the group's pages.
    inGroup ? fetchGroupMembership(client, currentGroup.id!).catch(() => null) : Promise.resolve(null),
    loadAnnouncements(client, languageId),
  ]);
  const canEditPages = canEditPagesFor(user, currentGroup, membership ? membership.canModerate : null);
  const closed = groups.find((g) => g.id === currentGroup.id)?.isParticipatory === false;
  const groupActions = groupActionsFor(user, currentGroup, membership, canEditPages, closed);
  return {
    groups,
    currentGroup,
    pageTree,
    navbarPages,
    user,
    canEditPages,
    ...(groupActions ? { groupActions } : {}),
    ...(announcements.length > 0 ? { announcements } : {}),
    features: env.features,
    siteUrl: env.siteUrl,
  };
}
