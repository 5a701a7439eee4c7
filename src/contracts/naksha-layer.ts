/**
 * Map layers of nakshaIntegrator-api (reference §3.9): what `layer/all` and `layer/onClick/{layerName}`
 * answer, the metadata `layer/upload` reads, and the body of `layer/download`. Pure: no server or
 * browser imports.
 */

export const LAYER_TYPES = ["MULTIPOLYGON", "MULTILINESTRING", "POINT", "MULTIPOINT", "RASTER"] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** Who may download a layer: anyone (ALL), signed-in members (GROUP), administrators (PRIVATE). */
export const DOWNLOAD_ACCESS = ["ALL", "GROUP", "PRIVATE"] as const;
export type DownloadAccess = (typeof DOWNLOAD_ACCESS)[number];

export const LAYER_STATUS = ["ACTIVE", "PENDING"] as const;
export type LayerStatus = (typeof LAYER_STATUS)[number];

export const DOWNLOAD_FORMATS = ["geojson", "shp", "csv"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The largest upload of one layer (all its files together). */
export const LAYER_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** An attribute of a vector layer's features. */
export interface LayerColumn {
  name: string;
  type: "string" | "number" | "boolean";
}

/** One entry of a layer's legend: features whose colour-by value is `value` (a range `[min, max)` for numbers) are drawn in `color`. */
export interface LegendEntry {
  value: string | number | null;
  /** Upper bound (exclusive) of a numeric class; absent for categories. */
  max?: number;
  label: string;
  color: string;
}

/** `GET nakshaIntegrator-api/api/layer/all` items. */
export interface NakshaLayer {
  id: number;
  /** The machine name (`layer/onClick/{layerName}`, tiles, downloads, `?layers=`). */
  name: string;
  title: string;
  description: string;
  attribution: string;
  /** A licence name of `LICENSE_LIST`. */
  license: string;
  tags: string[];
  url: string | null;
  pdfLink: string | null;
  layerType: LayerType;
  titleColumn: string | null;
  summaryColumns: string[];
  colorBy: string | null;
  columns: LayerColumn[];
  columnDescriptions: Record<string, string>;
  legend: LegendEntry[];
  /** The colour of every feature when there is no colour-by column. */
  color: string;
  downloadAccess: DownloadAccess;
  status: LayerStatus;
  featureCount: number;
  /** `[minLon, minLat, maxLon, maxLat]` in WGS 84. */
  bbox: [number, number, number, number] | null;
  createdBy: number | null;
  createdOn: string;
  /**
   * A picture of the layer, relative to the naksha address as in the reference (the original's layer list
   * shows `${NAKSHA}${thumbnail}`): `/layer/thumbnail/{name}.svg`, its kind in its colour.
   */
  thumbnail: string;
  /** Vector tiles, `{z}/{x}/{y}` to fill in (relative to the site); null for raster layers. */
  tileUrl: string | null;
  /** A PNG of a raster layer, drawn over `bbox`; null for vector layers. */
  imageUrl: string | null;
  /** Whether the caller may download it (its download access and the caller's roles). */
  canDownload: boolean;
}

/** `GET nakshaIntegrator-api/api/layer/onClick/{layerName}`. */
export interface LayerOnClick {
  layerName: string;
  styles: Array<{ styleName: string; styleTitle: string }>;
  titleColumn: string | null;
  summaryColumn: string[];
  colorBy: string | null;
  legend: LegendEntry[];
}

/** `layer/upload` part `metadata` (a JSON file or field), the reference's names. */
export interface LayerUploadMetadata {
  layerName: string;
  layerDescription?: string;
  layerType?: string;
  titleColumn?: string;
  /** Comma-separated (the reference lower-cases them) or a list. */
  summaryColumns?: string | string[];
  colorBy?: string;
  attribution?: string;
  url?: string;
  pdfLink?: string;
  tags?: string | string[];
  license?: string | number;
  downloadAccess?: string;
  layerColumnDescription?: Record<string, string>;
  layerFileDescription?: { fileType?: string; encoding?: string };
  createdBy?: string;
  createdDate?: string;
  editAccess?: string;
}

/** `POST nakshaIntegrator-api/api/layer/preview` (the upload wizard): what the files hold, nothing stored. */
export interface LayerPreview {
  kind: "VECTOR" | "RASTER";
  layerType: LayerType;
  featureCount: number;
  columns: LayerColumn[];
  bbox: [number, number, number, number];
  /** The attributes of the first 20 features. */
  rows: Array<Record<string, string | number | boolean | null>>;
  /** The shapes to draw on the preview map: whole features in file order, up to a number of corners (`shapesShown` of `featureCount`). */
  shapes: PreviewShapes;
  shapesShown: number;
}

export interface PreviewShapes {
  type: "FeatureCollection";
  features: Array<{ type: "Feature"; properties: null; geometry: { type: string; coordinates?: unknown; geometries?: unknown } }>;
}

/** `POST nakshaIntegrator-api/api/layer/download`. */
export interface LayerDownloadRequest {
  layerName: string;
  layerTitle?: string;
  /** Columns to keep (all when empty). */
  attributeList?: string[];
  filterArray?: unknown[];
  /** geojson (default), shp (a zipped Shapefile) or csv (attributes and the WKT-free centroid). */
  format?: DownloadFormat;
}

/** The tile address of a layer, as the map asks for it. */
export const layerTileUrl = (name: string) => `/nakshaIntegrator-api/api/layer/tiles/${encodeURIComponent(name)}/{z}/{x}/{y}.pbf`;
/** `NakshaLayer.thumbnail`: relative to `nakshaIntegrator-api/api`, as the reference's. */
export const layerThumbnailPath = (name: string) => `/layer/thumbnail/${encodeURIComponent(name)}.svg`;
export const layerImageUrl = (name: string) => `/nakshaIntegrator-api/api/layer/image/${encodeURIComponent(name)}.png`;

const LAYER_NAME = /^[a-z0-9][a-z0-9_]{0,80}$/;

/** The layers of a `?layers=a,b` address (of /map and of the /data/list map): well-formed names, no repeats, at most 20. */
export function parseLayerList(raw: string | undefined): string[] {
  return [...new Set((raw ?? "").split(",").map((s) => s.trim()).filter((s) => LAYER_NAME.test(s)))].slice(0, 20);
}
