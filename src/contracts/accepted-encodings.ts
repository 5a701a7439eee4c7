/**
 * Postel's rule for writes (issue 34): every encoding of a value that the original platform's web front
 * end (and its mobile apps and scripts) sends is accepted and turned, on the way in, into the one form
 * this platform checks and stores. The rules that follow (record-rules.ts, the body schemas) then see
 * only canonical values, so a required field left empty in the original's way is still refused with the
 * usual field error. The table of encodings is docs/compatibility.md. Pure: no server or browser imports.
 */
import { LICENSE_LIST } from "@/shared/licenses";
import { FILE_PATH_PREFIX } from "./record-rules";
import { flattenFields, isOptionType, MULTI_OPTION_TYPES, type CCAField } from "./template";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

// ── Dates ────────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The calendar day of an instant a date picker made: the nearest UTC midnight. The original's pickers
 * send the local midnight of the chosen day as a UTC date-time (`2023-05-10T18:30:00.000Z` is 11 May in
 * India), so rounding gives the chosen day for every zone from UTC−12 to UTC+12.
 */
function dayOfInstant(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const day = new Date(Math.round(ms / DAY_MS) * DAY_MS);
  return Number.isNaN(day.getTime()) ? null : day.toISOString().slice(0, 10);
}

/**
 * A date (DATE, DATE_RANGE, page dates) as `YYYY-MM-DD` from the forms the reference's clients send:
 * `YYYY-MM-DD`; an ISO 8601 date-time with `Z` (the day of its nearest UTC midnight), with an offset or
 * none (the day as written); epoch milliseconds (Java's Jackson dates: nearest UTC midnight). Anything
 * else is returned as it came, for the rules to refuse.
 */
export function acceptDate(value: unknown): unknown {
  if (typeof value === "number") return dayOfInstant(value) ?? value;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (DATE_ONLY.test(text)) return text;
  const m = DATE_TIME.exec(text);
  if (!m) return value;
  const zone = m[5];
  if (zone === undefined || zone.toUpperCase() !== "Z") return m[1];
  return dayOfInstant(Date.parse(text)) ?? value;
}

/** A year (YEAR fields) as a number from a number, `"YYYY"`, a date or a date-time the year picker sent. */
export function acceptYear(value: unknown): unknown {
  if (typeof value === "number" && Math.abs(value) > 9999) {
    const day = dayOfInstant(value);
    return day ? Number(day.slice(0, 4)) : value;
  }
  if (typeof value !== "string" || /^\s*\d{1,4}\s*$/.test(value)) return value;
  const day = acceptDate(value);
  return typeof day === "string" && DATE_ONLY.test(day) ? Number(day.slice(0, 4)) : value;
}

// ── Files ────────────────────────────────────────────────────────────────────────────────────────

const API_FILES = "/files-api/api/";

/**
 * A stored file's address as `/files-api/api/get/raw/<directory>/<hash>/<name>` from the forms the
 * reference's clients write: an absolute URL (`${FILES}/get/raw/pages/…`, any host or proxy prefix:
 * only the path is kept, the file must then exist in this store), a `get/crop/` address, a path that
 * starts at `get/raw/` or at the directory, and doubled slashes (`userGroups//logos/x.svg`).
 */
export function acceptFilePath(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return value;
  let path = value.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return value;
    }
  }
  const at = path.indexOf(API_FILES);
  path = at >= 0 ? path.slice(at + API_FILES.length) : path.replace(/^\/+/, "");
  path = path.replace(/\/{2,}/g, "/");
  if (path.startsWith("get/crop/")) path = `get/raw/${path.slice("get/crop/".length)}`;
  if (!path.startsWith("get/raw/")) path = `get/raw/${path}`;
  const out = `/files-api/api/${path}`;
  return out.startsWith(FILE_PATH_PREFIX) ? out : value;
}

/** A licence name of a FILE value: the reference's `CC-BY` style (and any case) as this platform's `CC_BY`. */
export function acceptLicenseName(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const name = value.trim().toUpperCase().replace(/[-\s]+/g, "_");
  if (name === "") return undefined;
  return LICENSE_LIST.find((l) => l.name === name)?.name ?? value;
}

function acceptFileItem(item: unknown): unknown {
  if (typeof item === "string") return { path: acceptFilePath(item) };
  if (!isRecord(item)) return item;
  const out: Record<string, unknown> = { ...item, path: acceptFilePath(item.path) };
  const license = acceptLicenseName(item.license);
  if (license === undefined || item.license === null) delete out.license;
  else out.license = license;
  if (item.attribution === null) delete out.attribution;
  if (item.type === null) delete out.type;
  return out;
}

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────

const GEOMETRY_TYPE_NAMES = new Set(["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]);

const asFeature = (item: unknown): unknown => {
  if (isRecord(item) && item.type === "Feature") return { ...item, properties: isRecord(item.properties) ? item.properties : {} };
  if (isRecord(item) && typeof item.type === "string" && GEOMETRY_TYPE_NAMES.has(item.type)) return { type: "Feature", properties: {}, geometry: item };
  return item;
};

/**
 * A GEOMETRY value as a FeatureCollection: `[]`, `{}` and `""` (nothing drawn) as null; a list of
 * geometries or features (the original's drawing form), one Feature, one geometry, or any of these as
 * JSON text, wrapped; a feature without `properties` given `{}`. Coordinates are not repaired: an open
 * ring or a position out of range is refused by the rules (record-rules.ts `checkGeometry`).
 */
export function acceptGeometry(value: unknown): unknown {
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    try {
      return acceptGeometry(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.length === 0 ? null : { type: "FeatureCollection", features: value.map(asFeature) };
  if (!isRecord(value)) return value;
  if (Object.keys(value).length === 0) return null;
  if (value.type === "FeatureCollection" && Array.isArray(value.features)) return { ...value, features: value.features.map(asFeature) };
  if (value.type === "Feature" || (typeof value.type === "string" && GEOMETRY_TYPE_NAMES.has(value.type))) return { type: "FeatureCollection", features: [asFeature(value)] };
  return value;
}

// ── Options ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One chosen option `{valueId, value, label}` from what the original sends: its "nothing chosen"
 * `{label: "", value: "", valueId: ""}` (or with the first option's `valueId`) as null; an option given
 * by its `value` or `valueId` alone (object or bare string) completed from the template.
 */
function acceptOption(field: CCAField, item: unknown): unknown {
  if (typeof item === "string") {
    if (item.trim() === "") return null;
    const option = field.valueOptions.find((o) => o.valueId === item) ?? field.valueOptions.find((o) => o.value === item);
    return option ? { valueId: option.valueId, value: option.value, label: option.label } : item;
  }
  if (!isRecord(item)) return item;
  if (isBlank(item.value) && isBlank(item.label) && (isBlank(item.valueId) || "value" in item)) return null;
  if (isBlank(item.valueId) && typeof item.value === "string") {
    const option = field.valueOptions.find((o) => o.value === item.value);
    if (option) return { ...item, valueId: option.valueId };
  }
  return item;
}

function acceptOptions(field: CCAField, value: unknown): unknown {
  if (!MULTI_OPTION_TYPES.includes(field.type)) return acceptOption(field, value);
  // The original sends its single "nothing chosen" object for a multiple choice left empty too.
  if (!Array.isArray(value)) return isRecord(value) && acceptOption(field, value) === null ? [] : value;
  return value.map((item) => acceptOption(field, item)).filter((item) => item !== null);
}

// ── One value, a record ──────────────────────────────────────────────────────────────────────────

/** One field's value in its canonical form (record-rules.ts checks it next). */
export function acceptFieldValue(field: CCAField, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (isOptionType(field.type)) return acceptOptions(field, value);
  switch (field.type) {
    case "DATE":
      return acceptDate(value);
    case "DATE_RANGE":
      return Array.isArray(value) ? value.map((v) => (isBlank(v) ? null : acceptDate(v))) : value;
    case "YEAR":
      return acceptYear(value);
    case "NUMBER_RANGE":
      return Array.isArray(value) ? value.map((v) => (isBlank(v) ? null : v)) : value;
    case "FILE":
      return Array.isArray(value) ? value.map(acceptFileItem) : isRecord(value) ? [acceptFileItem(value)] : value;
    case "GEOMETRY":
      return acceptGeometry(value);
    default:
      return value;
  }
}

/**
 * A record's values (`{fieldId: value}`) with every value the template knows in its canonical form;
 * values of unknown ids are left for the rules to refuse.
 */
export function acceptRecordValues(fields: readonly CCAField[], values: Record<string, unknown>): Record<string, unknown> {
  const byId = new Map(flattenFields(fields).map((f) => [f.fieldId, f]));
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(values)) {
    const field = byId.get(id);
    out[id] = field ? acceptFieldValue(field, value) : value;
  }
  return out;
}
