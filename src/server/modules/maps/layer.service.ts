/**
 * Map layers (nakshaIntegrator-api, reference §3.9): the upload's metadata checked against the file's
 * attributes, a legend from the colour-by column, the shape every read answers with, and who may see
 * and download a layer.
 */
import { FORM_ERRORS } from "@/contracts/field-errors";
import { layerMetadataSchema } from "@/contracts/layer.schema";
import {
  layerImageUrl,
  layerThumbnailPath,
  layerTileUrl,
  type DownloadAccess,
  type LayerColumn,
  type LayerType,
  type LegendEntry,
  type NakshaLayer,
  type PreviewShapes,
} from "@/contracts/naksha-layer";
import type { Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import type { LayerRow } from "./layer.repository";
import type { VectorLayerData } from "./layer-read";

/** Colours of a categorical legend (Okabe–Ito, told apart by colour-blind readers), then grey for the rest. */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"];
const OTHER_COLOR = "#999999";
/** A sequential ramp for numbers (light to dark). */
const RAMP = ["#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#08519c"];
export const DEFAULT_LAYER_COLOR = "#2b6cb0";

export interface CheckedMetadata {
  title: string;
  description: string;
  attribution: string;
  license: string;
  tags: string[];
  url: string | null;
  pdfLink: string | null;
  layerType: LayerType | null;
  titleColumn: string | null;
  summaryColumns: string[];
  colorBy: string | null;
  downloadAccess: DownloadAccess;
  columnDescriptions: Record<string, string>;
  encoding: string | undefined;
}

/** Reads the metadata part (a JSON object) by the layer contract; 400 VALIDATION_FAILED naming every wrong field. Columns are checked later, against the file. */
export async function checkMetadata(raw: unknown): Promise<CheckedMetadata> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new AppError("BAD_REQUEST", 'Send the layer\'s metadata as the multipart part "metadata" (a JSON object)', { metadata: FORM_ERRORS.required });
  }
  const m = await validateWith(layerMetadataSchema, raw);
  return {
    title: m.layerName,
    description: m.layerDescription,
    attribution: m.attribution,
    license: m.license,
    tags: m.tags,
    url: m.url,
    pdfLink: m.pdfLink,
    layerType: m.layerType,
    titleColumn: m.titleColumn,
    summaryColumns: m.summaryColumns,
    colorBy: m.colorBy,
    downloadAccess: m.downloadAccess,
    columnDescriptions: m.layerColumnDescription,
    encoding: m.layerFileDescription.encoding,
  };
}

/**
 * Matches the metadata's columns to the file's attributes (regardless of case: the reference lower-cases
 * summary columns) and returns their real names; 400 naming a column the file does not have.
 */
export function resolveColumns(meta: CheckedMetadata, columns: LayerColumn[]): Pick<CheckedMetadata, "titleColumn" | "summaryColumns" | "colorBy"> {
  const errors: Record<string, string> = {};
  const reasons: string[] = [];
  const available = columns.map((c) => c.name);
  const find = (field: string, name: string): string | null => {
    const hit = available.find((c) => c === name) ?? available.find((c) => c.toLowerCase() === name.toLowerCase());
    if (!hit) {
      errors[field] ??= "map:errors.unknown_column";
      reasons.push(`${field}: the file has no attribute "${name}" (it has ${available.join(", ") || "none"})`);
      return null;
    }
    return hit;
  };
  const titleColumn = meta.titleColumn ? find("titleColumn", meta.titleColumn) : null;
  const summaryColumns = [...new Set(meta.summaryColumns.map((c) => find("summaryColumns", c)).filter((c): c is string => c !== null))];
  const colorBy = meta.colorBy ? find("colorBy", meta.colorBy) : null;
  if (summaryColumns.length > 20) {
    errors.summaryColumns ??= "map:errors.too_many_columns";
    reasons.push("summaryColumns: at most 20");
  }
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION_FAILED", `The layer's columns do not match its file: ${reasons.join("; ")}`, errors);
  return { titleColumn, summaryColumns, colorBy };
}

/** The legend of the colour-by column: up to 8 categories (the rest "Other"), or 5 classes of equal counts for numbers. */
export function buildLegend(data: VectorLayerData, colorBy: string | null): LegendEntry[] {
  if (!colorBy) return [];
  const column = data.columns.find((c) => c.name === colorBy);
  const values = data.features.map((f) => f.properties[colorBy]).filter((v) => v !== null && v !== undefined);
  if (values.length === 0) return [];
  if (column?.type === "number") {
    const sorted = (values as number[]).slice().sort((a, b) => a - b);
    const breaks = [...new Set([0, 1, 2, 3, 4].map((i) => sorted[Math.floor((i * sorted.length) / 5)]!))];
    const top = sorted[sorted.length - 1]!;
    return breaks.map((from, i) => {
      const to = breaks[i + 1];
      const color = RAMP[Math.round((i * (RAMP.length - 1)) / Math.max(1, breaks.length - 1))]!;
      return to === undefined
        ? { value: from, label: from === top ? `${from}` : `${from} – ${top}`, color }
        : { value: from, max: to, label: `${from} – < ${to}`, color };
    });
  }
  const counts = new Map<string, number>();
  for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const legend: LegendEntry[] = ranked.slice(0, PALETTE.length).map(([value], i) => ({ value, label: value, color: PALETTE[i]! }));
  if (ranked.length > PALETTE.length) legend.push({ value: null, label: "Other", color: OTHER_COLOR });
  return legend;
}

/** Whether `caller` may download a layer of this access (and status). */
export function canDownload(layer: Pick<LayerRow, "download_access" | "status">, caller: Account | null): boolean {
  if (caller?.isAdmin) return true;
  if (layer.status !== "ACTIVE") return false;
  if (layer.download_access === "ALL") return true;
  if (layer.download_access === "GROUP") return caller !== null;
  return false;
}

/** A layer visible to the caller: published, or any for administrators. */
export function canSee(layer: Pick<LayerRow, "status">, caller: Account | null): boolean {
  return layer.status === "ACTIVE" || Boolean(caller?.isAdmin);
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toNakshaLayer(row: LayerRow, caller: Account | null): NakshaLayer {
  const bbox = row.min_lon === null || row.min_lat === null || row.max_lon === null || row.max_lat === null ? null : ([row.min_lon, row.min_lat, row.max_lon, row.max_lat] as [number, number, number, number]);
  return {
    id: Number(row.id),
    name: row.name,
    title: row.title,
    description: row.description,
    attribution: row.attribution,
    license: row.license,
    tags: row.tags,
    url: row.url,
    pdfLink: row.pdf_link,
    layerType: row.layer_type,
    titleColumn: row.title_column,
    summaryColumns: row.summary_columns,
    colorBy: row.color_by,
    columns: row.columns,
    columnDescriptions: row.column_descriptions,
    legend: row.legend,
    color: row.color,
    downloadAccess: row.download_access,
    status: row.status,
    featureCount: row.feature_count,
    bbox,
    createdBy: row.created_by,
    createdOn: iso(row.created_on),
    thumbnail: layerThumbnailPath(row.name),
    tileUrl: row.kind === "VECTOR" ? layerTileUrl(row.name) : null,
    imageUrl: row.kind === "RASTER" ? layerImageUrl(row.name) : null,
    canDownload: canDownload(row, caller),
  };
}

/** Corners the upload preview sends at most (a few hundred kB of JSON, drawn at once by the map). */
export const PREVIEW_MAX_POSITIONS = 50_000;

function positionCount(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  if (typeof value[0] === "number") return 1;
  let n = 0;
  for (const item of value) n += positionCount(item);
  return n;
}

/** The shapes of the upload preview: whole features in file order until `maxPositions` corners, without attributes. */
export function previewShapes(features: VectorLayerData["features"], maxPositions = PREVIEW_MAX_POSITIONS): { shapes: PreviewShapes; shown: number } {
  const shapes: PreviewShapes = { type: "FeatureCollection", features: [] };
  let used = 0;
  for (const feature of features) {
    const geometry = feature.geometry as { type: string; coordinates?: unknown; geometries?: Array<{ coordinates?: unknown }> };
    const n = geometry.coordinates !== undefined ? positionCount(geometry.coordinates) : (geometry.geometries ?? []).reduce((sum, g) => sum + positionCount(g.coordinates), 0);
    if (used + n > maxPositions && shapes.features.length > 0) break;
    used += n;
    shapes.features.push({ type: "Feature", properties: null, geometry });
  }
  return { shapes, shown: shapes.features.length };
}
