/**
 * The reads of map layers: the list, one layer's click styles and a feature's attributes, downloads
 * (by the layer's download access, logged), the download log, vector tiles and a raster layer's image.
 * An unpublished layer is seen only by administrators, and is a 404 for everyone else.
 */
import type { DownloadFormat, LayerOnClick, NakshaLayer } from "@/contracts/naksha-layer";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { layerDownload, type DownloadFile } from "./layer-download";
import { rasterKey } from "./layer-raster";
import { isTileAddress, layerTile, tileColumns } from "./layer-tiles";
import { findFeature, findLayerById, findLayerByName, layerFeatures, listDownloads, listLayers, logDownload, type LayerRow } from "./layer.repository";
import { canDownload, canSee, toNakshaLayer } from "./layer.service";

/** A layer by numeric id or machine name, as the caller may see it; 404 otherwise (an unpublished layer is not disclosed). */
export async function findVisibleLayer(db: Queryable, ref: string, caller: Account | null): Promise<LayerRow> {
  const row = /^\d{1,12}$/.test(ref) ? await findLayerById(db, Number(ref)) : await findLayerByName(db, ref);
  if (!row || !canSee(row, caller)) throw new AppError("NOT_FOUND", `No layer "${ref}"`);
  return row;
}

/** Layers newest first: published ones, and pending ones too for administrators. */
export async function listVisibleLayers(db: Queryable, caller: Account | null, limit: number): Promise<NakshaLayer[]> {
  const rows = await listLayers(db, Boolean(caller?.isAdmin), limit);
  return rows.map((r) => toNakshaLayer(r, caller));
}

export async function layerOnClick(db: Queryable, ref: string, caller: Account | null): Promise<LayerOnClick> {
  const row = await findVisibleLayer(db, ref, caller);
  return {
    layerName: row.name,
    styles: [{ styleName: `${row.name}_default`, styleTitle: row.color_by ? `By ${row.color_by}` : "Default" }],
    titleColumn: row.title_column,
    summaryColumn: row.summary_columns,
    colorBy: row.color_by,
    legend: row.legend,
  };
}

export interface FeatureAnswer {
  layerName: string;
  featureId: number;
  properties: Record<string, unknown>;
  restricted: boolean;
}

/**
 * One feature's attributes: all of them for those who may download the layer; for the others only the
 * columns the map shows everyone in the layer's tiles (title, summary, colour-by; `restricted: true`),
 * as the layer's download access guards its attribute table (issue 27 item 15).
 */
export async function layerFeature(db: Queryable, ref: string, featureRef: string, caller: Account | null): Promise<FeatureAnswer> {
  const row = await findVisibleLayer(db, ref, caller);
  const id = /^\d{1,9}$/.test(featureRef) ? Number(featureRef) : NaN;
  const feature = Number.isFinite(id) ? await findFeature(db, Number(row.id), id) : null;
  if (!feature) throw new AppError("NOT_FOUND", `Layer "${row.name}" has no feature ${featureRef}`);
  const complete = canDownload(row, caller);
  const properties = complete ? feature.properties : Object.fromEntries(tileColumns(row).filter((c) => c in feature.properties).map((c) => [c, feature.properties[c]]));
  return { layerName: row.name, featureId: feature.feature_id, properties, restricted: !complete };
}

/** The layer's features as a file (401/403 by its download access; rasters are not offered); the download is logged. */
export async function downloadLayer(
  db: Queryable,
  caller: Account | null,
  request: { layerName: string; format: DownloadFormat; attributeList: string[] },
): Promise<DownloadFile> {
  const row = await findVisibleLayer(db, request.layerName, caller);
  if (!canDownload(row, caller)) {
    if (!caller) throw new AppError("UNAUTHORIZED", "Sign in to download this layer");
    throw new AppError("FORBIDDEN", row.download_access === "PRIVATE" ? "Only administrators may download this layer" : "You may not download this layer");
  }
  if (row.kind === "RASTER") throw new AppError("BAD_REQUEST", "Raster layers are not offered for download", { layerName: "map:errors.raster_download" });
  const all = row.columns.map((c) => c.name);
  const unknown = request.attributeList.filter((c) => !all.includes(c));
  if (unknown.length > 0) throw new AppError("BAD_REQUEST", `attributeList names columns the layer does not have: ${unknown.join(", ")}`, { attributeList: "map:errors.unknown_column" });
  const columns = request.attributeList.length > 0 ? request.attributeList : all;
  const rows = await layerFeatures(db, Number(row.id));
  const file = await layerDownload(row, rows, columns, request.format);
  await logDownload(db, row, caller?.id ?? null, request.format);
  return file;
}

export interface DownloadLogEntry {
  id: number;
  layerId: number | null;
  layerName: string;
  userId: number | null;
  userName: string | null;
  format: string;
  createdOn: string;
}

export async function downloadLogs(db: Queryable, offset: number, limit: number): Promise<DownloadLogEntry[]> {
  const rows = await listDownloads(db, offset, limit);
  return rows.map((r) => ({
    id: Number(r.id),
    layerId: r.layer_id === null ? null : Number(r.layer_id),
    layerName: r.layer_name,
    userId: r.user_id,
    userName: r.user_name,
    format: r.format,
    createdOn: new Date(r.created_on).toISOString(),
  }));
}

const TILE_Y = /^(\d{1,8})\.(pbf|mvt)$/;

/** A vector tile of the layer at the address `z/x/y.pbf` as requested: 404 for an address off the tile grid or a raster layer. */
export async function vectorTile(db: Queryable, ref: string, caller: Account | null, address: { z: string; x: string; y: string }): Promise<{ data: Buffer; cached: boolean; published: boolean }> {
  const row = await findVisibleLayer(db, ref, caller);
  const y = TILE_Y.exec(address.y);
  const z = Number(address.z);
  const x = Number(address.x);
  if (!y || !/^\d{1,2}$/.test(address.z) || !/^\d{1,8}$/.test(address.x) || !isTileAddress(z, x, Number(y[1]))) {
    throw new AppError("NOT_FOUND", `No tile ${address.z}/${address.x}/${address.y}`);
  }
  if (row.kind !== "VECTOR") throw new AppError("NOT_FOUND", `Layer "${row.name}" is a raster layer: it has no vector tiles`);
  const { data, cached } = await layerTile(db, row, z, x, Number(y[1]));
  return { data, cached, published: row.status === "ACTIVE" };
}

/** The PNG image of a raster layer. */
export async function rasterImage(deps: PlatformDeps, ref: string, caller: Account | null): Promise<{ data: Buffer; published: boolean }> {
  const row = await findVisibleLayer(deps.db, ref, caller);
  if (row.kind !== "RASTER" || !row.raster_path) throw new AppError("NOT_FOUND", `Layer "${row.name}" has no image`);
  const data = await deps.fileStore.read(rasterKey(row.name));
  if (!data) throw new AppError("NOT_FOUND", `The image of layer "${row.name}" is missing from the files store`);
  return { data, published: row.status === "ACTIVE" };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A small picture of a layer's kind in its colour (`fill` and `stroke` are checked hex colours). */
function thumbnailSvg(type: string | null, colour: string): string {
  const c = HEX_COLOUR.test(colour) ? colour : "#6b7280";
  const shape =
    type === "POINT" || type === "MULTIPOINT"
      ? `<circle cx="22" cy="26" r="6" fill="${c}"/><circle cx="44" cy="20" r="6" fill="${c}"/><circle cx="36" cy="44" r="6" fill="${c}"/>`
      : type === "MULTILINESTRING"
        ? `<path d="M8 46 24 22l14 16 18-26" fill="none" stroke="${c}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`
        : type === "RASTER"
          ? `<path d="M8 8h16v16H8zM40 8h16v16H40zM24 24h16v16H24zM8 40h16v16H8zM40 40h16v16H40z" fill="${c}" fill-opacity=".7"/>`
          : `<path d="M10 20 28 8l26 10-6 30-24 8L8 40z" fill="${c}" fill-opacity=".55" stroke="${c}" stroke-width="3" stroke-linejoin="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="8" fill="#f3f4f6"/>${shape}</svg>`;
}

/**
 * `layer/thumbnail/{layerName}.svg`, the `thumbnail` of `layer/all` (the original's layer list joins it to
 * its naksha address): a picture of the layer's kind in its colour. Always an image: a name that is not a
 * layer the caller may see gets the neutral one, so the address discloses no unpublished layer.
 */
export async function layerThumbnail(db: Queryable, name: string, caller: Account | null): Promise<string> {
  const row = await findLayerByName(db, name);
  return row && canSee(row, caller) ? thumbnailSvg(row.layer_type, row.color) : thumbnailSvg(null, "");
}
