import { isAbsoluteUrl } from "@/components/ui/app-link";

/** Files-service address of a group logo stored under `userGroups` (GroupListItem.icon). */
const GROUP_ICON_BASE = "/files-api/api/get/crop/userGroups";

function withSize(url: string, param: "h" | "w", px: number): string {
  if (!url.includes("/get/crop/") || /[?&](?:h|w)=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${param}=${px}`;
}

/** URL of a listed group's logo at the given width, or null when the group has none. */
export function groupIconUrl(icon: string | null, width: number): string | null {
  if (!icon) return null;
  const url = isAbsoluteUrl(icon) || icon.startsWith(GROUP_ICON_BASE) ? icon : `${GROUP_ICON_BASE}${icon.startsWith("/") ? "" : "/"}${icon}`;
  return withSize(url, "w", width);
}

/** The current group's logo (already a full URL) at the given height when it is a crop URL. */
export function headerIconUrl(icon: string, height: number): string {
  return withSize(icon, "h", height);
}
