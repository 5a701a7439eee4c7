import SITE_CONFIG, { type LocaleCode } from "@site-config";
import type { CurrentGroup, GroupListItem } from "@/contracts/group";
import { fileCropUrl } from "@/lib/files";

export interface GroupLocation {
  /** Host header of the request, e.g. "localhost:3000" or "chilika.example.org". */
  host: string | undefined;
  /** `groupName` route parameter when the route is under /group/{groupName}. */
  groupName: string | undefined;
  locale: LocaleCode;
}

/** The main site as a "group" (id null), shown when no group is current. */
export function mainSiteGroup(locale: LocaleCode): CurrentGroup {
  return {
    id: null,
    groupId: null,
    name: SITE_CONFIG.SITE.TITLE[locale],
    nameLocal: null,
    icon: SITE_CONFIG.SITE.ICON,
    linkPrefix: "",
    webAddress: "/",
  };
}

/** Host name without port: a group's own domain matches whatever port the portal is served on. */
function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function toCurrent(group: GroupListItem, linkPrefix: string): CurrentGroup {
  return {
    id: group.id,
    groupId: group.groupId,
    name: group.name,
    nameLocal: group.nameLocal,
    icon: group.icon ? fileCropUrl("userGroups", group.icon, { w: SITE_CONFIG.THUMBNAILS.GROUP_LOGO_HEADER }) : SITE_CONFIG.SITE.ICON,
    linkPrefix,
    webAddress: group.webAddress,
  };
}

/**
 * Resolves the current group once per request:
 * 1. `/group/{name}` in the URL → the group whose webAddress is `/group/{name}` (case-insensitive);
 *    a name that matches no group gives `undefined` (the screen answers 404);
 * 2. otherwise a group whose own domain (absolute webAddress) is the request's host;
 * 3. otherwise the main site.
 */
export function resolveCurrentGroup(groups: readonly GroupListItem[], { host, groupName, locale }: GroupLocation): CurrentGroup | undefined {
  if (groupName !== undefined) {
    const wanted = `/group/${groupName}`.toLowerCase();
    const group = groups.find((g) => g.webAddress.toLowerCase() === wanted);
    return group ? toCurrent(group, group.webAddress) : undefined;
  }
  const requestHost = host ? hostnameOf(`http://${host}`) : null;
  if (requestHost) {
    const group = groups.find((g) => /^https?:\/\//i.test(g.webAddress) && hostnameOf(g.webAddress) === requestHost);
    if (group) return toCurrent(group, "");
  }
  return mainSiteGroup(locale);
}
