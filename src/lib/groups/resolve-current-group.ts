import SITE_CONFIG, { type LocaleCode } from "@site-config";
import { ownGroupIcon, type CurrentGroup, type GroupListItem } from "@/contracts/group";
import { fileCropUrl } from "@/shared/files";
import { hostnameOf } from "@/shared/hostname";

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


function toCurrent(group: GroupListItem, linkPrefix: string): CurrentGroup {
  const logo = ownGroupIcon(group.icon);
  return {
    id: group.id,
    groupId: group.groupId,
    name: group.name,
    nameLocal: group.nameLocal,
    icon: logo ? fileCropUrl("userGroups", logo, { w: SITE_CONFIG.THUMBNAILS.GROUP_LOGO_HEADER }) : SITE_CONFIG.SITE.ICON,
    linkPrefix,
    webAddress: group.webAddress,
  };
}

/**
 * Resolves the current group once per request:
 * 1. `/group/{name}` in the URL → the group whose webAddress is `/group/{name}` (case-insensitive);
 *    a name that matches no group gives `undefined` (the screen answers 404, or redirects to the
 *    group's own domain: see ownDomainAddress);
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

export interface OldGroupAddress {
  /** `groupName` route parameter of a route under /group/{groupName}. */
  groupName: string;
  /** The path and query the visitor asked for, without the language prefix: `/group/chilika/about?x=1` (Next's resolvedUrl). */
  path: string;
  /** "" for the default language, else e.g. "/hi". */
  localePrefix: string;
}

/** The http(s) origin of an absolute webAddress, or null. */
function ownOriginOf(webAddress: string): string | null {
  if (!/^https?:\/\//i.test(webAddress)) return null;
  try {
    const url = new URL(webAddress);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The new home of an old address: once a group has its own domain, `/group/{slug}/…` on the main site
 * is the same screen on that domain, in the same language: `/group/chilika/page/show/12?x=1` →
 * `http://chilika.example.org/page/show/12?x=1`, `/hi/group/chilika/about` → `…/hi/about`.
 * Undefined when the name is not the slug of a group with its own domain (a group on the main site
 * resolves as usual, an unknown name is 404). The answer is always on the group's own origin.
 */
export function ownDomainAddress(groups: readonly GroupListItem[], { groupName, path, localePrefix }: OldGroupAddress): string | undefined {
  const wanted = groupName.toLowerCase();
  const group = groups.find((g) => g.slug !== undefined && g.slug.toLowerCase() === wanted && ownOriginOf(g.webAddress) !== null);
  const origin = group ? ownOriginOf(group.webAddress) : null;
  const match = /^\/group\/[^/?#]+(\/[^?#]*)?(\?[^#]*)?/.exec(path);
  if (!origin || !match) return undefined;
  const target = new URL(origin);
  target.pathname = `${localePrefix}${match[1] ?? ""}` || "/";
  target.search = match[2] ?? "";
  return target.origin === origin ? target.href : undefined;
}
