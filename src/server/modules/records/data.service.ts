/**
 * cca-api record reads (reference §3.5, §4.4, §4.5; issue 12): search, map points, facets, lists,
 * summaries and the record itself, in the shapes of `src/contracts/cca-data.ts`.
 *
 * Sensitive locations: every read here hands out GEOMETRY values of GENERALISED fields only as their
 * 0.1° cell and drops HIDDEN ones, and uses the stored public centroid — except `getRecord` for the
 * record's editors (owner, allowed users, data curators, admins), who see the exact value and centroid.
 * What a stored value may show is decided by `publicValueOf` (`public-value.ts`) from the value and the
 * record's OWN template: a place whose own GEOMETRY field is gone or retyped is HIDDEN, and a place is
 * never shown through another template's field (`viewTemplate`).
 */
import { cached } from "@/shared/cache/memory-cache";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import type {
  CCAData,
  CCADataListItem,
  CCADataListResponse,
  CCADataSubset,
  CCAFieldValue,
  DataAggregation,
  DataSearchResponse,
  FileValue,
  GeoFeatureCollection,
  MapClusters,
  MapInfo,
  RecordLocation,
} from "@/contracts/cca-data";
import { MAP_CLUSTER } from "@/contracts/cca-data";
import { DATE_TYPES, isOptionType, isRangeType, parseOptionValue, type FieldType, type TemplateLanguage } from "@/contracts/template";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { interpretFieldFilters, type DataQuery } from "./data-query";
import { countMatches, facets, findRecords, mapGridCellsJson, mapPointsJson, mapViewJson, searchPage, type FacetField, type MatchSpec, type RecordRow } from "./data.repository";
import { answerZoom, clustersFromCells, clustersFromIndex, gridPlan, smallSet, smallSetLimit } from "./map-clusters";
import { exactCentroid, prefixTsQuery } from "./record-derive";
import { isGeometryValue, publicValueOf } from "./public-value";
import { requireRecordAccess } from "./record-access.service";
import { darwinCoreTerms, fieldTreatment } from "./treatments";
import { todayIso } from "@/contracts/restrictions";
import { recordFieldsView, viewTemplateById, viewTemplateByName, type ViewField, type ViewTemplate } from "../templates/template-loader.service";

// Record reads load templates through the one template loader (templates/template-loader.service.ts);
// these stay importable from here for the modules that read records with them.
export { viewTemplateByName, type ViewField, type ViewTemplate };

const FACET_TTL = 5 * 60_000;

// ── Matching ─────────────────────────────────────────────────────────────────────────────────────

export interface ResolvedQuery {
  spec: MatchSpec;
  filterTemplate: ViewTemplate;
}

/** Resolves template names (404 when unknown) and interprets the field filters with the filter template. */
export async function resolveQuery(db: Queryable, q: DataQuery): Promise<ResolvedQuery> {
  const filterTemplate = await viewTemplateByName(db, q.filterTemplate, "en");
  const shortNameTemplate = q.shortName === null ? null : await viewTemplateByName(db, q.shortName, "en");
  const filters = interpretFieldFilters(q.fieldParams, (id) => filterTemplate.byId.get(id)?.type);
  return {
    filterTemplate,
    spec: {
      templateId: shortNameTemplate?.id ?? null,
      ids: q.ids,
      userId: q.userId,
      usergroups: q.usergroups,
      richTextCount: q.richTextCount,
      tsquery: q.query === null ? null : prefixTsQuery(q.query),
      filters,
      ...(q.ownRecords ? { ownRecords: true } : {}),
    },
  };
}

// ── Projections ──────────────────────────────────────────────────────────────────────────────────

const hasValue = (value: unknown) => value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * An option value with its label in the view's language ("Others" keeps the text typed) and, for a
 * grouped option, its parent's name in that language (`parentLabel`, when the template has one).
 */
function translateValue(field: ViewField | undefined, type: string, value: unknown): unknown {
  if (!field || !isOptionType(type as FieldType)) return value;
  const translate = (item: unknown) => {
    if (typeof item !== "object" || item === null) return item;
    const o = item as { valueId?: string; value?: string; label?: string };
    const parent = typeof o.value === "string" ? parseOptionValue(o.value).parent : null;
    const parentLabel = parent === null ? undefined : field.labelByParent.get(parent);
    const withParent = parentLabel === undefined ? o : { ...o, parentLabel };
    if (typeof o.value === "string" && o.value.endsWith("|?")) return withParent;
    const label = (o.valueId ? field.labelById.get(o.valueId) : undefined) ?? (o.value ? field.labelByValue.get(o.value) : undefined);
    return label === undefined ? withParent : { ...withParent, label };
  };
  return Array.isArray(value) ? value.map(translate) : translate(value);
}

/** The record's files a reader without exact values may see (none of a withheld or embargoed FILE field). */
const filesOf = (row: RecordRow): FileValue[] =>
  Object.entries(row.field_values)
    .filter(([fieldId]) => fieldTreatment(row.treatments, fieldId) === null)
    .map(([, v]) => v)
    .filter((v) => v.type === "FILE" && Array.isArray(v.value))
    .flatMap((v) => (v.value as unknown[]).filter((f): f is FileValue => typeof f === "object" && f !== null && typeof (f as FileValue).path === "string"));

function projected(row: RecordRow, view: ViewTemplate, keep: (f: ViewField) => boolean): CCAFieldValue[] {
  return view.fields
    .filter((f) => keep(f) && f.type !== "GEOMETRY" && f.type !== "FILE" && f.type !== "HEADING")
    .flatMap((f) => {
      const stored = row.field_values[f.fieldId];
      if (!stored || !hasValue(stored.value)) return [];
      // Projections show no place: a stored geometry is withheld whatever the view field claims to be.
      const { value } = publicValueOf(stored, undefined, { exact: false, shownAs: f.type, treatment: fieldTreatment(row.treatments, f.fieldId) });
      if (!hasValue(value)) return [];
      return [{ fieldId: f.fieldId, name: f.name, type: f.type, value: translateValue(f, f.type, value) }];
    });
}

/** Every value of a record anyone may see, in the view's order and language (site search's passages). */
export function publicValuesOf(row: RecordRow, view: ViewTemplate): CCAFieldValue[] {
  return projected(row, view, () => true);
}

export function subsetOf(row: RecordRow, view: ViewTemplate): CCADataSubset {
  const subset: CCADataSubset = { id: row.id, files: filesOf(row), values: projected(row, view, (f) => f.isSummary), titlesValues: projected(row, view, (f) => f.isTitle) };
  // Its Local Contexts labels travel with it where it has any (list cards show them).
  return row.labels && row.labels.length > 0 ? { ...subset, labels: row.labels } : subset;
}

const locationOf = (row: RecordRow): RecordLocation | null =>
  row.location_state === null && row.location_district === null && row.location_tahsil === null
    ? null
    : { state: row.location_state, district: row.location_district, tahsil: row.location_tahsil };

const publicCentroidOf = (row: RecordRow): [number, number] | [] => (row.centroid_lon === null || row.centroid_lat === null ? [] : [row.centroid_lon, row.centroid_lat]);

async function listItemOf(db: Queryable, row: RecordRow, view: ViewTemplate, language: TemplateLanguage): Promise<CCADataListItem> {
  const [own, template] = await Promise.all([recordFieldsView(db, row.template_id, language), viewTemplateById(db, row.template_id, language)]);
  const features: GeoFeatureCollection["features"] = [];
  for (const [fieldId, stored] of Object.entries(row.field_values)) {
    const field = own.byId.get(fieldId);
    if (!isGeometryValue(stored, field)) continue;
    const shown = publicValueOf(stored, field, { exact: false, treatment: fieldTreatment(row.treatments, fieldId) }).value as GeoFeatureCollection | null;
    if (shown && Array.isArray(shown.features)) features.push(...shown.features);
  }
  return {
    ...subsetOf(row, view),
    shortName: row.short_name,
    templateName: template.name,
    userId: String(row.user_id),
    createdOn: row.created_on.getTime(),
    updatedOn: row.updated_on.getTime(),
    centroid: publicCentroidOf(row),
    location: locationOf(row),
    geometry: features.length === 0 ? null : { type: "GEOMETRY", value: { type: "FeatureCollection", features } },
    labels: row.labels,
    ...withheldTermsOf(row, own),
  };
}

/** What a public read says of the record's treatments in force: Darwin Core's two terms and each field's treatment. */
function withheldTermsOf(row: RecordRow, own: ViewTemplate): Pick<CCAData, "informationWithheld" | "dataGeneralizations" | "restrictions"> {
  const today = todayIso();
  const present = (id: string) => row.field_values[id] !== undefined && hasValue(row.field_values[id]!.value);
  const restrictions: NonNullable<CCAData["restrictions"]> = {};
  for (const id of Object.keys(row.treatments?.fields ?? {})) {
    const t = fieldTreatment(row.treatments, id, today);
    if (t && present(id)) restrictions[id] = t;
  }
  const terms = darwinCoreTerms(row.treatments, (id) => own.byId.get(id)?.name ?? row.field_values[id]?.name ?? id, present, today);
  return { ...terms, restrictions };
}

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

/** GET data/{id}: the record, options labelled in `language`; exact geometry for its editors, generalised or none for everyone else. */
export async function getRecord(db: Queryable, id: number, language: TemplateLanguage, account: Account | null): Promise<CCAData> {
  const { row, access } = await requireRecordAccess(db, id, account, { logRead: true });
  const own = await recordFieldsView(db, row.template_id, language);
  const exact = access.exact;
  const ccaFieldValues: Record<string, CCAFieldValue> = {};
  const restrictedFields: CCAData["restrictedFields"] = {};
  let traits = 0;
  for (const [fieldId, stored] of Object.entries(row.field_values)) {
    const field = own.byId.get(fieldId);
    const { value, precision } = publicValueOf(stored, field, { exact, treatment: fieldTreatment(row.treatments, fieldId) });
    if (precision !== "EXACT") restrictedFields[fieldId] = precision;
    if (isOptionType(stored.type as FieldType) && hasValue(stored.value)) traits++;
    ccaFieldValues[fieldId] = { fieldId, name: field?.name ?? stored.name ?? fieldId, type: stored.type as FieldType, value: translateValue(field, stored.type, value) };
  }
  const exactPoint = exact ? exactCentroid(Object.values(row.field_values).filter((v) => v.type === "GEOMETRY").map((v) => v.value)) : null;
  return {
    id: row.id,
    shortName: row.short_name,
    userId: String(row.user_id),
    createdOn: row.created_on.getTime(),
    updatedOn: row.updated_on.getTime(),
    centroid: exactPoint ?? publicCentroidOf(row),
    location: locationOf(row),
    allowedUsers: row.allowed_users.map(String),
    followers: row.followers.map(String),
    usergroups: row.usergroups.map(String),
    richTextCount: row.rich_text_count,
    textFieldCount: row.text_field_count,
    traitsFieldCount: traits,
    ccaFieldValues,
    restrictedFields,
    audience: row.consent_audience,
    reviewState: row.review_state,
    reviewNote: row.review_note,
    labels: row.labels,
    recordRestriction: row.record_withheld ? row.treatments.record : null,
    ...withheldTermsOf(row, own),
  };
}

/**
 * One record of the reference's `GET data/all` (§3.5; the original's response table): `CCAData` holding
 * the values of its summary and FILE fields (`projectAll`: every value) in their public form, as every
 * list read hands them out (no exact place, treatments applied); `own` is `recordFieldsView` of its template.
 */
export function tableRecordOf(row: RecordRow, own: ViewTemplate, projectAll: boolean): CCAData {
  const ccaFieldValues: Record<string, CCAFieldValue> = {};
  const restrictedFields: CCAData["restrictedFields"] = {};
  let traits = 0;
  for (const [fieldId, stored] of Object.entries(row.field_values)) {
    if (isOptionType(stored.type as FieldType) && hasValue(stored.value)) traits++;
    const field = own.byId.get(fieldId);
    if (!projectAll && !(field && (field.isSummary || field.type === "FILE"))) continue;
    const { value, precision } = publicValueOf(stored, field, { exact: false, treatment: fieldTreatment(row.treatments, fieldId) });
    if (precision !== "EXACT") restrictedFields[fieldId] = precision;
    if (!hasValue(value)) continue;
    ccaFieldValues[fieldId] = { fieldId, name: field?.name ?? stored.name ?? fieldId, type: stored.type as FieldType, value: translateValue(field, stored.type, value) };
  }
  return {
    id: row.id,
    shortName: row.short_name,
    userId: String(row.user_id),
    createdOn: row.created_on.getTime(),
    updatedOn: row.updated_on.getTime(),
    centroid: publicCentroidOf(row),
    location: locationOf(row),
    allowedUsers: row.allowed_users.map(String),
    followers: row.followers.map(String),
    usergroups: row.usergroups.map(String),
    richTextCount: row.rich_text_count,
    textFieldCount: row.text_field_count,
    traitsFieldCount: traits,
    ccaFieldValues,
    restrictedFields,
    labels: row.labels,
  };
}

/** GET data/summary/{id}: the card/popup projection of one record. */
export async function getSummary(db: Queryable, id: number, q: DataQuery, account: Account | null): Promise<CCADataSubset> {
  const view = await viewTemplateByName(db, q.viewTemplate, q.language);
  const { row } = await requireRecordAccess(db, id, account, { logRead: true });
  return subsetOf(row, view);
}

/**
 * GET data/search (and data/page): one page of matches and the real total. The public projection,
 * the same for every caller (no session decides it), so an answer is kept like the facets (issue 35:
 * /data/list read it afresh on every render): keyed by the match, the page, the order and the view
 * template's version; dropped by every record write, template change, delete and restore
 * (`CACHE_KEYS.records`). A caller's own records (`ownRecords`) are never kept.
 */
export async function search(db: Queryable, q: DataQuery, options: { cache?: boolean } = {}): Promise<DataSearchResponse> {
  const { spec } = await resolveQuery(db, q);
  const view = await viewTemplateByName(db, q.viewTemplate, q.language);
  const load = async (): Promise<DataSearchResponse> => {
    const page = await searchPage(db, spec, q.offset, q.limit, q.sort);
    // A page past the end carries no total: count apart.
    const totalCount = page.total ?? (q.offset === 0 ? 0 : await countMatches(db, spec));
    const rows = await findRecords(db, page.ids);
    return { totalCount, offset: q.offset, limit: q.limit, data: rows.map((row) => subsetOf(row, view)) };
  };
  if (options.cache === false || spec.ownRecords) return load();
  const page = `${q.offset}:${q.limit}:${JSON.stringify(q.sort ?? null)}`;
  return cached(`${CACHE_KEYS.records}search:${view.id}:${view.updatedOn}:${q.language}:${page}:${JSON.stringify(spec)}`, FACET_TTL, load);
}

/**
 * GET data/search/map, data/map/info: `{id, lat, lng}` of every match with a public centroid, as the
 * JSON text of `MapInfo[]` built by the database (`mapPointsJson`), passed to the wire as is.
 */
export async function searchMapJson(db: Queryable, q: DataQuery, options: { cache?: boolean } = {}): Promise<string> {
  const { spec } = await resolveQuery(db, q);
  const load = () => mapPointsJson(db, spec);
  if (options.cache === false) return load();
  return cached(`${CACHE_KEYS.records}map:${JSON.stringify(spec)}`, FACET_TTL, load);
}

/**
 * GET data/search/map/clusters (issue 35): the matches' public points in one view at one zoom, clustered
 * on the server (`map-clusters.ts`): a small match as MapLibre clustered it in the browser, a large one on
 * a grid counted by the database. `bbox` null: the whole world.
 */
export async function searchMapClusters(db: Queryable, q: DataQuery, view: { zoom: number; bbox: [number, number, number, number] | null }): Promise<MapClusters> {
  const { spec } = await resolveQuery(db, q);
  const key = `${CACHE_KEYS.records}clusters:${JSON.stringify(spec)}`;
  const limit = smallSetLimit();
  const zoom = answerZoom(view.zoom, view.bbox);
  const plan = gridPlan(zoom, view.bbox);
  // The match read once for what this call lacks (`mapViewJson`): its extent, then its points or this view's cells.
  let read: ReturnType<typeof mapViewJson> | null = null;
  const readView = () => (read ??= mapViewJson(db, spec, limit, plan));
  const small = await smallSet(key, async () => {
    const extent = await cached(`${key}:extent`, FACET_TTL, async () => (await readView()).extent);
    if (extent.n > limit) return null;
    const { points } = await readView();
    return points === null ? null : (JSON.parse(points) as MapInfo[]);
  });
  if (small !== null) {
    const smallZoom = Math.max(0, Math.min(MAP_CLUSTER.deepestZoom, Math.floor(view.zoom)));
    return { total: small.total, bounds: small.bounds, zoom: smallZoom, ...clustersFromIndex(small.index, small.byId, smallZoom, view.bbox) };
  }
  const [extent, cells] = await Promise.all([
    cached(`${key}:extent`, FACET_TTL, async () => (await readView()).extent),
    cached(`${key}:${zoom}:${plan.x1},${plan.y1},${plan.x2},${plan.y2}`, FACET_TTL, async () => (read === null ? null : (await read).cells) ?? mapGridCellsJson(db, spec, plan)),
  ]);
  const bounds: MapClusters["bounds"] = extent.n === 0 ? null : [extent.west!, extent.south!, extent.east!, extent.north!];
  return { total: extent.n, bounds, zoom, ...clustersFromCells(cells, plan, zoom) };
}

/** GET data/aggregation: per filterable field of the filter template, counts or min/max ignoring its own filter; `usergroups` counts. */
export async function aggregate(db: Queryable, q: DataQuery, options: { cache?: boolean } = {}): Promise<DataAggregation> {
  const { spec, filterTemplate } = await resolveQuery(db, q);
  const load = async (): Promise<DataAggregation> => {
    const fields: FacetField[] = filterTemplate.fields
      .filter((f) => f.isFilterable && (isOptionType(f.type) || isRangeType(f.type)))
      .map((f) => ({ fieldId: f.fieldId, kind: isOptionType(f.type) ? "option" : DATE_TYPES.includes(f.type) ? "date" : "number" }));
    const rows = await facets(db, spec, fields);
    const result: DataAggregation = {};
    for (const f of fields) result[f.fieldId] = f.kind === "option" ? [] : [{ _id: null, min: null, max: null }];
    result.usergroups = [];
    for (const r of rows) {
      const kind = fields.find((f) => f.fieldId === r.field_id)?.kind;
      if (r.field_id === "usergroups" && kind === undefined) result.usergroups.push({ _id: r.value, count: r.n ?? 0 });
      else if (kind === "option") result[r.field_id]!.push({ _id: r.value, count: r.n ?? 0 });
      else if (kind === "number") result[r.field_id] = [{ _id: null, min: r.nmin, max: r.nmax }];
      else if (kind === "date") result[r.field_id] = [{ _id: null, min: r.dmin, max: r.dmax }];
    }
    // Stable order: options by value, groups by id.
    for (const f of fields) if (f.kind === "option") result[f.fieldId]!.sort((a, b) => String(a._id).localeCompare(String(b._id)));
    result.usergroups.sort((a, b) => Number(a._id) - Number(b._id));
    return result;
  };
  if (options.cache === false) return load();
  // Keyed by the match and the filter template's version; dropped by every record write (CACHE_KEYS.records).
  return cached(`${CACHE_KEYS.records}agg:${filterTemplate.id}:${filterTemplate.updatedOn}:${JSON.stringify(spec)}`, FACET_TTL, load);
}

/** GET data/list, data/myList: list items (a page) with the facets of the whole match. */
export async function list(db: Queryable, q: DataQuery): Promise<CCADataListResponse> {
  const { spec } = await resolveQuery(db, q);
  const view = await viewTemplateByName(db, q.viewTemplate, q.language);
  const { ids } = await searchPage(db, spec, q.offset, q.limit, q.sort);
  const rows = await findRecords(db, ids, { live: spec.ownRecords === true });
  const ccaDataList: CCADataListItem[] = [];
  for (const row of rows) ccaDataList.push(await listItemOf(db, row, view, q.language));
  return { aggregation: await aggregate(db, q), ccaDataList };
}
