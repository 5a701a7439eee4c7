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

// ── Groups ───────────────────────────────────────────────────────────────────────────────────────

/** A web address (slug) made from a group's name: `Sacred Groves of Kodagu` → `sacred-groves-of-kodagu`. */
export function slugOfName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug;
}

/**
 * A group create or edit body in the original's shape (UserGroupCreateData: `name`, `description` and
 * `languageId` instead of `translation`, no `webAddress`) as this platform's: the texts become the
 * translation of that language (English when none), the address is made from the name. A body that has
 * `translation` or `webAddress` keeps them.
 */
export function acceptGroupBody(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  const languageId = Number(body.languageId) || 205;
  if (out.translation === undefined && typeof body.name === "string") {
    out.translation = [{ language: languageId, name: body.name, description: typeof body.description === "string" ? body.description : "" }];
  }
  if ((out.webAddress === undefined || out.webAddress === null || out.webAddress === "") && typeof body.name === "string") {
    out.webAddress = slugOfName(body.name) || undefined;
  }
  return out;
}

// ── Numbers, colours ─────────────────────────────────────────────────────────────────────────────

/** A whole number sent as digits (`"3"`, `" 12 "`) as a number; anything else as it came. */
export function acceptWholeNumber(value: unknown): unknown {
  return typeof value === "string" && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;
}

/** The CSS named colours (CSS Color Module Level 4), name:rrggbb. */
const NAMED_COLOURS = "aliceblue:f0f8ff,antiquewhite:faebd7,aqua:00ffff,aquamarine:7fffd4,azure:f0ffff,beige:f5f5dc,bisque:ffe4c4,black:000000,blanchedalmond:ffebcd,blue:0000ff,blueviolet:8a2be2,brown:a52a2a,burlywood:deb887,cadetblue:5f9ea0,chartreuse:7fff00,chocolate:d2691e,coral:ff7f50,cornflowerblue:6495ed,cornsilk:fff8dc,crimson:dc143c,cyan:00ffff,darkblue:00008b,darkcyan:008b8b,darkgoldenrod:b8860b,darkgray:a9a9a9,darkgreen:006400,darkgrey:a9a9a9,darkkhaki:bdb76b,darkmagenta:8b008b,darkolivegreen:556b2f,darkorange:ff8c00,darkorchid:9932cc,darkred:8b0000,darksalmon:e9967a,darkseagreen:8fbc8f,darkslateblue:483d8b,darkslategray:2f4f4f,darkslategrey:2f4f4f,darkturquoise:00ced1,darkviolet:9400d3,deeppink:ff1493,deepskyblue:00bfff,dimgray:696969,dimgrey:696969,dodgerblue:1e90ff,firebrick:b22222,floralwhite:fffaf0,forestgreen:228b22,fuchsia:ff00ff,gainsboro:dcdcdc,ghostwhite:f8f8ff,gold:ffd700,goldenrod:daa520,gray:808080,green:008000,greenyellow:adff2f,grey:808080,honeydew:f0fff0,hotpink:ff69b4,indianred:cd5c5c,indigo:4b0082,ivory:fffff0,khaki:f0e68c,lavender:e6e6fa,lavenderblush:fff0f5,lawngreen:7cfc00,lemonchiffon:fffacd,lightblue:add8e6,lightcoral:f08080,lightcyan:e0ffff,lightgoldenrodyellow:fafad2,lightgray:d3d3d3,lightgreen:90ee90,lightgrey:d3d3d3,lightpink:ffb6c1,lightsalmon:ffa07a,lightseagreen:20b2aa,lightskyblue:87cefa,lightslategray:778899,lightslategrey:778899,lightsteelblue:b0c4de,lightyellow:ffffe0,lime:00ff00,limegreen:32cd32,linen:faf0e6,magenta:ff00ff,maroon:800000,mediumaquamarine:66cdaa,mediumblue:0000cd,mediumorchid:ba55d3,mediumpurple:9370db,mediumseagreen:3cb371,mediumslateblue:7b68ee,mediumspringgreen:00fa9a,mediumturquoise:48d1cc,mediumvioletred:c71585,midnightblue:191970,mintcream:f5fffa,mistyrose:ffe4e1,moccasin:ffe4b5,navajowhite:ffdead,navy:000080,oldlace:fdf5e6,olive:808000,olivedrab:6b8e23,orange:ffa500,orangered:ff4500,orchid:da70d6,palegoldenrod:eee8aa,palegreen:98fb98,paleturquoise:afeeee,palevioletred:db7093,papayawhip:ffefd5,peachpuff:ffdab9,peru:cd853f,pink:ffc0cb,plum:dda0dd,powderblue:b0e0e6,purple:800080,rebeccapurple:663399,red:ff0000,rosybrown:bc8f8f,royalblue:4169e1,saddlebrown:8b4513,salmon:fa8072,sandybrown:f4a460,seagreen:2e8b57,seashell:fff5ee,sienna:a0522d,silver:c0c0c0,skyblue:87ceeb,slateblue:6a5acd,slategray:708090,slategrey:708090,snow:fffafa,springgreen:00ff7f,steelblue:4682b4,tan:d2b48c,teal:008080,thistle:d8bfd8,tomato:ff6347,turquoise:40e0d0,violet:ee82ee,wheat:f5deb3,white:ffffff,whitesmoke:f5f5f5,yellow:ffff00,yellowgreen:9acd32";
let namedColours: Map<string, string> | null = null;
const namedColour = (name: string) => (namedColours ??= new Map(NAMED_COLOURS.split(",").map((entry) => entry.split(":") as [string, string]))).get(name);

const hex2 = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, "0");

/** A CSS number or percentage of `scale` (255 for rgb channels), or NaN. */
function cssChannel(text: string, scale: number): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(%?)$/.exec(text);
  if (!m) return NaN;
  return m[2] ? (Number(m[1]) / 100) * scale : Number(m[1]);
}

/** An hsl() hue in degrees (deg, grad, rad, turn or a bare number). */
function cssHue(text: string): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(deg|grad|rad|turn)?$/.exec(text);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "turn" ? n * 360 : m[2] === "rad" ? (n * 180) / Math.PI : m[2] === "grad" ? n * 0.9 : n;
}

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s / 100));
  const light = Math.min(1, Math.max(0, l / 100));
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${hex2(f(0) * 255)}${hex2(f(8) * 255)}${hex2(f(4) * 255)}`;
}

/**
 * A colour in any CSS colour syntax the reference's colour pickers produce (`#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`, with or without the `#`, `rgb()`/`rgba()` and `hsl()`/`hsla()` in the comma and the
 * space syntax, a named colour) as `#rrggbb` in lower case; the alpha is dropped (an opaque colour is
 * stored). Anything else is returned as it came, for the rules to refuse.
 */
export function acceptColour(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().toLowerCase();
  const hex = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    const digits = hex[1]!;
    return digits.length <= 4 ? `#${[...digits.slice(0, 3)].map((d) => d + d).join("")}` : `#${digits.slice(0, 6)}`;
  }
  const named = namedColour(text);
  if (named) return `#${named}`;
  const fn = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(text);
  if (!fn) return value;
  const parts = fn[2]!.split(/\s*[,/]\s*|\s+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return value;
  if (fn[1]!.startsWith("rgb")) {
    const rgb = parts.slice(0, 3).map((p) => cssChannel(p, 255));
    return rgb.some(Number.isNaN) ? value : `#${rgb.map(hex2).join("")}`;
  }
  const [h, s, l] = [cssHue(parts[0]!), cssChannel(parts[1]!, 100), cssChannel(parts[2]!, 100)];
  return [h, s, l].some(Number.isNaN) || !parts[1]!.endsWith("%") || !parts[2]!.endsWith("%") ? value : hslToHex(h, s, l);
}
