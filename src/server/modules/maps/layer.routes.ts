/**
 * nakshaIntegrator-api map layers (reference §3.9): `layer/all`, `layer/onClick/{layerName}`,
 * `layer/upload` (admins), `layer/active/{id}` and `layer/pending/{id}` (publish / unpublish, admins),
 * `DELETE layer/{id}` (admins), `layer/download` (by the layer's download access, logged), and what
 * GeoServer served in the reference: vector tiles `layer/tiles/{layerName}/{z}/{x}/{y}.pbf` and the image
 * of a raster layer `layer/image/{layerName}.png`.
 */
import { FORM_ERRORS } from "@/contracts/field-errors";
import { DOWNLOAD_FORMATS, LAYER_UPLOAD_MAX_BYTES, type DownloadFormat, type LayerOnClick, type LayerPreview } from "@/contracts/naksha-layer";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { optionalAccount, requireAdminAccount, type Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { readMultipart } from "../../infra/http/multipart";
import { parseCount, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { readLayerFiles, type UploadedFile } from "./layer-read";
import { layerDownload } from "./layer-download";
import { readRaster, rasterKey } from "./layer-raster";
import { forgetLayerTiles, isTileAddress, layerTile, tileColumns } from "./layer-tiles";
import {
  deleteLayer,
  findFeature,
  findLayerById,
  findLayerByName,
  insertFeatures,
  insertLayer,
  layerFeatures,
  listDownloads,
  listLayers,
  logDownload,
  setLayerStatus,
  type LayerRow,
} from "./layer.repository";
import { buildLegend, canDownload, canSee, checkMetadata, DEFAULT_LAYER_COLOR, previewShapes, resolveColumns, toNakshaLayer } from "./layer.service";

interface LayerUpload {
  metadata: unknown;
  files: UploadedFile[];
}

const MAX_FILES = 30;

/** The multipart body: `metadata` (a JSON field or file) and the layer's files, each named by its extension or file name. */
async function parseUpload(ctx: RequestContext, needMetadata = true): Promise<LayerUpload> {
  const body = await readMultipart(ctx, {
    notMultipart: 'Send the layer as multipart/form-data: the part "metadata" and the files',
    limits: { fileSize: LAYER_UPLOAD_MAX_BYTES, files: MAX_FILES + 1, fields: 20, fieldSize: 256 * 1024 },
    maxTotalBytes: {
      max: LAYER_UPLOAD_MAX_BYTES,
      error: () => new AppError("PAYLOAD_TOO_LARGE", `A layer's files may be at most ${LAYER_UPLOAD_MAX_BYTES / 1024 / 1024} MB together`),
    },
    tooManyFiles: () => new AppError("BAD_REQUEST", `Send at most ${MAX_FILES} files for one layer`, { files: FORM_ERRORS.invalid }),
  });
  const metadataFile = body.files.find((f) => f.field === "metadata");
  const metadataText = body.fields.metadata ?? metadataFile?.data.toString("utf8") ?? null;
  const files: UploadedFile[] = body.files
    .filter((f) => f !== metadataFile)
    .map((f) => ({ name: f.fileName.includes(".") ? f.fileName : `${f.field}.${f.field}`, data: f.data }));
  if (metadataText === null) {
    if (!needMetadata) return { metadata: undefined, files };
    throw new AppError("BAD_REQUEST", 'Send the layer\'s metadata as the multipart part "metadata" (JSON)', { metadata: FORM_ERRORS.required });
  }
  try {
    return { metadata: JSON.parse(metadataText) as unknown, files };
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The part "metadata" is not valid JSON (${(error as Error).message})`, { metadata: FORM_ERRORS.invalid });
  }
}

/** A layer by numeric id or machine name, as the caller may see it; 404 otherwise (an unpublished layer is not disclosed). */
async function layerFor(ctx: RequestContext, ref: string, caller: Account | null): Promise<LayerRow> {
  const row = /^\d{1,12}$/.test(ref) ? await findLayerById(ctx.deps.db, Number(ref)) : await findLayerByName(ctx.deps.db, ref);
  if (!row || !canSee(row, caller)) throw new AppError("NOT_FOUND", `No layer "${ref}"`);
  return row;
}

const NO_STORE = { "cache-control": "no-store" };

async function upload(ctx: RequestContext) {
  const account = await requireAdminAccount(ctx);
  const { metadata, files } = await parseUpload(ctx);
  const meta = checkMetadata(metadata);
  const data = await readLayerFiles(files, { encoding: meta.encoding });
  const db = ctx.deps.db;

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
      await ctx.deps.fileStore.put(key, raster.png);
      await tx.query(`update naksha_layer set raster_path = $2 where id = $1`, [Number(inserted.id), key.slice(key.lastIndexOf("/") + 1)]);
      return inserted;
    });
    invalidateCache(CACHE_KEYS.layers);
    return json(toNakshaLayer(row, account), 201, NO_STORE);
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
  return json(toNakshaLayer(row, account), 201, NO_STORE);
}

async function publish(ctx: RequestContext, status: "ACTIVE" | "PENDING") {
  const account = await requireAdminAccount(ctx);
  const row = await layerFor(ctx, ctx.params.id!, account);
  await setLayerStatus(ctx.deps.db, Number(row.id), status);
  invalidateCache(CACHE_KEYS.layers);
  return json(toNakshaLayer({ ...row, status }, account), 200, NO_STORE);
}

function parseFormat(value: unknown): DownloadFormat {
  if (value === undefined || value === null || value === "") return "geojson";
  const f = String(value).toLowerCase();
  const normal = f === "shapefile" || f === "zip" ? "shp" : f === "json" ? "geojson" : f;
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(normal)) {
    throw new AppError("BAD_REQUEST", `format must be geojson, shp or csv (got "${f}")`, { format: FORM_ERRORS.invalid });
  }
  return normal as DownloadFormat;
}

async function download(ctx: RequestContext) {
  const body = readJsonBody(ctx);
  const caller = await optionalAccount(ctx);
  const name = typeof body.layerName === "string" ? body.layerName.trim() : "";
  if (!name) throw new AppError("BAD_REQUEST", "layerName is required", { layerName: FORM_ERRORS.required });
  const format = parseFormat(body.format ?? queryValue(ctx.request.query, "format"));
  const row = await layerFor(ctx, name, caller);
  if (!canDownload(row, caller)) {
    if (!caller) throw new AppError("UNAUTHORIZED", "Sign in to download this layer");
    throw new AppError("FORBIDDEN", row.download_access === "PRIVATE" ? "Only administrators may download this layer" : "You may not download this layer");
  }
  if (row.kind === "RASTER") throw new AppError("BAD_REQUEST", "Raster layers are not offered for download", { layerName: "map:errors.raster_download" });
  const all = row.columns.map((c) => c.name);
  const requested = Array.isArray(body.attributeList) ? body.attributeList.filter((c): c is string => typeof c === "string") : [];
  const unknown = requested.filter((c) => !all.includes(c));
  if (unknown.length > 0) throw new AppError("BAD_REQUEST", `attributeList names columns the layer does not have: ${unknown.join(", ")}`, { attributeList: "map:errors.unknown_column" });
  const columns = requested.length > 0 ? requested : all;
  const rows = await layerFeatures(ctx.deps.db, Number(row.id));
  const file = await layerDownload(row, rows, columns, format);
  await logDownload(ctx.deps.db, row, caller?.id ?? null, format);
  return {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
    body: file.body,
  };
}

const TILE_Y = /^(\d{1,8})\.(pbf|mvt)$/;

async function tile(ctx: RequestContext) {
  const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
  const row = await layerFor(ctx, ctx.params.layerName!, caller);
  const y = TILE_Y.exec(ctx.params.y!);
  const z = Number(ctx.params.z);
  const x = Number(ctx.params.x);
  if (!y || !/^\d{1,2}$/.test(ctx.params.z!) || !/^\d{1,8}$/.test(ctx.params.x!) || !isTileAddress(z, x, Number(y[1]))) {
    throw new AppError("NOT_FOUND", `No tile ${ctx.params.z}/${ctx.params.x}/${ctx.params.y}`);
  }
  if (row.kind !== "VECTOR") throw new AppError("NOT_FOUND", `Layer "${row.name}" is a raster layer: it has no vector tiles`);
  const { data, cached } = await layerTile(ctx.deps.db, row, z, x, Number(y[1]));
  const cache = row.status === "ACTIVE" ? "public, max-age=3600" : "private, no-store";
  return { status: 200, headers: { "content-type": "application/vnd.mapbox-vector-tile", "cache-control": cache, "x-tile-cache": cached ? "hit" : "miss" }, body: data };
}

export function registerLayerRoutes(router: Router): void {
  router.get("nakshaIntegrator", "/layer/all", async (ctx) => {
    const caller = await optionalAccount(ctx);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 500, 1000);
    const rows = await listLayers(ctx.deps.db, Boolean(caller?.isAdmin), limit);
    return json(rows.map((r) => toNakshaLayer(r, caller)), 200, { "cache-control": caller ? "private, no-store" : "public, max-age=60" });
  });

  router.get("nakshaIntegrator", "/layer/onClick/:layerName", async (ctx) => {
    const caller = await optionalAccount(ctx);
    const row = await layerFor(ctx, ctx.params.layerName!, caller);
    const answer: LayerOnClick = {
      layerName: row.name,
      styles: [{ styleName: `${row.name}_default`, styleTitle: row.color_by ? `By ${row.color_by}` : "Default" }],
      titleColumn: row.title_column,
      summaryColumn: row.summary_columns,
      colorBy: row.color_by,
      legend: row.legend,
    };
    return json(answer, 200, NO_STORE);
  });

  /**
   * One feature's attributes: all of them for those who may download the layer; for the others only the
   * columns the map shows everyone in the layer's tiles (title, summary, colour-by; `restricted: true`),
   * as the layer's download access guards its attribute table (issue 27 item 15).
   */
  router.get("nakshaIntegrator", "/layer/feature/:layerName/:featureId", async (ctx) => {
    const caller = await optionalAccount(ctx);
    const row = await layerFor(ctx, ctx.params.layerName!, caller);
    const id = /^\d{1,9}$/.test(ctx.params.featureId!) ? Number(ctx.params.featureId) : NaN;
    const feature = Number.isFinite(id) ? await findFeature(ctx.deps.db, Number(row.id), id) : null;
    if (!feature) throw new AppError("NOT_FOUND", `Layer "${row.name}" has no feature ${ctx.params.featureId}`);
    const complete = canDownload(row, caller);
    const properties = complete ? feature.properties : Object.fromEntries(tileColumns(row).filter((c) => c in feature.properties).map((c) => [c, feature.properties[c]]));
    return json({ layerName: row.name, featureId: feature.feature_id, properties, restricted: !complete }, 200, NO_STORE);
  });

  router.post("nakshaIntegrator", "/layer/upload", upload);

  /** The upload wizard's look before saving: what the files hold (nothing stored). Administrators. */
  router.post("nakshaIntegrator", "/layer/preview", async (ctx) => {
    await requireAdminAccount(ctx);
    const { files } = await parseUpload(ctx, false);
    const data = await readLayerFiles(files);
    if (data.kind === "RASTER") {
      const raster = await readRaster(data.tif);
      const answer: LayerPreview = { kind: "RASTER", layerType: "RASTER", featureCount: 0, columns: [], bbox: raster.bbox, rows: [], shapes: { type: "FeatureCollection", features: [] }, shapesShown: 0 };
      return json(answer, 200, NO_STORE);
    }
    const { shapes, shown } = previewShapes(data.features);
    const answer: LayerPreview = {
      kind: "VECTOR",
      layerType: data.layerType,
      featureCount: data.features.length,
      columns: data.columns,
      bbox: data.bbox,
      rows: data.features.slice(0, 20).map((f) => f.properties),
      shapes,
      shapesShown: shown,
    };
    return json(answer, 200, NO_STORE);
  });
  router.put("nakshaIntegrator", "/layer/active/:id", (ctx) => publish(ctx, "ACTIVE"));
  router.put("nakshaIntegrator", "/layer/pending/:id", (ctx) => publish(ctx, "PENDING"));

  router.delete("nakshaIntegrator", "/layer/:id", async (ctx) => {
    const account = await requireAdminAccount(ctx);
    const row = await layerFor(ctx, ctx.params.id!, account);
    await deleteLayer(ctx.deps.db, Number(row.id));
    forgetLayerTiles(Number(row.id));
    if (row.raster_path) await ctx.deps.fileStore.delete(rasterKey(row.name));
    invalidateCache(CACHE_KEYS.layers);
    return json(toNakshaLayer(row, account), 200, NO_STORE);
  });

  router.post("nakshaIntegrator", "/layer/download", download);

  router.get("nakshaIntegrator", "/layer/download/logs", async (ctx) => {
    await requireAdminAccount(ctx);
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 50, 200);
    const rows = await listDownloads(ctx.deps.db, offset, limit);
    return json(
      rows.map((r) => ({
        id: Number(r.id),
        layerId: r.layer_id === null ? null : Number(r.layer_id),
        layerName: r.layer_name,
        userId: r.user_id,
        userName: r.user_name,
        format: r.format,
        createdOn: new Date(r.created_on).toISOString(),
      })),
      200,
      NO_STORE,
    );
  });

  router.get("nakshaIntegrator", "/layer/tiles/:layerName/:z/:x/:y", tile);

  router.get("nakshaIntegrator", "/layer/image/:file", async (ctx) => {
    const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
    const match = /^(.+)\.png$/.exec(ctx.params.file!);
    if (!match) throw new AppError("NOT_FOUND", "No such image");
    const row = await layerFor(ctx, match[1]!, caller);
    if (row.kind !== "RASTER" || !row.raster_path) throw new AppError("NOT_FOUND", `Layer "${row.name}" has no image`);
    const data = await ctx.deps.fileStore.read(rasterKey(row.name));
    if (!data) throw new AppError("NOT_FOUND", `The image of layer "${row.name}" is missing from the files store`);
    return { status: 200, headers: { "content-type": "image/png", "cache-control": row.status === "ACTIVE" ? "public, max-age=3600" : "private, no-store" }, body: data };
  });
}
