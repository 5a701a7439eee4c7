/** How a record's values read, per field type (reference §4.3), in the visitor's language. */
import type { CCAFieldValue, FileValue, GeoFeatureCollection } from "@/contracts/cca-data";
import { isOptionType, parseOptionValue, type FieldType } from "@/contracts/template";
import { dateTimeFormat, numberFormat } from "@/shared/format/intl";

export type ValueView =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "html"; html: string }
  | { kind: "files"; files: FileValue[] }
  | { kind: "geometry"; geometry: GeoFeatureCollection };

const isHttp = (text: string) => /^https?:\/\/\S+$/i.test(text);

export function formatNumber(value: number, lang: string): string {
  return numberFormat(lang, { maximumFractionDigits: 4 }).format(value);
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function toDate(value: unknown): Date | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: unknown, lang: string): string | null {
  const date = toDate(value);
  return date ? dateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(date) : null;
}

function formatYear(value: unknown, lang: string): string | null {
  const n = toNumber(value);
  if (n !== null && n >= 1 && n <= 9999 && Number.isInteger(n)) return numberFormat(lang, { useGrouping: false }).format(n);
  const date = toDate(value);
  return date ? numberFormat(lang, { useGrouping: false }).format(date.getUTCFullYear()) : null;
}

/** A range "a – b"; one open end reads "≥ a" / "≤ b". */
function formatRange(value: unknown, one: (v: unknown) => string | null): string | null {
  if (!Array.isArray(value)) return one(value);
  const [a, b] = value.map((v) => (v === null || v === undefined || v === "" ? null : one(v)));
  if (a && b) return a === b ? a : `${a} – ${b}`;
  if (a) return `≥ ${a}`;
  if (b) return `≤ ${b}`;
  return null;
}

interface StoredOption {
  label?: unknown;
  value?: unknown;
  /** The parent's name in the language of the read (the platform adds it to grouped options). */
  parentLabel?: unknown;
}

const trimmed = (text: unknown) => (typeof text === "string" ? text.trim() : "");

/**
 * An option as records store it (`{valueId, label, value}`) reads "Parent → Child", both in the
 * language of the read; an "Others" option reads the text its contributor typed (its label).
 */
export function optionText(option: unknown): string | null {
  if (typeof option === "string") return option.trim() ? parseOptionText(option, "", "") : null;
  if (!option || typeof option !== "object") return null;
  const { label, value, parentLabel } = option as StoredOption;
  const labelText = trimmed(label);
  const valueText = typeof value === "string" ? value : "";
  if (!valueText) return labelText || null;
  return parseOptionText(valueText, labelText, trimmed(parentLabel));
}

function parseOptionText(value: string, label: string, parentLabel: string): string {
  const { parent, child } = parseOptionValue(value);
  const own = label || child;
  return parent === null ? own : `${parentLabel || parent} → ${own}`;
}

/** The options of a value (one or many). */
function optionList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map(optionText).filter((t): t is string => Boolean(t));
}

function isFile(value: unknown): value is FileValue {
  return !!value && typeof value === "object" && typeof (value as FileValue).path === "string";
}

function isGeometry(value: unknown): value is GeoFeatureCollection {
  return !!value && typeof value === "object" && (value as GeoFeatureCollection).type === "FeatureCollection" && Array.isArray((value as GeoFeatureCollection).features);
}

/** What one stored value shows as. */
export function describeValue(type: FieldType, value: unknown, lang: string): ValueView {
  const empty: ValueView = { kind: "empty" };
  if (value === null || value === undefined || value === "") return empty;
  if (isOptionType(type)) {
    const items = optionList(value);
    if (items.length === 0) return empty;
    if (items.length === 1 && isHttp(items[0]!)) return { kind: "link", href: items[0]!, text: items[0]! };
    return { kind: "text", text: items.join(", ") };
  }
  switch (type) {
    case "TEXT":
    case "TEXT_AREA": {
      const text = typeof value === "string" ? value.trim() : String(value);
      if (!text) return empty;
      return isHttp(text) ? { kind: "link", href: text, text } : { kind: "text", text };
    }
    case "RICHTEXT":
      return typeof value === "string" && value.replace(/<[^>]*>/g, "").trim() ? { kind: "html", html: value } : empty;
    case "NUMBER":
    case "NUMBER_RANGE": {
      const text = formatRange(value, (v) => {
        const n = toNumber(v);
        return n === null ? null : formatNumber(n, lang);
      });
      return text ? { kind: "text", text } : empty;
    }
    case "DATE":
    case "DATE_RANGE": {
      const text = formatRange(value, (v) => formatDate(v, lang));
      return text ? { kind: "text", text } : empty;
    }
    case "YEAR": {
      const text = formatRange(value, (v) => formatYear(v, lang));
      return text ? { kind: "text", text } : empty;
    }
    case "FILE": {
      const files = (Array.isArray(value) ? value : [value]).filter(isFile);
      return files.length > 0 ? { kind: "files", files } : empty;
    }
    case "GEOMETRY":
      return isGeometry(value) && value.features.some((f) => f.geometry) ? { kind: "geometry", geometry: value } : empty;
    default:
      return empty;
  }
}

/** A value as one line of text (cards, summaries, titles); null when it has none. */
export function valueText(field: Pick<CCAFieldValue, "type" | "value">, lang: string): string | null {
  const view = describeValue(field.type, field.value, lang);
  return view.kind === "text" || view.kind === "link" ? view.text : null;
}

/** A record's title: its title values joined (", "), or null. */
export function recordTitle(titlesValues: readonly CCAFieldValue[], lang: string): string | null {
  const parts = titlesValues.map((v) => valueText(v, lang)).filter((t): t is string => Boolean(t));
  return parts.length > 0 ? parts.join(", ") : null;
}

// ── Files ────────────────────────────────────────────────────────────────────────────────────────

export type MediaKind = "image" | "video" | "audio" | "unsupported";

/** A file's media kind: its recorded type, else its extension. */
export function mediaKind(file: FileValue): MediaKind {
  const type = file.type?.toLowerCase();
  if (type === "image" || type === "video" || type === "audio") return type;
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(file.path)?.[1]?.toLowerCase() ?? "";
  if (["jpg", "jpeg", "png", "webp", "gif", "svg"].includes(ext)) return "image";
  if (["mp4", "mov", "webm"].includes(ext)) return "video";
  if (["mp3", "wav", "ogg", "m4a"].includes(ext)) return "audio";
  return "unsupported";
}

/** A thumbnail of an image file: the files service's crop of its raw address, `h` pixels high. */
export function cropUrl(path: string, height: number): string {
  const crop = path.replace("/get/raw/", "/get/crop/");
  return `${crop}${crop.includes("?") ? "&" : "?"}h=${height}`;
}

/** The file's own name (last path segment), for alt texts and links. */
export function fileName(path: string): string {
  const name = path.split(/[?#]/)[0]!.split("/").pop() ?? path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
