import { isAbsoluteUrl } from "@/components/ui/app-link";
import { fileCropUrl } from "@/shared/files";

/** URL of a listed group's logo (GroupListItem.icon, a path in `userGroups`) at the given width, or null. */
export function groupIconUrl(icon: string | null, width: number): string | null {
  if (!icon) return null;
  if (isAbsoluteUrl(icon) || icon.startsWith("/files-api/")) return icon;
  return fileCropUrl("userGroups", icon, { w: width });
}
