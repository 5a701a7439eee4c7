/**
 * The map layer contract (nakshaIntegrator-api `layer/upload`, part `metadata`), for both sides: the
 * upload screen checks its form with it before sending, the platform checks the part with `validateWith`
 * (400 VALIDATION_FAILED, one translation key per field). The schema also normalises what the reference's
 * clients send: texts trimmed (numbers read as text), licence and layer type aliases, tags and summary
 * columns from a comma-separated string, defaults `UNSPECIFIED` and `ALL`. The columns are checked
 * against the file by the platform, once the file is read.
 */
import { LICENSE_LIST } from "@/shared/licenses";
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError } from "./field-errors";
import { DOWNLOAD_ACCESS, LAYER_TYPES, type DownloadAccess, type LayerType } from "./naksha-layer";

export const LAYER_TITLE_MAX = 200;
export const LAYER_DESCRIPTION_MAX = 5000;
export const LAYER_ATTRIBUTION_MAX = 500;
export const LAYER_LINK_MAX = 1000;
export const LAYER_MAX_TAGS = 20;
export const LAYER_TAG_MAX = 50;
/** Longer column descriptions are cut to this length (not refused). */
export const LAYER_COLUMN_DESCRIPTION_MAX = 1000;
export const DEFAULT_LAYER_LICENSE = "UNSPECIFIED";

export const LAYER_MSG = {
  required: FORM_ERRORS.required,
  invalid: FORM_ERRORS.invalid,
  tooManyTags: "map:errors.too_many_tags",
} as const;

/** The layer types the reference's clients write (`Polygon`, `line`, `multi-point`, …) → ours. */
const LAYER_TYPE_ALIASES: Record<string, LayerType> = {
  multipolygon: "MULTIPOLYGON",
  polygon: "MULTIPOLYGON",
  multilinestring: "MULTILINESTRING",
  linestring: "MULTILINESTRING",
  line: "MULTILINESTRING",
  point: "POINT",
  multipoint: "MULTIPOINT",
  raster: "RASTER",
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Text as the reference's clients send it: trimmed; a number is its digits; anything else is "". */
export function layerText(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

/** A list of texts, or one comma-separated text; trimmed, blanks dropped. */
export function layerList(value: unknown): string[] {
  return (Array.isArray(value) ? value.map(layerText) : layerText(value).split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A licence by its id or name, with or without `CC_`, `-` for `_`, any case (`cc-by`, `BY_SA`, `822`); null when none is. */
export function layerLicenseName(value: string): string | null {
  const normal = value.toUpperCase().replace(/-/g, "_");
  return LICENSE_LIST.find((l) => String(l.id) === value || l.name === normal || l.name === `CC_${normal}`)?.name ?? null;
}

/** A layer type by its name or an alias, regardless of case, spaces, `-` and `_`; null when none is. */
export function layerTypeOf(value: string): LayerType | null {
  return LAYER_TYPE_ALIASES[value.toLowerCase().replace(/[\s_-]/g, "")] ?? null;
}

/** An http(s) address. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A trimmed text field (absent is ""). */
const text = () =>
  yup
    .string()
    .transform((_, raw: unknown) => layerText(raw))
    .default("");

/** An http(s) address of at most LAYER_LINK_MAX characters, or none (blank). */
const link = () =>
  yup
    .string()
    .nullable()
    .transform((_, raw: unknown) => layerText(raw) || null)
    .default(null)
    .test("link", LAYER_MSG.invalid, function (value) {
      if (!value) return true;
      if (!isWebAddress(value)) return false;
      return value.length <= LAYER_LINK_MAX || this.createError({ message: maxLengthError(LAYER_LINK_MAX) });
    });

/** A list of texts (or a comma-separated text). */
const list = () =>
  yup
    .array(yup.string().defined())
    .transform((_, raw: unknown) => layerList(raw))
    .default(() => [])
    .defined();

/** The `metadata` part of `layer/upload` (LayerUploadMetadata of contracts/naksha-layer.ts), by the reference's names. */
export const layerMetadataSchema = yup.object({
  layerName: text().max(LAYER_TITLE_MAX, maxLengthError(LAYER_TITLE_MAX)).required(LAYER_MSG.required),
  layerDescription: text().max(LAYER_DESCRIPTION_MAX, maxLengthError(LAYER_DESCRIPTION_MAX)),
  attribution: text().max(LAYER_ATTRIBUTION_MAX, maxLengthError(LAYER_ATTRIBUTION_MAX)),
  license: yup
    .string()
    .transform((_, raw: unknown) => {
      const value = layerText(raw);
      return value === "" ? DEFAULT_LAYER_LICENSE : (layerLicenseName(value) ?? value);
    })
    .default(DEFAULT_LAYER_LICENSE)
    .test("license", LAYER_MSG.invalid, (value) => LICENSE_LIST.some((l) => l.name === value)),
  tags: list().test("tags", LAYER_MSG.tooManyTags, function (tags) {
    if (tags.length > LAYER_MAX_TAGS) return false;
    return !tags.some((t) => t.length > LAYER_TAG_MAX) || this.createError({ message: maxLengthError(LAYER_TAG_MAX) });
  }),
  url: link(),
  pdfLink: link(),
  // Blank is none (the file's own type); a name the aliases do not know is kept, to be refused.
  layerType: yup
    .mixed<LayerType>()
    .nullable()
    .transform((_, raw: unknown) => {
      const value = layerText(raw);
      return value === "" ? null : (layerTypeOf(value) ?? value);
    })
    .default(null)
    .test("layer-type", LAYER_MSG.invalid, (value) => value === null || value === undefined || (LAYER_TYPES as readonly string[]).includes(value)),
  downloadAccess: yup
    .mixed<DownloadAccess>()
    .transform((_, raw: unknown) => layerText(raw).toUpperCase() || "ALL")
    .default("ALL")
    .defined()
    .test("download-access", LAYER_MSG.invalid, (value) => (DOWNLOAD_ACCESS as readonly string[]).includes(value)),
  titleColumn: yup
    .string()
    .nullable()
    .transform((_, raw: unknown) => layerText(raw) || null)
    .default(null),
  summaryColumns: list(),
  colorBy: yup
    .string()
    .nullable()
    .transform((_, raw: unknown) => layerText(raw) || null)
    .default(null),
  /** Descriptions of the file's columns: blank ones dropped, each cut to LAYER_COLUMN_DESCRIPTION_MAX; anything but an object is none. */
  layerColumnDescription: yup
    .mixed<Record<string, string>>()
    .transform((_, raw: unknown) => {
      const descriptions: Record<string, string> = {};
      if (!isRecord(raw)) return descriptions;
      for (const [column, value] of Object.entries(raw)) {
        const description = layerText(value);
        if (description) descriptions[column] = description.slice(0, LAYER_COLUMN_DESCRIPTION_MAX);
      }
      return descriptions;
    })
    .default(() => ({}))
    .defined(),
  /** Only the text encoding of a Shapefile's attributes is read (blank: the file's own). */
  layerFileDescription: yup
    .mixed<{ encoding: string | undefined }>()
    .transform((_, raw: unknown) => ({ encoding: (isRecord(raw) && layerText(raw.encoding)) || undefined }))
    .default(() => ({ encoding: undefined }))
    .defined(),
});

export type LayerMetadataValues = yup.InferType<typeof layerMetadataSchema>;
