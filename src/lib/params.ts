/** A positive whole number from a route or query parameter ("12"), or null for anything else. */
export function parsePositiveId(raw: unknown): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The first value of a query parameter, trimmed ("" when absent). */
export function queryText(raw: unknown, maxLength = 200): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === "string" ? value.trim().slice(0, maxLength) : "";
}
