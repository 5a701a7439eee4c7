/**
 * SQL of the record reads (cca-api data endpoints, issue 12). Every read is limited to visible records
 * (`not is_deleted and not is_template_deleted`; in the value index the `visible` column, migration
 * 0008). Field filters are semi-joins on the typed value index, each answered by its partial index.
 */
import type { EffectiveRestrictions } from "@/contracts/restrictions";
import type { Db, Queryable, SqlParam } from "../../infra/db/db";
import { likePattern, type FieldFilter } from "./data-query";
import { effectiveSort, type DataSort } from "@/contracts/cca-data";
import type { ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";

/** What restricts a set of records: everything of a data query except paging and projection. */
export interface MatchSpec {
  templateId: number | null;
  ids: number[] | null;
  userId: number | null;
  usergroups: number[];
  richTextCount: number | null;
  /** A tsquery (`prefixTsQuery`), or null. */
  tsquery: string | null;
  filters: FieldFilter[];
  /**
   * The caller's own records of any consent (`data/myList` of oneself, `userId` the caller): the live
   * records instead of the public tier. Facet counts stay those of the public tier.
   */
  ownRecords?: boolean;
}

/** A facet to leave out of the match: a field id, or "usergroups". */
type Except = string | null;

class Params {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Not deleted, template not deleted. */
export const LIVE = "not d.is_deleted and not d.is_template_deleted";
/**
 * The public tier every read of many records is limited to: live records with public consent (issue 30;
 * `visible` in the value index and the group rows, migration 0023). See visibility.ts.
 */
export const VISIBLE = `${LIVE} and d.is_public`;

/** The value index rows a match may use: the public tier's, or every row of the caller's own records. */
const valueRows = (spec: Pick<MatchSpec, "ownRecords">) => (spec.ownRecords ? "true" : "v.visible");

/** A database rather than a transaction (a statement setting may then get a transaction of its own). */
const isDb = (db: Queryable): db is Db => typeof (db as Partial<Db>).transaction === "function";

function rangeSql(params: Params, lo: string, hi: string, cast: string, r: { min: number | string | null; max: number | string | null; minExclusive: boolean; maxExclusive: boolean }): string {
  const parts: string[] = [];
  // Overlap of [lo, hi] with the filter's range (a single value has lo = hi).
  if (r.max !== null) parts.push(`v.${lo} ${r.maxExclusive ? "<" : "<="} ${params.add(r.max)}::${cast}`);
  if (r.min !== null) parts.push(`v.${hi} ${r.minExclusive ? ">" : ">="} ${params.add(r.min)}::${cast}`);
  return parts.length === 0 ? "true" : parts.join(" and ");
}

/** The condition on a value index row `v` of one field filter (visibility apart). */
function valueCond(params: Params, f: FieldFilter): string {
  const field = `v.field_id = ${params.add(f.fieldId)}`;
  switch (f.kind) {
    case "option":
      return `${field} and v.option_value is not null and v.option_value = any(${params.add(f.values)}::text[])`;
    case "number":
      return `${field} and v.num_lo is not null and (${f.ranges.map((r) => rangeSql(params, "num_lo", "num_hi", "float8", r)).join(" or ")})`;
    case "date":
      return `${field} and v.date_lo is not null and (${f.ranges.map((r) => rangeSql(params, "date_lo", "date_hi", "date", r)).join(" or ")})`;
    case "text":
      return `${field} and v.text_value is not null and v.text_value ilike any(${params.add(f.values.map(likePattern))}::text[])`;
    case "bbox":
      return `${field} and v.bbox is not null and (${f.boxes
        .map(([x1, y1, x2, y2]) => `v.bbox && box(point(${params.add(x1)}::float8, ${params.add(y1)}::float8), point(${params.add(x2)}::float8, ${params.add(y2)}::float8))`)
        .join(" or ")})`;
  }
}

function filterSql(params: Params, f: FieldFilter, spec: MatchSpec): string {
  return `d.id in (select v.data_id from cca_data_value v where ${valueRows(spec)} and ${valueCond(params, f)})`;
}

const hasBase = (spec: MatchSpec) => spec.templateId !== null || spec.ids !== null || spec.userId !== null || (spec.richTextCount ?? 0) > 0 || spec.tsquery !== null;

/** The where clause (over `cca_data d`) of a match, leaving out one facet's own filter. */
export function matchWhere(params: Params, spec: MatchSpec, except: Except = null): string {
  const clauses = [spec.ownRecords ? LIVE : VISIBLE];
  if (spec.templateId !== null) clauses.push(`d.template_id = ${params.add(spec.templateId)}`);
  if (spec.ids !== null) clauses.push(`d.id = any(${params.add(spec.ids)}::integer[])`);
  if (spec.userId !== null) clauses.push(`d.user_id = ${params.add(spec.userId)}`);
  if (spec.richTextCount !== null && spec.richTextCount > 0) clauses.push(`d.rich_text_count >= ${params.add(spec.richTextCount)}`);
  if (spec.usergroups.length > 0 && except !== "usergroups") {
    clauses.push(`d.id in (select g.data_id from cca_data_user_group g where g.user_group_id = any(${params.add(spec.usergroups)}::integer[]))`);
  }
  if (spec.tsquery !== null) clauses.push(`d.search_vector @@ ${params.add(spec.tsquery)}::tsquery`);
  for (const f of spec.filters) if (f.fieldId !== except) clauses.push(filterSql(params, f, spec));
  return clauses.join("\n  and ");
}

// ── The match as an intersection of id sets ───────────────────────────────────────────────────────
//
// With at least one field filter, a match is the intersection of candidate id sets: one per field
// filter straight from the partial value indexes (index-only scans; visibility is in the index), one
// for the groups, one for the record's own columns (template, ids, owner, rich text, free text). The
// planner cannot estimate a range set (field_id and num_lo are far from independent: 246 rows
// estimated for 68,000), so a first, cheap statement measures each set up to SET_PROBE_CAP rows.
// The second statement then drives from the smallest set: when it is tiny every other set is checked
// per candidate (index probes); otherwise the sets are intersected by hashing, smallest first. `count(*)` of the result is the total and
// `cca_data` is read only for the page (and for ranking when there is free text).

/** Rows read at most to size a candidate set. */
export const SET_PROBE_CAP = 3000;
/**
 * Below this many candidates the others are probed per candidate. A probe costs ~11 µs (primary key
 * and heap), a hashed lookup of a set row ~0.3 µs (PostgreSQL 15, measured): probing wins only when
 * the driver is ~40 times smaller than the sets it replaces reading.
 */
const PROBE_DRIVER_MAX = 500;

interface CandidateSet {
  /** The facet whose own filter this is (a field id, "usergroups"), null for the record's columns. */
  owner: string | null;
  /** Tie order among sets past the cap: options are usually the most selective, ranges the least. */
  rank: number;
  /** `select <id> …` of the set (may repeat an id: a multi-select value matched twice). */
  select(params: Params): string;
  /** Whether the record `ref` is in the set: an index probe per candidate (`offset 0` keeps the planner
   *  from turning it into a hash join over the whole set, which it would on a wrong estimate). */
  probe(params: Params, ref: string): string;
}

const KIND_RANK: Record<FieldFilter["kind"], number> = { option: 1, text: 2, bbox: 3, date: 4, number: 4 };

function candidateSets(spec: MatchSpec, except: Except = null): CandidateSet[] {
  const sets: CandidateSet[] = spec.filters
    .filter((f) => f.fieldId !== except)
    .map((f): CandidateSet => ({
      owner: f.fieldId,
      rank: KIND_RANK[f.kind],
      select: (params) => `select v.data_id from cca_data_value v where ${valueRows(spec)} and ${valueCond(params, f)}`,
      probe: (params, ref) => `exists (select 1 from cca_data_value v where v.data_id = ${ref} and ${valueRows(spec)} and ${valueCond(params, f)} offset 0)`,
    }));
  if (spec.usergroups.length > 0 && except !== "usergroups") {
    sets.push({
      owner: "usergroups",
      rank: 2,
      select: (params) => `select g.data_id from cca_data_user_group g where g.user_group_id = any(${params.add(spec.usergroups)}::integer[])`,
      probe: (params, ref) => `exists (select 1 from cca_data_user_group g where g.data_id = ${ref} and g.user_group_id = any(${params.add(spec.usergroups)}::integer[]) offset 0)`,
    });
  }
  if (hasBase(spec)) {
    const base: MatchSpec = { ...spec, usergroups: [], filters: [] };
    sets.push({
      owner: null,
      rank: 0,
      select: (params) => `select d.id from cca_data d where ${matchWhere(params, base)}`,
      probe: (params, ref) => `exists (select 1 from cca_data d where d.id = ${ref} and ${matchWhere(params, base)} offset 0)`,
    });
  }
  return sets;
}

/**
 * The SQL of the match's id set (column `id`, each id once, only visible records), or null without
 * any field filter (then `matchWhere` over `cca_data` is the plan). Sizes the sets first (one
 * statement) when there are several.
 */
async function matchSetSql(db: Queryable, spec: MatchSpec, params: Params): Promise<string | null> {
  if (spec.filters.length === 0) return null;
  const sets = candidateSets(spec);
  if (sets.length === 1) return `select distinct data_id as id from (${sets[0]!.select(params)}) s(data_id)`;
  const sizing = new Params();
  const sizes = (
    await db.one<{ n: number[] }>(
      `select array[${sets.map((set) => `(select count(*)::integer from (${set.select(sizing)} limit ${SET_PROBE_CAP}) s)`).join(", ")}] as n`,
      sizing.values,
    )
  ).n;
  const order = sets.map((set, i) => ({ set, n: sizes[i]! })).sort((a, b) => a.n - b.n || a.set.rank - b.set.rank);
  if (order[0]!.n < PROBE_DRIVER_MAX) {
    // A handful of candidates: check each against the other sets instead of reading them whole.
    const [first, ...rest] = order.map((o) => o.set);
    return `select distinct c.data_id as id from (${first!.select(params)}) c(data_id) where ${rest.map((set) => set.probe(params, "c.data_id")).join(" and ")}`;
  }
  // The two smallest intersected (hashed), the larger sets as semi-joins on that intersection. One
  // INTERSECT of all would let the planner store the set it wrongly thinks smallest (a range set).
  const [first, second, ...rest] = order.map((o) => o.set);
  const pair = `select data_id from (${first!.select(params)}) a(data_id) intersect select data_id from (${second!.select(params)}) b(data_id)`;
  return `select c.data_id as id from (${pair}) c(data_id)${rest.map((set, i) => `${i === 0 ? " where" : " and"} c.data_id in (${set.select(params)})`).join("")}`;
}

/**
 * The order of a page (`sort=`, contracts/cca-data.ts `effectiveSort`): relevance (title hits, then
 * rank, then newest), newest or oldest by id (the primary key), or the title sort key A–Z with records
 * without a title last (`cca_data_title_sort_idx`, migration 0022, in the same order). Ties by id.
 */
const pageOrder = (params: Params, spec: MatchSpec, sort: DataSort) => {
  switch (effectiveSort(sort, spec.tsquery !== null)) {
    case "relevance":
      return `(d.title_vector @@ ${params.add(spec.tsquery)}::tsquery) desc, ts_rank(d.search_vector, ${params.add(spec.tsquery)}::tsquery) desc, d.id desc`;
    case "oldest":
      return "d.id asc";
    case "title":
      return "d.title_sort asc nulls last, d.id asc";
    case "newest":
      return "d.id desc";
  }
};

/** The statement of a page of matches and the total, and its parameters (EXPLAIN in tests and the benchmark). */
export async function searchSql(db: Queryable, spec: MatchSpec, offset: number, limit: number, sort: DataSort | null = null): Promise<{ sql: string; params: SqlParam[] }> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  const sortBy = effectiveSort(sort, spec.tsquery !== null);
  if (set === null) {
    const where = matchWhere(params, spec);
    const order = pageOrder(params, spec, sortBy);
    return {
      sql: `select d.id, (count(*) over ())::integer as total from cca_data d where ${where} order by ${order} limit ${params.add(limit)} offset ${params.add(offset)}`,
      params: params.values,
    };
  }
  // Newest or oldest: the largest or smallest ids of the set, cca_data is not read at all here.
  const page =
    sortBy === "newest" || sortBy === "oldest"
      ? `select m.id from m order by m.id ${sortBy === "newest" ? "desc" : "asc"} limit ${params.add(limit)} offset ${params.add(offset)}`
      : `select d.id from cca_data d where d.id in (select m.id from m) order by ${pageOrder(params, spec, sortBy)} limit ${params.add(limit)} offset ${params.add(offset)}`;
  return {
    sql: `with m as materialized (${set})
select coalesce(array(${page}), '{}') as ids, (select count(*)::integer from m) as total`,
    params: params.values,
  };
}

/** Ids of one page of matches and the total, in the order asked (null: relevance with free text, else newest). */
export async function searchPage(db: Queryable, spec: MatchSpec, offset: number, limit: number, sort: DataSort | null = null): Promise<{ ids: number[]; total: number | null }> {
  const { sql, params } = await searchSql(db, spec, offset, limit, sort);
  const rows = await db.query<{ id?: number; ids?: number[]; total: number }>(sql, params);
  // The set form answers one row (ids, total); the window form a row per id and none past the end.
  if (rows.length === 1 && rows[0]!.ids !== undefined) return { ids: rows[0]!.ids, total: rows[0]!.total };
  return { ids: rows.map((r) => r.id!), total: rows[0]?.total ?? null };
}

export async function countMatches(db: Queryable, spec: MatchSpec): Promise<number> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  const sql = set === null ? `select count(*)::integer as n from cca_data d where ${matchWhere(params, spec)}` : `select count(*)::integer as n from (${set}) m`;
  return (await db.one<{ n: number }>(sql, params.values)).n;
}

/**
 * The map points of every match with a public centroid as one JSON text, `[{"id":…,"lat":…,"lng":…},…]`
 * by id, coordinates rounded to 4 decimals like `Math.round(x * 1e4) / 1e4` (the same double, printed
 * shortest by float8out as by JSON.stringify). One value instead of 100,000 rows: measured at 100,000
 * (load 10 on 2 cores), rows then objects then JSON.stringify took 325–1360 ms on PostgreSQL and
 * 2.5–3 s on PGlite (every row out of WASM); this text 330–530 ms and 190–580 ms (json_agg: 730+ ms
 * on PostgreSQL). The route sends it as is (`jsonText`).
 */
export async function mapPointsJson(db: Queryable, spec: MatchSpec, options: { limit?: number } = {}): Promise<string> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  const where = set === null ? matchWhere(params, spec) : `${spec.ownRecords ? LIVE : VISIBLE} and d.id in (${set})`;
  const round4 = (column: string) => `(floor(p.${column} * 10000 + 0.5) / 10000)::text`;
  // The separator carries the constant part of each object (two concatenations fewer per row). The points come in id order from the covering index of the
  // subquery (an `order by` inside string_agg would sort all of them again on PostgreSQL 15).
  const { body } = await db.one<{ body: string }>(
    `select coalesce('[{"id":' || string_agg(p.id || ',"lat":' || ${round4("centroid_lat")} || ',"lng":' || ${round4("centroid_lon")}, '},{"id":') || '}]', '[]') as body
       from (select d.id, d.centroid_lat, d.centroid_lon from cca_data d where ${where} and d.centroid_lat is not null order by d.id${options.limit === undefined ? "" : ` limit ${params.add(options.limit)}`}) p`,
    params.values,
  );
  return body;
}

/** A square grid over the Web Mercator world: `cells` columns and rows; the box (degrees) whose records are read. */
export interface MapGrid {
  cells: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The matches' public centroids in a box, counted per cell of a Web Mercator grid (issue 35), as the JSON
 * text of `[[cx, cy, n, id, lng, lat, spread], …]`: the cell, its records, the smallest id, the mean of
 * their centroids (a lone record: its centroid rounded to 4 decimals, as `mapPointsJson` gives it) and how
 * far apart they lie, in cells. Built by the database as one text (see `mapPointsJson`).
 */
export async function mapGridCellsJson(db: Queryable, spec: MatchSpec, grid: MapGrid): Promise<string> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  const where = set === null ? matchWhere(params, spec) : `${spec.ownRecords ? LIVE : VISIBLE} and d.id in (${set})`;
  const cells = params.add(grid.cells);
  const round = (expr: string, places: number) => `(floor(${expr} * ${10 ** places} + 0.5) / ${10 ** places})::text`;
  const { body } = await db.one<{ body: string }>(
    `select coalesce('[[' || string_agg(c.cx || ',' || c.cy || ',' || c.n || ',' || c.id || ',' || c.lng || ',' || c.lat || ',' || c.spread, '],[') || ']]', '[]') as body
       from (select floor(p.x)::integer as cx, floor(p.y)::integer as cy, count(*)::integer as n, min(p.id) as id,
                    case when count(*) = 1 then ${round("min(p.lon)", 4)} else ${round("avg(p.lon)", 5)} end as lng,
                    case when count(*) = 1 then ${round("min(p.lat)", 4)} else ${round("avg(p.lat)", 5)} end as lat,
                    ${round("greatest(max(p.x) - min(p.x), max(p.y) - min(p.y))", 4)} as spread
               from (select d.id, d.centroid_lon as lon, d.centroid_lat as lat,
                            (d.centroid_lon + 180) / 360 * ${cells}::float8 as x,
                            (0.5 - ln(tan(pi() / 4 + radians(d.centroid_lat) / 2)) / (2 * pi())) * ${cells}::float8 as y
                       from cca_data d
                      where ${where} and d.centroid_lat is not null
                        and d.centroid_lon between ${params.add(grid.west)}::float8 and ${params.add(grid.east)}::float8
                        and d.centroid_lat between ${params.add(grid.south)}::float8 and ${params.add(grid.north)}::float8) p
              group by 1, 2) c`,
    params.values,
  );
  return body;
}

/** How many matches have a public centroid, and the box around them (null ends when none; rounded as the points are). */
export interface MapExtentRow {
  n: number;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

/**
 * The map of one view (issue 35): the matches' extent, then their points (as `mapPointsJson`) when there are
 * at most `limit`, else the view's grid cells (as `mapGridCellsJson`). With a field filter in one statement:
 * the matches' public centroids read once (materialised; the branch not taken is never run). Before, a
 * large match was read three times: points up to the limit, the extent, the cells.
 */
export async function mapViewJson(db: Queryable, spec: MatchSpec, limit: number, grid: MapGrid): Promise<{ extent: MapExtentRow; points: string | null; cells: string | null }> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  if (set === null) {
    // No field filter: each read is a scan of the map index (covering), cheaper than copying up to every
    // record's point (100,000: spilled to disk and sorted); the extent first, then the one branch.
    const extent = await db.one<MapExtentRow>(
      `select count(*)::integer as n, floor(min(d.centroid_lon) * 10000 + 0.5) / 10000 as west, floor(min(d.centroid_lat) * 10000 + 0.5) / 10000 as south,
              floor(max(d.centroid_lon) * 10000 + 0.5) / 10000 as east, floor(max(d.centroid_lat) * 10000 + 0.5) / 10000 as north
         from cca_data d where ${matchWhere(params, spec)} and d.centroid_lat is not null`,
      params.values,
    );
    return extent.n <= limit ? { extent, points: await mapPointsJson(db, spec), cells: null } : { extent, points: null, cells: await mapGridCellsJson(db, spec, grid) };
  }
  const where = `${spec.ownRecords ? LIVE : VISIBLE} and d.id in (${set})`;
  const lim = `${params.add(limit)}::integer`;
  const cells = params.add(grid.cells);
  const round = (expr: string, places: number) => `(floor(${expr} * ${10 ** places} + 0.5) / ${10 ** places})::text`;
  const row = await db.one<MapExtentRow & { points: string | null; cells: string | null }>(
    `with p as materialized (select d.id, d.centroid_lon as lon, d.centroid_lat as lat from cca_data d where ${where} and d.centroid_lat is not null order by d.id),
     e as materialized (select count(*)::integer as n, floor(min(p.lon) * 10000 + 0.5) / 10000 as west, floor(min(p.lat) * 10000 + 0.5) / 10000 as south,
                               floor(max(p.lon) * 10000 + 0.5) / 10000 as east, floor(max(p.lat) * 10000 + 0.5) / 10000 as north from p)
select e.n, e.west, e.south, e.east, e.north,
       case when e.n <= ${lim} then (select coalesce('[{"id":' || string_agg(p.id || ',"lat":' || ${round("p.lat", 4)} || ',"lng":' || ${round("p.lon", 4)}, '},{"id":') || '}]', '[]') from p) end as points,
       case when e.n > ${lim} then (
         select coalesce('[[' || string_agg(c.cx || ',' || c.cy || ',' || c.n || ',' || c.id || ',' || c.lng || ',' || c.lat || ',' || c.spread, '],[') || ']]', '[]')
           from (select floor(q.x)::integer as cx, floor(q.y)::integer as cy, count(*)::integer as n, min(q.id) as id,
                        case when count(*) = 1 then ${round("min(q.lon)", 4)} else ${round("avg(q.lon)", 5)} end as lng,
                        case when count(*) = 1 then ${round("min(q.lat)", 4)} else ${round("avg(q.lat)", 5)} end as lat,
                        ${round("greatest(max(q.x) - min(q.x), max(q.y) - min(q.y))", 4)} as spread
                   from (select p.id, p.lon, p.lat, (p.lon + 180) / 360 * ${cells}::float8 as x,
                                (0.5 - ln(tan(pi() / 4 + radians(p.lat) / 2)) / (2 * pi())) * ${cells}::float8 as y
                           from p
                          where p.lon between ${params.add(grid.west)}::float8 and ${params.add(grid.east)}::float8
                            and p.lat between ${params.add(grid.south)}::float8 and ${params.add(grid.north)}::float8) q
                  group by 1, 2) c) end as cells
  from e`,
    params.values,
  );
  const { points, cells: gridCells, ...extent } = row;
  return { extent, points, cells: gridCells };
}

export interface FacetField {
  fieldId: string;
  kind: "option" | "number" | "date";
}

export interface FacetRowSql {
  field_id: string;
  value: string | null;
  n: number | null;
  nmin: number | null;
  nmax: number | null;
  dmin: string | null;
  dmax: string | null;
}

/**
 * Below this many records a facet scope reads its records' own value rows (the primary key, one range a
 * record, every facet field at once); from here on each facet hashes its field's index rows (issue 35: at
 * 100,000 records the scope of every filter is ~850 records, the field's rows 100,000–136,000).
 */
export const FACET_PROBE_MAX = 3000;

/**
 * A facet with no set but its own (every facet of an unfiltered call, the filter's own facet of a one-filter
 * call): the counts kept by the writes (migration 0009) and the ends of the range indexes (the upper ends
 * through 0009's negated expressions), instead of reading the field's index rows whole.
 */
function unscopedFacetSql(params: Params, f: FacetField): string {
  const field = params.add(f.fieldId);
  if (f.kind === "option") {
    return `select ${field}::text as field_id, c.option_value as value, c.count as n, null::float8 as nmin, null::float8 as nmax, null::text as dmin, null::text as dmax
          from cca_facet_count c where c.field_id = ${field} and c.count > 0`;
  }
  if (f.kind === "number") {
    return `select ${field}::text, null::text, null::integer,
          (select v.num_lo from cca_data_value v where v.visible and v.field_id = ${field} and v.num_lo is not null order by v.num_lo limit 1),
          (select v.num_hi from cca_data_value v where v.visible and v.field_id = ${field} and v.num_lo is not null and v.num_hi is not null order by -v.num_hi limit 1),
          null::text, null::text`;
  }
  return `select ${field}::text, null::text, null::integer, null::float8, null::float8,
          (select to_char(v.date_lo, 'YYYY-MM-DD') from cca_data_value v where v.visible and v.field_id = ${field} and v.date_lo is not null order by v.date_lo limit 1),
          (select to_char(v.date_hi, 'YYYY-MM-DD') from cca_data_value v where v.visible and v.field_id = ${field} and v.date_lo is not null and v.date_hi is not null order by date '2000-01-01' - v.date_hi limit 1)`;
}

// ── Facets of one option filter from the kept pair counts (migration 0035) ─────────────────────────

/** The one option filter whose records every facet but its own counts among, when the kept pairs answer it. */
interface PairKey {
  fieldId: string;
  values: string[];
  /** Its records (the kept counts of its values, 0009: one row a record, as no record holds two of them). */
  records: number;
}

/**
 * Rows a range facet's walk reads at most, in its index's order, before it reads the scope's own rows
 * instead: the first row of a record in the scope is the end (a filter holding 1 record in 30 is met after
 * ~30 rows; 300 rows miss it about once in 20,000).
 */
export const FACET_WALK_MAX = 300;

/**
 * The filter of a call whose facets the kept pair counts answer: one option filter and no other
 * restriction (template, ids, owner, groups, rich text, free text; not the owner's own records). Several
 * values are added up only when no record holds two of them (the pairs of the field with itself say so).
 */
async function pairKey(db: Queryable, spec: MatchSpec): Promise<PairKey | null> {
  const filter = spec.filters[0];
  if (spec.filters.length !== 1 || filter?.kind !== "option" || spec.ownRecords || hasBase(spec) || spec.usergroups.length > 0) return null;
  const values = [...new Set(filter.values)];
  if (values.length === 0) return null;
  const { records, both } = await db.one<{ records: number; both: number }>(
    `select (select coalesce(sum(c.count), 0)::integer from cca_facet_count c where c.field_id = $1 and c.option_value = any($2::text[])) as records,
            ${values.length === 1 ? "0" : "(select coalesce(sum(c.count), 0)::integer from cca_facet_pair_count c where c.key_field = $1 and c.key_value = any($2::text[]) and c.field_id = $1 and c.option_value = any($2::text[]))"} as both`,
    [filter.fieldId, values],
  );
  return both === 0 ? { fieldId: filter.fieldId, values, records } : null;
}

/**
 * Every facet of a one-option-filter call (`pairKey`): the filter's own facet unscoped, every other option
 * facet and the groups from the kept pair counts (sums of a few dozen rows), a range facet's ends by
 * walking its index from each end until the first row of a record holding the filter's value (a probe of
 * the record's own value rows), at most `FACET_WALK_MAX` rows, else among all the filter's records.
 */
async function pairFacets(db: Queryable, key: PairKey, fields: readonly FacetField[]): Promise<FacetRowSql[]> {
  const params = new Params();
  const keyField = `${params.add(key.fieldId)}::text`;
  const keyValues = `${params.add(key.values)}::text[]`;
  let walkParam: string | null = null;
  const walkMax = () => (walkParam ??= `${params.add(FACET_WALK_MAX)}::integer`);
  const inScope = (ref: string) =>
    `exists (select 1 from cca_data_value k where k.data_id = ${ref} and k.field_id = ${keyField} and k.visible and k.option_value = any(${keyValues}) offset 0)`;
  const scope = `select k.data_id from cca_data_value k where k.visible and k.field_id = ${keyField} and k.option_value is not null and k.option_value = any(${keyValues})`;
  // The value of the first in-scope row of a walk in an index's order (`order`: that order's expression,
  // carried out as `o` so the outer order is the walk's own and nothing is sorted), else the fallback.
  const walk = (rows: string, value: string, order: string, fallback: string) =>
    `coalesce((select w.x from (select v.data_id, ${value} as x, ${order} as o ${rows} order by ${order} limit ${walkMax()}) w where ${inScope("w.data_id")} order by w.o limit 1), (${fallback}))`;
  const parts: string[] = [];
  const pairFields: string[] = [];
  for (const f of fields) {
    if (f.fieldId === key.fieldId) {
      parts.push(unscopedFacetSql(params, f));
      continue;
    }
    if (f.kind === "option") {
      pairFields.push(f.fieldId);
      continue;
    }
    // No record in the scope: no range (as the general plan, which answers no row).
    if (key.records === 0) continue;
    const field = `${params.add(f.fieldId)}::text`;
    const [lo, hi, present] = f.kind === "number" ? ["num_lo", "num_hi", "num_lo"] : ["date_lo", "date_hi", "date_lo"];
    const rows = `from cca_data_value v where v.visible and v.field_id = ${field} and v.${present} is not null`;
    // Past the walk: a small scope reads its records' rows of the field by primary key, a large one hashes the field's index rows with it.
    const all =
      key.records < FACET_PROBE_MAX
        ? `from (${scope}) s(id) cross join lateral (select v.${lo}, v.${hi} from cca_data_value v where v.data_id = s.id and v.field_id = ${field} and v.visible and v.${present} is not null offset 0) v`
        : `${rows} and v.data_id in (${scope})`;
    const min = walk(rows, `v.${lo}`, `v.${lo}`, `select min(v.${lo}) ${all}`);
    const max = walk(`${rows} and v.${hi} is not null`, `v.${hi}`, f.kind === "number" ? "-v.num_hi" : "date '2000-01-01' - v.date_hi", `select max(v.${hi}) ${all}`);
    // No row when the scope holds no value of the field (as the general plan's key reads).
    parts.push(
      f.kind === "number"
        ? `select * from (select ${field}::text, null::text, null::integer, ${min} as nmin, ${max} as nmax, null::text, null::text) r where r.nmin is not null`
        : `select * from (select ${field}::text, null::text, null::integer, null::float8, null::float8, to_char(${min}, 'YYYY-MM-DD') as dmin, to_char(${max}, 'YYYY-MM-DD') as dmax) r where r.dmin is not null`,
    );
  }
  // The option facets and the groups ('@groups' in the pairs): the filter's values' pairs added up.
  parts.push(`select case when c.field_id = '@groups' then 'usergroups' else c.field_id end, c.option_value, sum(c.count)::integer, null::float8, null::float8, null::text, null::text
      from cca_facet_pair_count c
     where c.key_field = ${keyField} and c.key_value = any(${keyValues}) and c.field_id = any(${params.add([...pairFields, "@groups"])}::text[])
     group by c.field_id, c.option_value having sum(c.count) > 0`);
  return db.query<FacetRowSql>(parts.join("\nunion all\n"), params.values);
}

/**
 * Every facet in one statement. Each field filter's matching ids are computed once (a materialised
 * CTE); a facet counts the value index rows of its field among the records in every set but its own
 * (the `usergroups` facet: every set but the group one). With no set at all a facet reads its field's
 * index rows alone. Non-facet restrictions (template, ids, owner, rich text, free text) form one more
 * set that every facet keeps. A facet with no set but its own (every facet of an unfiltered call)
 * reads the counts the writes keep (`cca_facet_count`, `cca_group_count`, migration 0009) and the ends
 * of the range indexes.
 *
 * A scope (the records a facet counts among) is counted once; by its size the statement takes one of two
 * branches for it (both are planned, one runs: a one-time filter on the count): under `FACET_PROBE_MAX`
 * records, the scope's records' value rows of every facet field sharing it, grouped once; otherwise one
 * hash join per facet of the field's index rows with the scope.
 */
export async function facets(db: Queryable, spec: MatchSpec, fields: readonly FacetField[], options: { probeMax?: number; keptPairs?: boolean } = {}): Promise<FacetRowSql[]> {
  const key = options.keptPairs === false ? null : await pairKey(db, spec);
  if (key !== null) return pairFacets(db, key, fields);
  const params = new Params();
  const ctes: string[] = [];
  // Each set straight from its index (value sets hold only visible records; the group set may hold
  // hidden ones, but every facet counts only visible rows). Ids may repeat: intersect and `in` do not mind.
  const sets = candidateSets(spec).map((set, i) => {
    const name = `s_${i}`;
    ctes.push(`${name} as materialized (${set.select(params)})`);
    return { name, owner: set.owner };
  });
  // One intersection per distinct "every set but the owner's" (most facets share the full one), each id once.
  const scopes = new Map<string, { name: string; fields: FacetField[]; groups: boolean }>();
  const scopeOf = (owner: string): { name: string; fields: FacetField[]; groups: boolean } | null => {
    const members = sets.filter((x) => x.owner !== owner).map((x) => x.name);
    if (members.length === 0) return null;
    const key = members.join(",");
    let scope = scopes.get(key);
    if (!scope) {
      const name = `scope_${scopes.size}`;
      ctes.push(`${name} as materialized (${members.length === 1 ? `select distinct * from ${members[0]}` : members.map((m) => `select * from ${m}`).join(" intersect ")})`);
      ctes.push(`${name}_n as materialized (select count(*)::integer as n from ${name})`);
      scope = { name, fields: [], groups: false };
      scopes.set(key, scope);
    }
    return scope;
  };
  const parts: string[] = [];
  // The size between the branches, a parameter only when some scope uses it (an unused one has no type).
  let probeParam: string | null = null;
  const probeAt = () => (probeParam ??= `${params.add(options.probeMax ?? FACET_PROBE_MAX)}::integer`);
  for (const f of fields) {
    const scope = scopeOf(f.fieldId);
    if (scope === null) {
      parts.push(unscopedFacetSql(params, f));
      continue;
    }
    const field = params.add(f.fieldId);
    scope.fields.push(f);
    // The large branch: the field's index rows hashed against the scope.
    const large = `(select n from ${scope.name}_n) >= ${probeAt()}`;
    const scoped = `and v.data_id in (select * from ${scope.name}) and ${large}`;
    if (f.kind === "option") {
      parts.push(`select ${field}::text as field_id, v.option_value as value, count(*)::integer as n, null::float8 as nmin, null::float8 as nmax, null::text as dmin, null::text as dmax
        from cca_data_value v where v.visible and v.field_id = ${field} and v.option_value is not null ${scoped} group by v.option_value`);
    } else if (f.kind === "number") {
      parts.push(`select ${field}::text, null::text, null::integer, min(v.num_lo), max(v.num_hi), null::text, null::text
        from cca_data_value v where v.visible and v.field_id = ${field} and v.num_lo is not null ${scoped} having ${large}`);
    } else {
      parts.push(`select ${field}::text, null::text, null::integer, null::float8, null::float8, to_char(min(v.date_lo), 'YYYY-MM-DD'), to_char(max(v.date_hi), 'YYYY-MM-DD')
        from cca_data_value v where v.visible and v.field_id = ${field} and v.date_lo is not null ${scoped} having ${large}`);
    }
  }
  // `visible` on the group rows (0009): no join with cca_data; without other filters the kept counts.
  const groupScope = scopeOf("usergroups");
  if (groupScope === null) {
    parts.push(`select 'usergroups', c.user_group_id::text, c.count, null::float8, null::float8, null::text, null::text from cca_group_count c where c.count > 0`);
  } else {
    groupScope.groups = true;
    parts.push(`select 'usergroups', g.user_group_id::text, count(*)::integer, null::float8, null::float8, null::text, null::text
    from cca_data_user_group g where g.visible and g.data_id in (select * from ${groupScope.name}) and (select n from ${groupScope.name}_n) >= ${probeAt()} group by g.user_group_id`);
  }
  // The small branch of each scope: its records' rows of every facet field sharing it, by primary key.
  for (const scope of scopes.values()) {
    const small = `(select n from ${scope.name}_n) < ${probeAt()}`;
    const ofKind = (kind: FacetField["kind"]) => scope.fields.filter((f) => f.kind === kind).map((f) => f.fieldId);
    const [options, numbers, dates] = [ofKind("option"), ofKind("number"), ofKind("date")];
    const wanted = [
      options.length > 0 ? `(v.field_id = any(${params.add(options)}::text[]) and v.option_value is not null)` : null,
      numbers.length > 0 ? `(v.field_id = any(${params.add(numbers)}::text[]) and v.num_lo is not null)` : null,
      dates.length > 0 ? `(v.field_id = any(${params.add(dates)}::text[]) and v.date_lo is not null)` : null,
    ].filter((w) => w !== null);
    if (wanted.length > 0) {
      // Per field and option value: a count (options), the range's ends (numbers, dates; their value is null).
      // Lateral and `offset 0`: a key range per record, never a hash of the whole table.
      parts.push(`select v.field_id, v.option_value, case when v.option_value is null then null else count(*)::integer end, min(v.num_lo), max(v.num_hi), to_char(min(v.date_lo), 'YYYY-MM-DD'), to_char(max(v.date_hi), 'YYYY-MM-DD')
        from ${scope.name} s(id) cross join lateral (select v.field_id, v.option_value, v.num_lo, v.num_hi, v.date_lo, v.date_hi from cca_data_value v
              where v.data_id = s.id and v.visible and (${wanted.join(" or ")}) offset 0) v
       where ${small} group by v.field_id, v.option_value`);
    }
    if (scope.groups) {
      parts.push(`select 'usergroups', g.user_group_id::text, count(*)::integer, null::float8, null::float8, null::text, null::text
        from ${scope.name} s(id) cross join lateral (select g.user_group_id from cca_data_user_group g where g.data_id = s.id and g.visible offset 0) g
       where ${small} group by g.user_group_id`);
    }
  }
  const sql = `${ctes.length > 0 ? `with ${ctes.join(",\n")}\n` : ""}${parts.join("\nunion all\n")}`;
  if (ctes.length === 0 || !isDb(db)) return db.query<FacetRowSql>(sql, params.values);
  // The planner takes every materialised scope for 200 rows and probes a facet's rows per candidate
  // (primary key and heap); a facet ignoring its own filter often has ~10,000. Hashing the field's
  // index-only rows instead: 8 calls with 3 filters at 100,000, p50 457–498 → 317–324 ms PostgreSQL,
  // 511–667 → 305–341 ms PGlite (load ~5.5). Only for this statement (`set local`). The small branches
  // join by the scope's ids (a nested loop all the same: nothing else can use the key range), so the
  // plan's cost carries the disabled nested loops' penalty: PostgreSQL would compile it (JIT, 4 s of 4.6
  // measured) — not for a statement of milliseconds (`jit` off; PGlite has none).
  return db.transaction(async (tx) => {
    await tx.exec("set local enable_nestloop = off; set local jit = off");
    return tx.query<FacetRowSql>(sql, params.values);
  });
}

export interface RecordRow {
  id: number;
  template_id: number;
  short_name: string;
  user_id: number;
  field_values: Record<string, { fieldId?: string; name?: string; type: string; value: unknown }>;
  centroid_lon: number | null;
  centroid_lat: number | null;
  location_state: string | null;
  location_district: string | null;
  location_tahsil: string | null;
  allowed_users: number[];
  followers: number[];
  usergroups: number[];
  rich_text_count: number;
  text_field_count: number;
  created_on: Date;
  updated_on: Date;
  consent_audience: ConsentAudience;
  consent_registries: boolean;
  review_state: ReviewState;
  review_note: string | null;
  /** Its treatments (migration 0027; records/treatments.ts), whether they withhold the whole record today, and its label ids. */
  treatments: EffectiveRestrictions;
  record_withheld: boolean;
  labels: string[];
}

/**
 * Records by id, in the order of `ids`: of the public tier, or (`live`) every live record, for a read of
 * one record that the visibility engine then decides (visibility.ts) or the caller's own list.
 */
export async function findRecords(db: Queryable, ids: readonly number[], options: { live?: boolean } = {}): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<RecordRow>(
    `select d.id, d.template_id, t.short_name, d.user_id, d.field_values, d.centroid_lon, d.centroid_lat, d.location_state, d.location_district,
            d.location_tahsil, d.allowed_users, d.followers, d.rich_text_count, d.text_field_count, d.created_on, d.updated_on,
            d.consent_audience, d.consent_registries, d.review_state, d.review_note, d.treatments, d.record_withheld,
            array(select l.label_id from cca_data_label l where l.data_id = d.id order by l.label_id) as labels,
            coalesce((select array_agg(g.user_group_id order by g.user_group_id) from cca_data_user_group g where g.data_id = d.id), '{}') as usergroups
       from cca_data d join cca_template t on t.id = d.template_id
      where d.id = any($1::integer[]) and ${options.live ? LIVE : VISIBLE}`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RecordRow => r !== undefined);
}

// ── The response table and exports (issue 14) ───────────────────────────────────────────────────

/** Every matching id, ascending: exports read the records in pages of these (memory: 4 bytes a record). */
export async function matchingIds(db: Queryable, spec: MatchSpec): Promise<number[]> {
  const params = new Params();
  const set = await matchSetSql(db, spec, params);
  const inner = set === null ? `select d.id from cca_data d where ${matchWhere(params, spec)} order by d.id` : `select distinct m.id from (${set}) m order by m.id`;
  return (await db.one<{ ids: number[] }>(`select coalesce(array(${inner}), '{}') as ids`, params.values)).ids;
}

/** What the table sorts by: a record column, or the first value of a field in the value index. */
export type TableSort =
  | { kind: "column"; column: "id" | "created_on" | "updated_on" }
  | { kind: "field"; fieldId: string; value: "option" | "number" | "date" | "text" };

const SORT_VALUE: Record<Extract<TableSort, { kind: "field" }>["value"], string> = {
  option: "v.option_value",
  number: "v.num_lo",
  date: "v.date_lo",
  text: "lower(v.text_value)",
};

/** The value column a field sort's rows must hold (the sort indexes of migration 0034 are partial on it). */
const SORT_PRESENT: Record<Extract<TableSort, { kind: "field" }>["value"], string> = {
  option: "v.option_value is not null",
  number: "v.num_lo is not null",
  date: "v.date_lo is not null",
  text: "v.text_value is not null",
};

/**
 * From this many matches on, a table page walks a sort index (migration 0034) in order and keeps the
 * matches (a hashed look-up in the match) until the page is full, instead of sorting every match: at
 * 100,000 records and page 50 of a text sort, ~1,000 index rows against 100,000 values sorted (issue 35).
 */
export const TABLE_WALK_MIN = 5000;

/**
 * One page of the response table: ids in the asked order (ties by id; records without a value last)
 * and the total. The match is materialised once (ids only); a field sort reads the value index row of
 * that field (ordinal 0: the first option of a multi-select).
 *
 * Two plans, one runs (a `case` on the match's size; its other branch is never executed): a small match
 * is sorted whole; a large one is read in order from a sort index (`cca_data_value_sort_*_idx`,
 * `cca_data_updated_idx`, `cca_data_created_idx`, the primary key), each row kept when it is in the match
 * — the `in` sits under an `or` the planner cannot drop, so it stays a hashed look-up and the index order
 * is kept. Records without a value come after, in id order, read only when the page reaches them.
 */
export async function tablePage(
  db: Queryable,
  spec: MatchSpec,
  sort: TableSort,
  order: "asc" | "desc",
  offset: number,
  limit: number,
  options: { walkMin?: number } = {},
): Promise<{ ids: number[]; total: number }> {
  const params = new Params();
  // Every form of the match holds each id once (matchSetSql: distinct or intersect; the where clause over the primary key).
  const set = await matchSetSql(db, spec, params);
  // Without a field filter the match is a where clause over cca_data: not materialised (counted from its
  // index; a walked row is checked by its primary key), so 100,000 ids are never copied.
  const where = set === null ? matchWhere(params, spec) : null;
  const dir = order === "asc" ? "asc" : "desc";
  const lim = `${params.add(limit)}::integer`;
  const off = `${params.add(offset)}::integer`;
  const walkMin = `${params.add(options.walkMin ?? TABLE_WALK_MIN)}::integer`;
  const inMatch = (ref: string) =>
    where === null ? `(${ref} in (select m.id from m) or ${ref} < 0)` : `(exists (select 1 from cca_data d where d.id = ${ref} and ${where}) or ${ref} < 0)`;
  let sorted: string;
  let walked: string;
  let rest = "null::integer[]";
  if (sort.kind === "column" && sort.column === "id") {
    sorted = `select m.id from m order by m.id ${dir} limit ${lim} offset ${off}`;
    walked =
      where === null
        ? `select d.id from cca_data d where ${inMatch("d.id")} order by d.id ${dir} limit ${lim} offset ${off}`
        : `select d.id from cca_data d where ${where} order by d.id ${dir} limit ${lim} offset ${off}`;
  } else if (sort.kind === "column") {
    sorted = `select m.id from m join cca_data d on d.id = m.id order by d.${sort.column} ${dir}, m.id ${dir} limit ${lim} offset ${off}`;
    walked =
      where === null
        ? `select d.id from cca_data d where ${spec.ownRecords ? LIVE : VISIBLE} and ${inMatch("d.id")} order by d.${sort.column} ${dir}, d.id ${dir} limit ${lim} offset ${off}`
        : `select d.id from cca_data d where ${where} order by d.${sort.column} ${dir}, d.id ${dir} limit ${lim} offset ${off}`;
  } else {
    const field = params.add(sort.fieldId);
    const key = SORT_VALUE[sort.value];
    const rows = `v.field_id = ${field} and v.ordinal = 0 and ${valueRows(spec)} and ${SORT_PRESENT[sort.value]}`;
    sorted = `select m.id from m left join cca_data_value v on v.data_id = m.id and v.field_id = ${field} and v.ordinal = 0 order by ${key} ${dir} nulls last, m.id ${dir} limit ${lim} offset ${off}`;
    // The records with a value, in order, up to the page's end; those without one only when the page goes past them.
    walked = `select v.data_id from cca_data_value v where ${rows} and ${inMatch("v.data_id")} order by ${key} ${dir}, v.data_id ${dir} limit ${lim} + ${off}`;
    rest = `case when (select n from n) >= ${walkMin} and cardinality((select ids from w)) < ${lim} + ${off} then array(
        select m.id from m where not exists (select 1 from cca_data_value v where v.data_id = m.id and ${rows})
         order by m.id ${dir} limit ${lim} + ${off} - cardinality((select ids from w))) end`;
  }
  const row = await db.one<{ ids: number[] | null; walked: number[] | null; rest: number[] | null; total: number }>(
    `with m as ${where === null ? `materialized (${set})` : `not materialized (select d.id from cca_data d where ${where})`},
     n as materialized (select count(*)::integer as n from m),
     w as materialized (select case when (select n from n) >= ${walkMin} then array(${walked}) end as ids)
select case when (select n from n) < ${walkMin} then array(${sorted}) end as ids, (select ids from w) as walked, ${rest} as rest, (select n from n) as total`,
    params.values,
  );
  if (row.ids !== null) return { ids: row.ids, total: row.total };
  if (sort.kind === "column") return { ids: row.walked ?? [], total: row.total };
  // A field sort walked: the valued records up to the page's end, then those without a value.
  return { ids: [...(row.walked ?? []), ...(row.rest ?? [])].slice(offset, offset + limit), total: row.total };
}

export interface ExportRow {
  id: number;
  user_id: number;
  field_values: RecordRow["field_values"];
  /** Its treatments and label ids (issue 30): exports apply the one and carry the other. */
  treatments: EffectiveRestrictions;
  labels: string[];
  centroid_lon: number | null;
  centroid_lat: number | null;
  location_state: string | null;
  location_district: string | null;
  location_tahsil: string | null;
  created_on: Date;
  updated_on: Date;
}

/**
 * Visible records of the given ids, by id: one page of an export. The values come as JSON text parsed
 * here: PGlite's own jsonb reading took 3 times as long (500 master records: ~190 ms against ~60 ms).
 */
export async function exportRows(db: Queryable, ids: readonly number[]): Promise<ExportRow[]> {
  const rows = await db.query<Omit<ExportRow, "field_values"> & { field_values: string }>(
    `select d.id, d.user_id, d.field_values::text as field_values, d.treatments,
            array(select l.label_id from cca_data_label l where l.data_id = d.id order by l.label_id) as labels, d.centroid_lon, d.centroid_lat, d.location_state, d.location_district, d.location_tahsil, d.created_on, d.updated_on
       from cca_data d where d.id = any($1::integer[]) and ${VISIBLE} order by d.id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, field_values: JSON.parse(r.field_values) as ExportRow["field_values"] }));
}

// ── Statistics (data/chart, issue 15) ────────────────────────────────────────────────────────────

/** Visible matching records per state (`location_state`; null when unknown), most first. */
export async function countByState(db: Queryable, spec: MatchSpec): Promise<{ state: string | null; n: number }[]> {
  const params = new Params();
  return db.query<{ state: string | null; n: number }>(
    `select d.location_state as state, count(*)::integer as n from cca_data d where ${matchWhere(params, spec)} group by 1 order by 2 desc, 1`,
    params.values,
  );
}

export interface NumberSummaryRow {
  field_id: string;
  n: number;
  total: number | null;
  lo: number | null;
  hi: number | null;
}

const isUnfiltered = (spec: MatchSpec) => !hasBase(spec) && spec.usergroups.length === 0 && spec.filters.length === 0;

/** The matching records' rows of the value index for number fields (a subquery limited to the match unless the match is everything). */
function numberRowsSql(params: Params, spec: MatchSpec, fieldIds: readonly string[]): string {
  const scope = isUnfiltered(spec) ? "" : ` and v.data_id in (select d.id from cca_data d where ${matchWhere(params, spec)})`;
  return `select v.data_id, v.field_id, v.num_lo from cca_data_value v
           where v.visible and v.field_id = any(${params.add(fieldIds)}::text[]) and v.num_lo is not null${scope}`;
}

/** Per number field: records holding a value, their sum, min and max (first value of a range). */
export async function numberSummaries(db: Queryable, spec: MatchSpec, fieldIds: readonly string[]): Promise<NumberSummaryRow[]> {
  if (fieldIds.length === 0) return [];
  const params = new Params();
  return db.query<NumberSummaryRow>(
    `select field_id, count(distinct data_id)::integer as n, sum(num_lo)::float8 as total, min(num_lo)::float8 as lo, max(num_lo)::float8 as hi
       from (${numberRowsSql(params, spec, fieldIds)}) r group by field_id order by field_id`,
    params.values,
  );
}

/** Per number field, `buckets` equal-width bins between its min and max: bin index 1..buckets → count. */
export async function numberHistograms(
  db: Queryable,
  spec: MatchSpec,
  ranges: readonly { fieldId: string; lo: number; hi: number }[],
  buckets: number,
): Promise<{ field_id: string; bucket: number; n: number }[]> {
  if (ranges.length === 0) return [];
  const params = new Params();
  const rows = numberRowsSql(
    params,
    spec,
    ranges.map((r) => r.fieldId),
  );
  const bounds = `select * from unnest(${params.add(ranges.map((r) => r.fieldId))}::text[], ${params.add(ranges.map((r) => r.lo))}::float8[], ${params.add(ranges.map((r) => r.hi))}::float8[]) as b(field_id, lo, hi)`;
  return db.query<{ field_id: string; bucket: number; n: number }>(
    `select r.field_id, least(width_bucket(r.num_lo, b.lo, b.hi, ${params.add(buckets)}::integer), ${params.add(buckets)}::integer) as bucket, count(*)::integer as n
       from (${rows}) r join (${bounds}) b on b.field_id = r.field_id
      group by 1, 2 order by 1, 2`,
    params.values,
  );
}
