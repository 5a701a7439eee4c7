/** A file of the files store as uploads answer it: `/<hash>/<name>`, never leaving its directory. */
export function isStoredFilePath(value: string): boolean {
  return /^\/[^\0\\]+$/.test(value) && !value.split("/").some((segment) => segment === ".." || segment === ".");
}
