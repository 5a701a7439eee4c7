/**
 * OGC API – Features collections (issue 31, item 2): one per live template with public records
 * (`records-{shortName}`) and one per published vector map layer (`layer-{id}`). Records are read
 * through the records module's public tier only (`VISIBLE`, `exportRows`, and `exportRecord` with
 * `exact: false`, which applies every field's public precision and the treatments in force): a withheld
 * record never appears, a withheld value is absent, a generalised one stays generalised. The geometry is
 * the record's PUBLIC centroid as the map shows it (4 decimals; a generalised place is its cell's
 * centre; a hidden one has no geometry). A token changes nothing: every read is the anonymous one.
 */
import type { Geometry } from "geojson";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { exportColumns, exportRecord, type ExportColumns } from "../exports/export-format";
import { countLayerFeatures, findLayerById, layerFeaturePage, listLayers, type LayerRow } from "../maps/layer.repository";
import { canSee } from "../maps/layer.service";
import { exportRows } from "../records/data.repository";
import { findTemplateCoverage, type TemplateCoverageRow } from "../records/record-listing.repository";
import { countOgcRecords, ogcRecordIds, publicRecordTemplate } from "../records/ogc-records.repository";
import { recordFieldsView, viewTemplateById } from "../templates/template-loader.service";
import type { ItemsParams } from "./ogc-params";

/** Same key and lifetime as the DCAT catalogue's coverage (modules/catalog): one pass serves both. */
const COVERAGE_TTL = 5 * 60_000;
const MAX_LAYERS = 500;

export type Bbox = [number, number, number, number];

export interface OgcCollection {
  id: string;
  title: string;
  description: string;
  /** Box of the public places (null when none). */
  bbox: Bbox | null;
  /** First and last change of the records (null for layers). */
  interval: [string | null, string | null] | null;
  kind: "records" | "layer";
  /** Property names and their JSON types (for the HTML page and the queryables of the description). */
  properties: Array<{ name: string; type: "string" | "number" }>;
}

export interface OgcFeature {
  type: "Feature";
  id: number;
  geometry: Geometry | null;
  properties: Record<string, string | number | boolean | null>;
}

export interface OgcItemsPage {
  features: OgcFeature[];
  numberMatched: number;
  /** Ids for the paging links: the page's first and last, and whether pages lie before/after. */
  hasPrev: boolean;
  hasNext: boolean;
  firstId: number | null;
  lastId: number | null;
}

const coverage = (db: Queryable) => cached(`${CACHE_KEYS.records}catalog:coverage`, COVERAGE_TTL, () => findTemplateCoverage(db));
const boxOf = (r: { min_lon: number | null; min_lat: number | null; max_lon: number | null; max_lat: number | null }): Bbox | null =>
  r.min_lon === null || r.min_lat === null || r.max_lon === null || r.max_lat === null ? null : [Number(r.min_lon), Number(r.min_lat), Number(r.max_lon), Number(r.max_lat)];
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

// ── Records of a template ────────────────────────────────────────────────────────────────────────

interface RecordShape {
  columns: ExportColumns;
  /** Per field written: its property name (English, unique), or null for a place (the geometry carries it). */
  names: Array<string | null>;
  titleIndexes: number[];
  shortName: string;
  title: string;
}

const RESERVED = ["title", "template", "url", "updated"];

async function recordShape(db: Queryable, templateId: number): Promise<RecordShape> {
  const [view, own] = await Promise.all([viewTemplateById(db, templateId, "en"), recordFieldsView(db, templateId, "en")]);
  const columns = exportColumns(view, "en", true, own);
  const seen = new Set(RESERVED);
  const names = columns.fields.map((f) => {
    if (f.type === "GEOMETRY") return null;
    let name = f.name.trim() || f.fieldId;
    for (let i = 2; seen.has(name.toLowerCase()); i++) name = `${f.name.trim() || f.fieldId} (${i})`;
    seen.add(name.toLowerCase());
    return name;
  });
  const titleIndexes = columns.fields.flatMap((f, i) => (f.isTitle && f.type !== "GEOMETRY" ? [i] : []));
  return { columns, names, titleIndexes, shortName: view.shortName, title: view.name };
}

const FIXED_CELLS = 10;

async function recordFeatures(db: Queryable, shape: RecordShape, ids: number[], siteUrl: string): Promise<OgcFeature[]> {
  if (ids.length === 0) return [];
  const rows = await exportRows(db, ids);
  const site = siteUrl.replace(/\/+$/, "");
  return rows.map((row) => {
    const cells = exportRecord(row, shape.columns, { siteUrl: site, exact: false }).cells.slice(FIXED_CELLS, FIXED_CELLS + shape.columns.fields.length);
    const title = shape.titleIndexes.map((i) => cells[i]).filter((c) => c !== null && c !== undefined && c !== "").join(" ");
    const properties: OgcFeature["properties"] = {
      title: title || `Record ${row.id}`,
      template: shape.shortName,
      url: `${site}/data/show/${row.id}`,
      updated: row.updated_on.toISOString(),
    };
    shape.names.forEach((name, i) => {
      if (name !== null) properties[name] = cells[i] ?? null;
    });
    const geometry: Geometry | null =
      row.centroid_lon === null || row.centroid_lat === null ? null : { type: "Point", coordinates: [round4(Number(row.centroid_lon)), round4(Number(row.centroid_lat))] };
    return { type: "Feature", id: row.id, geometry, properties };
  });
}

function recordCollection(c: TemplateCoverageRow, shape: RecordShape): OgcCollection {
  return {
    id: `records-${c.short_name}`,
    title: shape.title,
    description: `The ${c.records} public records of "${shape.title}": each at its public place (a generalised place at the centre of its cell), with its public values.`,
    bbox: boxOf(c),
    interval: [iso(c.first_created), iso(c.last_updated)],
    kind: "records",
    properties: [
      { name: "title", type: "string" },
      { name: "template", type: "string" },
      { name: "url", type: "string" },
      { name: "updated", type: "string" },
      ...shape.names.flatMap((n, i) => {
        if (n === null) return [];
        const t = shape.columns.fields[i]!.type;
        return [{ name: n, type: t === "NUMBER" || t === "YEAR" ? ("number" as const) : ("string" as const) }];
      }),
    ],
  };
}

// ── Layers ───────────────────────────────────────────────────────────────────────────────────────

function layerCollection(l: LayerRow): OgcCollection {
  return {
    id: `layer-${l.id}`,
    title: l.title,
    description: l.description.trim() || `Map layer "${l.title}" (${l.feature_count} features).`,
    bbox: boxOf(l),
    interval: null,
    kind: "layer",
    properties: (l.columns ?? []).map((c) => ({ name: c.name, type: c.type === "number" ? "number" : "string" })),
  };
}

const isPublishedVector = (l: LayerRow) => l.kind === "VECTOR" && canSee(l, null);

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────

/** Every collection: the templates' records, then the published vector layers (newest first). */
export async function listCollections(db: Queryable): Promise<OgcCollection[]> {
  const [cover, layers] = await Promise.all([coverage(db), listLayers(db, false, MAX_LAYERS)]);
  const records = await Promise.all(cover.filter((c) => c.records > 0).map(async (c) => recordCollection(c, await recordShape(db, c.template_id))));
  return [...records, ...layers.filter(isPublishedVector).map(layerCollection)];
}

/** The collections as the DCAT catalogue lists them (modules/catalog): id, title, description. */
export async function ogcCollectionList(db: Queryable): Promise<Array<{ id: string; title: string; description: string }>> {
  return (await listCollections(db)).map(({ id, title, description }) => ({ id, title, description }));
}

type Resolved = { kind: "records"; collection: OgcCollection; templateId: number; shape: RecordShape; records: number } | { kind: "layer"; collection: OgcCollection; layer: LayerRow };

const noCollection = (id: string) => new AppError("NOT_FOUND", `No collection "${id}"`);

async function resolve(db: Queryable, id: string): Promise<Resolved> {
  const records = /^records-(.+)$/.exec(id);
  if (records) {
    const c = (await coverage(db)).find((r) => r.short_name === records[1] && r.records > 0);
    if (!c) throw noCollection(id);
    const shape = await recordShape(db, c.template_id);
    return { kind: "records", collection: recordCollection(c, shape), templateId: c.template_id, shape, records: c.records };
  }
  const layer = /^layer-(\d{1,12})$/.exec(id);
  if (layer) {
    const row = await findLayerById(db, Number(layer[1]));
    if (!row || !isPublishedVector(row)) throw noCollection(id);
    return { kind: "layer", collection: layerCollection(row), layer: row };
  }
  throw noCollection(id);
}

export async function getCollection(db: Queryable, id: string): Promise<OgcCollection> {
  return (await resolve(db, id)).collection;
}

/** One page of a collection's items (keyset on the id: as fast deep down as on the first page). */
export async function getItems(db: Queryable, id: string, p: ItemsParams, siteUrl: string): Promise<{ collection: OgcCollection; page: OgcItemsPage }> {
  const r = await resolve(db, id);
  const cursor = { after: p.after, before: p.before, limit: p.limit + 1 };
  let features: OgcFeature[];
  let numberMatched: number;
  let more: boolean;
  if (r.kind === "records") {
    const filter = { templateId: r.templateId, bbox: p.bbox, from: p.from, to: p.to };
    // Without a filter the count is the collection's, from the cached coverage (the same public tier):
    // no count of 100,000 rows per page.
    const unfiltered = p.bbox === null && p.from === null && p.to === null;
    const [ids, n] = await Promise.all([ogcRecordIds(db, filter, cursor), unfiltered ? r.records : countOgcRecords(db, filter)]);
    more = ids.length > p.limit;
    const pageIds = p.before !== null ? ids.slice(ids.length - Math.min(ids.length, p.limit)) : ids.slice(0, p.limit);
    features = await recordFeatures(db, r.shape, pageIds, siteUrl);
    numberMatched = n;
  } else {
    const filter = { layerId: Number(r.layer.id), bbox: p.bbox };
    const [rows, n] = await Promise.all([layerFeaturePage(db, filter, cursor), countLayerFeatures(db, filter)]);
    more = rows.length > p.limit;
    const page = p.before !== null ? rows.slice(rows.length - Math.min(rows.length, p.limit)) : rows.slice(0, p.limit);
    features = page.map((f) => ({ type: "Feature", id: f.feature_id, geometry: f.geometry, properties: f.properties as OgcFeature["properties"] }));
    numberMatched = n;
  }
  const firstId = features[0]?.id ?? null;
  const lastId = features.at(-1)?.id ?? null;
  return {
    collection: r.collection,
    page: {
      features,
      numberMatched,
      // Going back: more before when the backward read found more; going forward: a page before whenever we started after an id.
      hasPrev: p.before !== null ? more : p.after !== null && firstId !== null,
      hasNext: p.before !== null ? lastId !== null : more,
      firstId,
      lastId,
    },
  };
}

/** One item; 404 when the collection or the item is unknown (or not public). */
export async function getItem(db: Queryable, id: string, fid: string, siteUrl: string): Promise<{ collection: OgcCollection; feature: OgcFeature }> {
  const r = await resolve(db, id);
  const missing = new AppError("NOT_FOUND", `No item "${fid}" in collection "${id}"`);
  if (!/^\d{1,10}$/.test(fid) || Number(fid) > 2_147_483_647) throw missing;
  const n = Number(fid);
  if (r.kind === "records") {
    if ((await publicRecordTemplate(db, n)) !== r.templateId) throw missing;
    const [feature] = await recordFeatures(db, r.shape, [n], siteUrl);
    if (!feature) throw missing;
    return { collection: r.collection, feature };
  }
  const [row] = await layerFeaturePage(db, { layerId: Number(r.layer.id), bbox: null }, { after: n - 1, before: null, limit: 1 });
  if (!row || row.feature_id !== n) throw missing;
  return { collection: r.collection, feature: { type: "Feature", id: row.feature_id, geometry: row.geometry, properties: row.properties as OgcFeature["properties"] } };
}
