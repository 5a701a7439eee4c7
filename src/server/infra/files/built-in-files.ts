/**
 * Images every instance answers at a files address whatever its store holds (a store that has a file
 * of that key wins): what the platform names for a missing image, so a client that joins a directory and
 * a path (the original front end: `${FILES}/get/crop/userGroups${icon}`) always gets a picture, never a
 * `…/userGroupsnull` (issue 34).
 */
import { DEFAULT_GROUP_ICON } from "@/contracts/group";

export interface BuiltInFile {
  contentType: string;
  body: Buffer;
}

/** A tree on a pale ground: the logo of a group that has none. */
const GROUP_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="12" fill="#e7f0ea"/><path d="M32 10 17 33h8l-9 13h32l-9-13h8z" fill="#2f6f4f"/><rect x="29" y="46" width="6" height="9" fill="#6b5340"/></svg>`;

const FILES: ReadonlyMap<string, BuiltInFile> = new Map([[`userGroups${DEFAULT_GROUP_ICON}`, { contentType: "image/svg+xml", body: Buffer.from(GROUP_LOGO) }]]);

/** The built-in file of a store key (`userGroups/default/group.svg`), or null. */
export const builtInFile = (key: string): BuiltInFile | null => FILES.get(key) ?? null;
