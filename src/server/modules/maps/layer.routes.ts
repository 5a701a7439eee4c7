/**
 * nakshaIntegrator-api map layers (reference §3.9): `layer/all`, `layer/onClick/{layerName}`,
 * `layer/upload` (admins), `layer/active/{id}` and `layer/pending/{id}` (publish / unpublish, admins),
 * `DELETE layer/{id}` (admins), `layer/download` (by the layer's download access, logged), and what
 * GeoServer served in the reference: vector tiles `layer/tiles/{layerName}/{z}/{x}/{y}.pbf` and the image
 * of a raster layer `layer/image/{layerName}.png`; and `layer/thumbnail/{layerName}.svg`, the thumbnail
 * `layer/all` names.
 */
import { FORM_ERRORS } from "@/contracts/field-errors";
import { DOWNLOAD_FORMATS, LAYER_UPLOAD_MAX_BYTES, type DownloadFormat } from "@/contracts/naksha-layer";
import { optionalAccount, requireAdminAccount, type Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { readMultipart } from "../../infra/http/multipart";
import { parseCount, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { takeLayerFiles } from "../uploads/resumable.service";
import type { UploadedFile } from "./layer-read";
import { downloadLayer, downloadLogs, layerFeature, layerOnClick, layerThumbnail, listVisibleLayers, rasterImage, vectorTile } from "./layer-query.service";
import { createLayer, previewLayer, removeLayer, setLayerPublished, type LayerUpload } from "./layer-write.service";

const MAX_FILES = 30;

/**
 * The layer as sent: a multipart body (`metadata`, a JSON field or file, and the layer's files, each
 * named by its extension or file name), or JSON `{metadata, uploads}` naming files sent ahead over the
 * resumable-upload protocol (issue 32 item 4; `release` removes them once the layer is stored).
 */
async function parseUpload(ctx: RequestContext, account: Account, needMetadata = true): Promise<LayerUpload & { release?: () => Promise<void> }> {
  const type = String(ctx.request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    const body = readJsonBody(ctx);
    const { files, release } = await takeLayerFiles(ctx.deps, account, body.uploads, LAYER_UPLOAD_MAX_BYTES);
    if (body.metadata === undefined || body.metadata === null) {
      if (!needMetadata) return { metadata: undefined, files, release };
      throw new AppError("BAD_REQUEST", "Send the layer's metadata as `metadata`", { metadata: FORM_ERRORS.required });
    }
    return { metadata: body.metadata, files, release };
  }
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

const NO_STORE = { "cache-control": "no-store" };

function parseFormat(value: unknown): DownloadFormat {
  if (value === undefined || value === null || value === "") return "geojson";
  const f = String(value).toLowerCase();
  const normal = f === "shapefile" || f === "zip" ? "shp" : f === "json" ? "geojson" : f;
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(normal)) {
    throw new AppError("BAD_REQUEST", `format must be geojson, shp or csv (got "${f}")`, { format: FORM_ERRORS.invalid });
  }
  return normal as DownloadFormat;
}

/** Rules and reads in layer-query.service.ts, writes in layer-write.service.ts. */
export function registerLayerRoutes(router: Router): void {
  router.get("nakshaIntegrator", "/layer/all", async (ctx) => {
    const caller = await optionalAccount(ctx);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 500, 1000);
    return json(await listVisibleLayers(ctx.deps.db, caller, limit), 200, { "cache-control": caller ? "private, no-store" : "public, max-age=60" });
  });

  router.get("nakshaIntegrator", "/layer/onClick/:layerName", async (ctx) => {
    const caller = await optionalAccount(ctx);
    return json(await layerOnClick(ctx.deps.db, ctx.params.layerName!, caller), 200, NO_STORE);
  });

  router.get("nakshaIntegrator", "/layer/feature/:layerName/:featureId", async (ctx) => {
    const caller = await optionalAccount(ctx);
    return json(await layerFeature(ctx.deps.db, ctx.params.layerName!, ctx.params.featureId!, caller), 200, NO_STORE);
  });

  router.post("nakshaIntegrator", "/layer/upload", async (ctx) => {
    const account = await requireAdminAccount(ctx);
    const { release, ...upload } = await parseUpload(ctx, account);
    const layer = await createLayer(ctx.deps, account, upload);
    await release?.();
    return json(layer, 201, NO_STORE);
  });

  /** The upload wizard's look before saving: what the files hold (nothing stored; files sent ahead stay for the upload). Administrators. */
  router.post("nakshaIntegrator", "/layer/preview", async (ctx) => {
    const account = await requireAdminAccount(ctx);
    const { files } = await parseUpload(ctx, account, false);
    return json(await previewLayer(files), 200, NO_STORE);
  });

  for (const [path, status] of [["/layer/active/:id", "ACTIVE"], ["/layer/pending/:id", "PENDING"]] as const) {
    router.put("nakshaIntegrator", path, async (ctx) => {
      const account = await requireAdminAccount(ctx);
      return json(await setLayerPublished(ctx.deps, account, ctx.params.id!, status), 200, NO_STORE);
    });
  }

  router.delete("nakshaIntegrator", "/layer/:id", async (ctx) => {
    const account = await requireAdminAccount(ctx);
    return json(await removeLayer(ctx.deps, account, ctx.params.id!), 200, NO_STORE);
  });

  router.post("nakshaIntegrator", "/layer/download", async (ctx) => {
    const body = readJsonBody(ctx);
    const caller = await optionalAccount(ctx);
    const layerName = typeof body.layerName === "string" ? body.layerName.trim() : "";
    if (!layerName) throw new AppError("BAD_REQUEST", "layerName is required", { layerName: FORM_ERRORS.required });
    const format = parseFormat(body.format ?? queryValue(ctx.request.query, "format"));
    const attributeList = Array.isArray(body.attributeList) ? body.attributeList.filter((c): c is string => typeof c === "string") : [];
    const file = await downloadLayer(ctx.deps.db, caller, { layerName, format, attributeList });
    return {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
      },
      body: file.body,
    };
  });

  router.get("nakshaIntegrator", "/layer/download/logs", async (ctx) => {
    await requireAdminAccount(ctx);
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 50, 200);
    return json(await downloadLogs(ctx.deps.db, offset, limit), 200, NO_STORE);
  });

  router.get("nakshaIntegrator", "/layer/tiles/:layerName/:z/:x/:y", async (ctx) => {
    const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
    const { data, cached, published } = await vectorTile(ctx.deps.db, ctx.params.layerName!, caller, { z: ctx.params.z!, x: ctx.params.x!, y: ctx.params.y! });
    const cache = published ? "public, max-age=3600" : "private, no-store";
    return { status: 200, headers: { "content-type": "application/vnd.mapbox-vector-tile", "cache-control": cache, "x-tile-cache": cached ? "hit" : "miss" }, body: data };
  });

  router.get("nakshaIntegrator", "/layer/thumbnail/:file", async (ctx) => {
    const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
    const match = /^(.+)\.svg$/.exec(ctx.params.file!);
    if (!match) throw new AppError("NOT_FOUND", "No such image");
    const svg = await layerThumbnail(ctx.deps.db, match[1]!, caller);
    const headers = { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" };
    return { status: 200, headers, body: svg };
  });

  router.get("nakshaIntegrator", "/layer/image/:file", async (ctx) => {
    const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
    const match = /^(.+)\.png$/.exec(ctx.params.file!);
    if (!match) throw new AppError("NOT_FOUND", "No such image");
    const { data, published } = await rasterImage(ctx.deps, match[1]!, caller);
    return { status: 200, headers: { "content-type": "image/png", "cache-control": published ? "public, max-age=3600" : "private, no-store" }, body: data };
  });
}
