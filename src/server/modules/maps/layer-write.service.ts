/**
 * The writes of map layers (administrators; the routes check the role): upload (a vector layer's
 * features or a raster layer's image), publish / unpublish, delete; and the upload wizard's preview,
 * which stores nothing. Every write invalidates `CACHE_KEYS.layers`.
 */
import type { LayerPreview, NakshaLayer } from "@/contracts/naksha-layer";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { readLayerFiles, type UploadedFile } from "./layer-read";
import { readRaster, rasterKey } from "./layer-raster";
import { forgetLayerTiles } from "./layer-tiles";
import { deleteLayer, insertFeatures, insertLayer, setLayerStatus, setRasterPath } from "./layer.repository";
import { findVisibleLayer } from "./layer-query.service";
import { buildLegend, checkMetadata, DEFAULT_LAYER_COLOR, previewShapes, resolveColumns, toNakshaLayer } from "./layer.service";

export interface LayerUpload {
  metadata: unknown;
  files: UploadedFile[];
}

/** Stores an uploaded layer (pending until published) and answers it. */
export async function createLayer(deps: PlatformDeps, account: Account, { metadata, files }: LayerUpload): Promise<NakshaLayer> {
  const meta = await checkMetadata(metadata);
  const data = await readLayerFiles(files, { encoding: meta.encoding });
  const db = deps.db;

  if (data.kind === "RASTER") {
    const raster = await readRaster(data.tif);
    const row = await db.transaction(async (tx) => {
      const inserted = await insertLayer(tx, {
        title: meta.title,
        description: meta.description,
        attribution: meta.attribution,
        license: meta.license,
        tags: meta.tags,
        url: meta.url,
        pdf_link: meta.pdfLink,
        kind: "RASTER",
        layer_type: "RASTER",
        title_column: null,
        summary_columns: [],
        color_by: null,
        columns: [],
        column_descriptions: {},
        legend: [],
        color: DEFAULT_LAYER_COLOR,
        download_access: meta.downloadAccess,
        feature_count: 0,
        min_lon: raster.bbox[0],
        min_lat: raster.bbox[1],
        max_lon: raster.bbox[2],
        max_lat: raster.bbox[3],
        raster_path: null,
        created_by: account.id,
      });
      const key = rasterKey(inserted.name);
      await deps.fileStore.put(key, raster.png);
      await setRasterPath(tx, Number(inserted.id), key.slice(key.lastIndexOf("/") + 1));
      return inserted;
    });
    invalidateCache(CACHE_KEYS.layers);
    return toNakshaLayer(row, account);
  }

  if (meta.layerType === "RASTER") {
    throw new AppError("VALIDATION_FAILED", "layerType RASTER needs a GeoTIFF; these files are a vector layer", { layerType: "map:errors.type_mismatch" });
  }
  const columns = resolveColumns(meta, data.columns);
  const legend = buildLegend(data, columns.colorBy);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertLayer(tx, {
      title: meta.title,
      description: meta.description,
      attribution: meta.attribution,
      license: meta.license,
      tags: meta.tags,
      url: meta.url,
      pdf_link: meta.pdfLink,
      kind: "VECTOR",
      layer_type: data.layerType,
      title_column: columns.titleColumn,
      summary_columns: columns.summaryColumns,
      color_by: columns.colorBy,
      columns: data.columns,
      column_descriptions: Object.fromEntries(Object.entries(meta.columnDescriptions).filter(([k]) => data.columns.some((c) => c.name === k))),
      legend,
      color: DEFAULT_LAYER_COLOR,
      download_access: meta.downloadAccess,
      feature_count: data.features.length,
      min_lon: data.bbox[0],
      min_lat: data.bbox[1],
      max_lon: data.bbox[2],
      max_lat: data.bbox[3],
      raster_path: null,
      created_by: account.id,
    });
    await insertFeatures(tx, Number(inserted.id), data.features);
    return inserted;
  });
  invalidateCache(CACHE_KEYS.layers);
  return toNakshaLayer(row, account);
}

/** What uploaded files hold, for the wizard's look before saving (nothing stored). */
export async function previewLayer(files: UploadedFile[]): Promise<LayerPreview> {
  const data = await readLayerFiles(files);
  if (data.kind === "RASTER") {
    const raster = await readRaster(data.tif);
    return { kind: "RASTER", layerType: "RASTER", featureCount: 0, columns: [], bbox: raster.bbox, rows: [], shapes: { type: "FeatureCollection", features: [] }, shapesShown: 0 };
  }
  const { shapes, shown } = previewShapes(data.features);
  return {
    kind: "VECTOR",
    layerType: data.layerType,
    featureCount: data.features.length,
    columns: data.columns,
    bbox: data.bbox,
    rows: data.features.slice(0, 20).map((f) => f.properties),
    shapes,
    shapesShown: shown,
  };
}

/** Publishes (`ACTIVE`) or unpublishes (`PENDING`) the layer `ref` (id or name). */
export async function setLayerPublished(deps: PlatformDeps, account: Account, ref: string, status: "ACTIVE" | "PENDING"): Promise<NakshaLayer> {
  const row = await findVisibleLayer(deps.db, ref, account);
  await setLayerStatus(deps.db, Number(row.id), status);
  invalidateCache(CACHE_KEYS.layers);
  return toNakshaLayer({ ...row, status }, account);
}

/** Deletes the layer `ref` with its features, cached tiles and image; answers it as it was. */
export async function removeLayer(deps: PlatformDeps, account: Account, ref: string): Promise<NakshaLayer> {
  const row = await findVisibleLayer(deps.db, ref, account);
  await deleteLayer(deps.db, Number(row.id));
  forgetLayerTiles(Number(row.id));
  if (row.raster_path) await deps.fileStore.delete(rasterKey(row.name));
  invalidateCache(CACHE_KEYS.layers);
  return toNakshaLayer(row, account);
}
