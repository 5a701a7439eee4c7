/**
 * The attribute columns the geospatial writers share (GeoPackage, the Shapefile's .dbf): a column's
 * type and how a value is made to fit it. A value that does not fit its column's type is written empty
 * (null), never as something else: a GIS user's sums and filters stay honest.
 */

export type GeoColumnType = "TEXT" | "INTEGER" | "REAL" | "DATE";

export interface GeoColumn {
  name: string;
  type: GeoColumnType;
}

export type GeoValue = string | number | null;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_TEXT = /^[+-]?\d+$/;
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** `YYYY-MM-DD` of a real calendar day (an ISO date-time keeps its date part), else null. */
export function isoDate(value: string): string | null {
  const m = DATE_PREFIX.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * `value` as the column's type wants it, or null when it does not fit: TEXT takes texts and numbers
 * (as their decimal text); INTEGER a whole number or its text; REAL a finite number or its text;
 * DATE a text starting `YYYY-MM-DD` (a real day). Empty texts are null for every type but TEXT.
 */
export function fitValue(type: GeoColumnType, value: unknown): GeoValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "TEXT":
      if (typeof value === "string") return value;
      return typeof value === "number" && Number.isFinite(value) ? String(value) : null;
    case "INTEGER": {
      const n = typeof value === "number" ? value : typeof value === "string" && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
      return Number.isSafeInteger(n) ? n : null;
    }
    case "REAL": {
      const n = typeof value === "number" ? value : typeof value === "string" && NUMBER_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
      return Number.isFinite(n) ? n : null;
    }
    case "DATE":
      return typeof value === "string" ? isoDate(value) : null;
  }
}
