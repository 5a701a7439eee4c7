/**
 * schema.org JSON-LD for the pages (issue 31 item 3): pure builders of what the page already shows the
 * visitor, and the text of a `<script type="application/ld+json">` data block. A data block is not
 * executed (the CSP's `script-src` governs scripts that run), but its text must not close the
 * element: `<` is written `\u003c` (and `>`, `&`, U+2028, U+2029 escaped too).
 */

export type JsonLdValue = string | number | boolean | null | JsonLdValue[] | { [key: string]: JsonLdValue | undefined };
export type JsonLdObject = { [key: string]: JsonLdValue | undefined };

export const SCHEMA_CONTEXT = "https://schema.org";

/** The JSON text of a data block: no `<` (so no `</script>` or `<!--`), undefined members left out. */
export function jsonLdText(data: JsonLdObject): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Drops empty strings, empty arrays and undefined members (schema.org validators flag empty values). */
export function compact<T extends JsonLdObject>(data: T): T {
  const out: JsonLdObject = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out as T;
}

/** An absolute address: `path` on `siteUrl` unless it is already absolute. */
export function absolute(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}
