/** SQL of the map layers (tables of migration 0015). */
import type { Geometry } from "geojson";
import type { Queryable } from "../../infra/db/db";
import type { DownloadAccess, LayerColumn, LayerStatus, LayerType, LegendEntry } from "@/contracts/naksha-layer";

export interface LayerRow {
  id: string | number;
  name: string;
  title: string;
  description: string;
  attribution: string;
  license: string;
  tags: string[];
  url: string | null;
  pdf_link: string | null;
  kind: "VECTOR" | "RASTER";
  layer_type: LayerType;
  title_column: string | null;
  summary_columns: string[];
  color_by: string | null;
  columns: LayerColumn[];
  column_descriptions: Record<string, string>;
  legend: LegendEntry[];
  color: string;
  download_access: DownloadAccess;
  status: LayerStatus;
  feature_count: number;
  min_lon: number | null;
  min_lat: number | null;
  max_lon: number | null;
  max_lat: number | null;
  raster_path: string | null;
  created_by: number | null;
  created_on: Date | string;
}

export type NewLayer = Omit<LayerRow, "id" | "name" | "created_on" | "status"> & { status?: LayerStatus; /** A fixed machine name (the demo seed); else `<slug>_<id>`. */ name?: string };

const LAYER_COLUMNS = `id, name, title, description, attribution, license, tags, url, pdf_link, kind, layer_type, title_column,
  summary_columns, color_by, columns, column_descriptions, legend, color, download_access, status, feature_count,
  min_lon, min_lat, max_lon, max_lat, raster_path, created_by, created_on`;

/** Layers, newest first: published ones, and pending ones too when `withPending`. */
export function listLayers(db: Queryable, withPending: boolean, limit: number): Promise<LayerRow[]> {
  return db.query<LayerRow>(
    `select ${LAYER_COLUMNS} from naksha_layer where ($1 or status = 'ACTIVE') order by created_on desc, id desc limit $2`,
    [withPending, limit],
  );
}

export function findLayerByName(db: Queryable, name: string): Promise<LayerRow | null> {
  return db.maybeOne<LayerRow>(`select ${LAYER_COLUMNS} from naksha_layer where name = $1`, [name]);
}

export function findLayerById(db: Queryable, id: number): Promise<LayerRow | null> {
  return db.maybeOne<LayerRow>(`select ${LAYER_COLUMNS} from naksha_layer where id = $1`, [id]);
}

/** A machine name from the title: lower-case letters, digits and `_`, made unique with the row id. */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return slug || "layer";
}

/** Inserts the layer and returns its row (name `<slug>_<id>`). */
export async function insertLayer(tx: Queryable, layer: NewLayer): Promise<LayerRow> {
  const { id } = await tx.one<{ id: string | number }>(
    `insert into naksha_layer (name, title, description, attribution, license, tags, url, pdf_link, kind, layer_type, title_column,
       summary_columns, color_by, columns, column_descriptions, legend, color, download_access, status, feature_count,
       min_lon, min_lat, max_lon, max_lat, raster_path, created_by)
     values ('new_' || md5(random()::text), $1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11::jsonb, $12, $13::jsonb, $14::jsonb, $15::jsonb,
       $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
     returning id`,
    [
      layer.title,
      layer.description,
      layer.attribution,
      layer.license,
      JSON.stringify(layer.tags),
      layer.url,
      layer.pdf_link,
      layer.kind,
      layer.layer_type,
      layer.title_column,
      JSON.stringify(layer.summary_columns),
      layer.color_by,
      JSON.stringify(layer.columns),
      JSON.stringify(layer.column_descriptions),
      JSON.stringify(layer.legend),
      layer.color,
      layer.download_access,
      layer.status ?? "PENDING",
      layer.feature_count,
      layer.min_lon,
      layer.min_lat,
      layer.max_lon,
      layer.max_lat,
      layer.raster_path,
      layer.created_by,
    ],
  );
  const name = layer.name ?? `${slugOf(layer.title)}_${id}`;
  await tx.query(`update naksha_layer set name = $2 where id = $1`, [id, name]);
  return (await findLayerById(tx, Number(id)))!;
}

export interface FeatureInsert {
  properties: Record<string, unknown>;
  geometry: Geometry;
  bbox: [number, number, number, number];
}

const BATCH = 2000;

/** Stores the features in batches (one statement per 2,000), numbered from 1 in file order. */
export async function insertFeatures(tx: Queryable, layerId: number, features: FeatureInsert[]): Promise<void> {
  for (let start = 0; start < features.length; start += BATCH) {
    const batch = features.slice(start, start + BATCH);
    await tx.query(
      `insert into naksha_layer_feature (layer_id, feature_id, properties, geometry, min_lon, min_lat, max_lon, max_lat)
       select $1, f.id, f.props::jsonb, f.geom::jsonb, f.x0, f.y0, f.x1, f.y1
       from unnest($2::int[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::float8[]) as f(id, props, geom, x0, y0, x1, y1)`,
      [
        layerId,
        batch.map((_, i) => start + i + 1),
        batch.map((f) => JSON.stringify(f.properties)),
        batch.map((f) => JSON.stringify(f.geometry)),
        batch.map((f) => f.bbox[0]),
        batch.map((f) => f.bbox[1]),
        batch.map((f) => f.bbox[2]),
        batch.map((f) => f.bbox[3]),
      ],
    );
  }
}

export interface FeatureRow {
  feature_id: number;
  properties: Record<string, string | number | boolean | null>;
  geometry: Geometry;
}

/** Every feature of a layer in file order (for its tile index and downloads). */
export function layerFeatures(db: Queryable, layerId: number): Promise<FeatureRow[]> {
  return db.query<FeatureRow>(`select feature_id, properties, geometry from naksha_layer_feature where layer_id = $1 order by feature_id`, [layerId]);
}

export function findFeature(db: Queryable, layerId: number, featureId: number): Promise<FeatureRow | null> {
  return db.maybeOne<FeatureRow>(`select feature_id, properties, geometry from naksha_layer_feature where layer_id = $1 and feature_id = $2`, [layerId, featureId]);
}

/** The file name of a raster layer's image in the files store. */
export async function setRasterPath(tx: Queryable, id: number, rasterPath: string): Promise<void> {
  await tx.query(`update naksha_layer set raster_path = $2 where id = $1`, [id, rasterPath]);
}

export async function setLayerStatus(db: Queryable, id: number, status: LayerStatus): Promise<void> {
  await db.query(`update naksha_layer set status = $2, updated_on = now() where id = $1`, [id, status]);
}

export async function deleteLayer(db: Queryable, id: number): Promise<void> {
  await db.query(`delete from naksha_layer where id = $1`, [id]);
}

export async function logDownload(db: Queryable, layer: LayerRow, userId: number | null, format: string): Promise<void> {
  await db.query(`insert into naksha_download_log (layer_id, layer_name, user_id, format) values ($1, $2, $3, $4)`, [Number(layer.id), layer.name, userId, format]);
}

export interface DownloadLogRow {
  id: string | number;
  layer_id: string | number | null;
  layer_name: string;
  user_id: number | null;
  user_name: string | null;
  format: string;
  created_on: Date | string;
}

export function listDownloads(db: Queryable, offset: number, limit: number): Promise<DownloadLogRow[]> {
  return db.query<DownloadLogRow>(
    `select l.id, l.layer_id, l.layer_name, l.user_id, u.name as user_name, l.format, l.created_on
     from naksha_download_log l left join app_user u on u.id = l.user_id
     order by l.created_on desc, l.id desc offset $1 limit $2`,
    [offset, limit],
  );
}

/** A layer's features in a box (OGC API – Features, modules/ogc): overlap of each feature's stored box. */
export interface LayerFeatureFilter {
  layerId: number;
  bbox: [number, number, number, number] | null;
}

function featureWhere(f: LayerFeatureFilter, params: SqlParamList): string {
  params.push(f.layerId);
  let sql = `layer_id = $${params.length}`;
  if (f.bbox) {
    const [x0, y0, x1, y1] = f.bbox;
    params.push(x0, y0, x1, y1);
    const n = params.length;
    sql += ` and max_lon >= $${n - 3}::float8 and min_lat <= $${n}::float8 and min_lon <= $${n - 1}::float8 and max_lat >= $${n - 2}::float8`;
  }
  return sql;
}
type SqlParamList = Array<string | number>;

export async function countLayerFeatures(db: Queryable, f: LayerFeatureFilter): Promise<number> {
  const params: SqlParamList = [];
  return (await db.one<{ n: number }>(`select count(*)::integer as n from naksha_layer_feature where ${featureWhere(f, params)}`, params)).n;
}

/** Up to `limit` features by feature id (the primary key): after `after`, or the last ones before `before` (returned ascending). */
export async function layerFeaturePage(db: Queryable, f: LayerFeatureFilter, page: { after: number | null; before: number | null; limit: number }): Promise<FeatureRow[]> {
  const params: SqlParamList = [];
  const w = featureWhere(f, params);
  params.push(page.before ?? page.after ?? 0, Math.trunc(page.limit));
  const n = params.length;
  const rows =
    page.before !== null
      ? await db.query<FeatureRow>(`select feature_id, properties, geometry from naksha_layer_feature where ${w} and feature_id < $${n - 1} order by feature_id desc limit $${n}`, params)
      : await db.query<FeatureRow>(`select feature_id, properties, geometry from naksha_layer_feature where ${w} and feature_id > $${n - 1} order by feature_id limit $${n}`, params);
  return page.before !== null ? rows.reverse() : rows;
}
