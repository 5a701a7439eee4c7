import { isAbsoluteUrl } from "@/components/ui/app-link";
import { ownGroupIcon } from "@/contracts/group";
import { fileCropUrl } from "@/shared/files";

/** URL of a listed group's logo (GroupListItem.icon, a path in `userGroups`) at the given width, or null. */
export function groupIconUrl(listed: string | null, width: number): string | null {
  const icon = ownGroupIcon(listed);
  if (!icon) return null;
  if (isAbsoluteUrl(icon) || icon.startsWith("/files-api/")) return icon;
  return fileCropUrl("userGroups", icon, { w: width });
}
