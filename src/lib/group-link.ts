/**
 * Group-scoped links: inside a group on the main domain every internal path is prefixed with
 * `/group/{slug}`; on the main site and on a group's own domain the prefix is "".
 */
export function groupHref(linkPrefix: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path; // absolute URL: leave alone
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (!linkPrefix) return clean;
  return clean === "/" ? linkPrefix : `${linkPrefix}${clean}`;
}
