/**
 * CCA records ("template responses", reference §4.4, §4.5) as cca-api answers them, and the grammar of
 * the data-query parameters (reference §3.5) shared by the server's parser and the list screen's URL.
 * Pure: no server or browser imports.
 */
import type { AppliedFieldRestriction, AppliedRecordRestriction } from "./restrictions";
import type { ConsentAudience } from "./consent";
import type { ReviewState } from "./review";
import type { FieldType } from "./template";

/** `{state, district, tahsil}` of a record (naksha `locationInfo`); any part may be empty. */
export interface RecordLocation {
  state: string | null;
  district: string | null;
  tahsil: string | null;
}

/** A FILE value item: `path` is a files-api address (`/files-api/api/get/raw/<dir>/<hash>/<name>`). */
export interface FileValue {
  path: string;
  /** image | video | audio (from the upload); absent on older records. */
  type?: string;
  attribution?: string;
  /** A licence name of `LICENSE_LIST` (src/shared/licenses.ts). */
  license?: string;
}

/** `ccaFieldValues[fieldId]`: the value as stored, `name` translated to the requested language. */
export interface CCAFieldValue {
  fieldId: string;
  name: string;
  type: FieldType;
  value: unknown;
}

/** GeoJSON as records store it (GEOMETRY values). */
export interface GeoFeatureCollection {
  type: "FeatureCollection";
  features: Array<{ type: "Feature"; properties: Record<string, unknown> | null; geometry: { type: string; coordinates: unknown } | null }>;
}

/**
 * `GET cca-api/api/v1/data/{id}`. Ids of people and groups are strings, as in the reference.
 * `restrictedFields`: GEOMETRY fields whose value this reader sees generalised (a ~10 km cell) or not
 * at all, because the template marks them GENERALISED or HIDDEN and the reader may not edit the record.
 */
export interface CCAData {
  id: number;
  shortName: string;
  userId: string;
  /** Epoch milliseconds. */
  createdOn: number;
  updatedOn: number;
  /** `[lon, lat]`, or `[]` without a (public) geometry. */
  centroid: [number, number] | [];
  location: RecordLocation | null;
  allowedUsers: string[];
  followers: string[];
  usergroups: string[];
  richTextCount: number;
  textFieldCount: number;
  traitsFieldCount: number;
  ccaFieldValues: Record<string, CCAFieldValue>;
  restrictedFields: Record<string, "GENERALISED" | "HIDDEN">;
  /** Who may see the record under its current consent (issue 30); absent on answers from before consent. */
  audience?: ConsentAudience;
  /** Review before publication (src/contracts/review.ts); absent: published. */
  reviewState?: ReviewState;
  /** The message of the last send-back, for those who see a record sent back. */
  reviewNote?: string | null;
  /** Its Local Contexts label ids (src/contracts/local-contexts.ts). */
  labels?: string[];
  /** The record treatment in force (it is withheld from everyone outside its community and curators), for those who still see it. */
  recordRestriction?: AppliedRecordRestriction | null;
  /** Darwin Core: what of the record is withheld and why (English), null when nothing is. */
  informationWithheld?: string | null;
  /** Darwin Core: what of the record is generalised and why (English), null when nothing is. */
  dataGeneralizations?: string | null;
  /** Each field's treatment in force (issue 30, item 2): readers without exact values get its value treated so. */
  restrictions?: Record<string, AppliedFieldRestriction>;
}

/** `SubsetCCADataList`: items of `data/search`, `data/summary/{id}`. */
export interface CCADataSubset {
  id: number;
  files: FileValue[];
  /** Its Local Contexts label ids, when it has any (issue 30). */
  labels?: string[];
  /** Summary values of the view template (non-geometry, non-file), in template order. */
  values: CCAFieldValue[];
  /** Values of the title fields (`isTitleColumn`), joined with ", " to make the title. */
  titlesValues: CCAFieldValue[];
}

/** `CCADataList`: items of `data/list`, `data/myList`. */
export interface CCADataListItem extends CCADataSubset {
  shortName: string;
  /** The record's template title in the asked language (added to the reference's item; the profile's Contributions tab shows it). */
  templateName: string;
  userId: string;
  createdOn: number;
  updatedOn: number;
  centroid: [number, number] | [];
  location: RecordLocation | null;
  geometry: { type: "GEOMETRY"; value: GeoFeatureCollection } | null;
  /** Its Local Contexts label ids, and what of it is withheld or generalised (as on `CCAData`). */
  labels?: string[];
  informationWithheld?: string | null;
  dataGeneralizations?: string | null;
  restrictions?: Record<string, AppliedFieldRestriction>;
}

/** One facet row (reference §4.5): options `{_id: value, count}`, ranges `{_id: null, min, max}`, `usergroups` `{_id: groupId, count}`. */
export interface FacetRow {
  _id: string | null;
  count?: number;
  min?: number | string | null;
  max?: number | string | null;
}

/** `data/aggregation` (and `aggregation` of `data/list`): fieldId (and `usergroups`) → rows. */
export type DataAggregation = Record<string, FacetRow[]>;

export interface CCADataListResponse {
  aggregation: DataAggregation;
  ccaDataList: CCADataListItem[];
}

/** `data/search`: `totalCount` is the number of all matches (the reference answered the page size). */
export interface DataSearchResponse {
  totalCount: number;
  offset: number;
  limit: number;
  data: CCADataSubset[];
}

/** `data/search/map`, `data/map/info`: one point per matching record with a (public) centroid, 4 decimals. */
export interface MapInfo {
  id: number;
  lat: number;
  lng: number;
}

/**
 * `data/search/map/clusters?zoom=Z&bbox=w,s,e,n` (issue 35): the map's records in one view, clustered on the
 * server, so a phone downloads what it draws instead of every point. Clusters hold two records or more;
 * a record alone is a point (`MapInfo`). Only the public tier, public centroids (a generalised place its
 * cell's centre, a withheld one none).
 */
export interface MapClusters {
  /** Every match with a public centroid (the whole set, not only the view). */
  total: number;
  /** `[west, south, east, north]` of every such match; null when there is none. */
  bounds: [number, number, number, number] | null;
  /** The zoom the answer is for (the one asked, floored, or lower when the box was too large for it). */
  zoom: number;
  clusters: MapCluster[];
  points: MapInfo[];
}

export interface MapCluster {
  /** Names the cluster within this answer's zoom (labels follow it). */
  id: number;
  lat: number;
  lng: number;
  count: number;
  /** The zoom at which it splits (a click zooms there). */
  expansionZoom: number;
}

/** How the map clusters (the data list's map drew the same with MapLibre's own clustering). */
export const MAP_CLUSTER = {
  /** Pixels within which points join a cluster (MapLibre's `clusterRadius`). */
  radius: 45,
  /** Above this zoom no points are joined (MapLibre's `clusterMaxZoom`). */
  maxZoom: 11,
  /** The map's deepest zoom. */
  deepestZoom: 16,
  /** A box wider or taller than this many pixels at the asked zoom is answered at a lower zoom. */
  maxBoxPixels: 4096,
} as const;

// ── Data-query parameters (reference §3.5) ───────────────────────────────────────────────────────────

/** Keys that are not field filters. Anything else is a field id of the filter template (unknown ids ignored). */
export const DATA_QUERY_KEYS = [
  "shortName",
  "id",
  "userId",
  "usergroups",
  "richTextCount",
  "filterTemplate",
  "viewTemplate",
  "language",
  "query",
  "offset",
  "limit",
  "projectAll",
  "layers",
  "isChart",
  "groupName",
  "sort",
] as const;

/**
 * Orders of `data/search` (`sort=`, added to the reference): best match first (free text only), newest
 * or oldest first (by id, the order of creation), or by the record's title A–Z (a normalised sort key,
 * records without a title last). Without `sort`: relevance with free text, else newest.
 */
export const DATA_SORTS = ["relevance", "newest", "oldest", "title"] as const;
export type DataSort = (typeof DATA_SORTS)[number];
export const isDataSort = (value: unknown): value is DataSort => typeof value === "string" && (DATA_SORTS as readonly string[]).includes(value);

/** The order a search answers in: `relevance` needs free text (else newest); no sort is relevance with text, else newest. */
export function effectiveSort(sort: DataSort | null | undefined, hasText: boolean): DataSort {
  if (!sort) return hasText ? "relevance" : "newest";
  return sort === "relevance" && !hasText ? "newest" : sort;
}

/** "Case studies": records with at least this many rich-text values (the UI's toggle). */
export const CASE_STUDY_RICH_TEXT_COUNT = 5;

/** Page size of `data/search` (default and the most one call answers). */
export const DATA_SEARCH_DEFAULT_LIMIT = 10;
export const DATA_SEARCH_MAX_LIMIT = 100;

/**
 * A range filter: `min-max`, `<x`, `<=x`, `>x`, `>=x`, `=x`. Numbers (NUMBER, NUMBER_RANGE, YEAR) or
 * dates YYYY-MM-DD (DATE, DATE_RANGE). Bounds are inclusive unless `exclusive`.
 */
export interface RangeFilter<T extends number | string = number | string> {
  min: T | null;
  max: T | null;
  minExclusive: boolean;
  maxExclusive: boolean;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;

/** Parses a range filter value; null when malformed. `kind` decides numbers or dates. */
export function parseRangeFilter(raw: string, kind: "number" | "date"): RangeFilter | null {
  const atom = kind === "number" ? NUMBER : DATE;
  const text = raw.trim();
  const convert = (s: string): number | string | null => {
    if (kind === "number") {
      const n = Number(s);
      return Number.isFinite(n) ? n : null;
    }
    const d = new Date(`${s}T00:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : s;
  };
  const between = new RegExp(`^(${atom})\\s*-\\s*(${atom})$`).exec(text);
  if (between) {
    const min = convert(between[1]!);
    const max = convert(between[2]!);
    if (min === null || max === null || min > max) return null;
    return { min, max, minExclusive: false, maxExclusive: false };
  }
  const compare = new RegExp(`^(<=|>=|<|>|=)\\s*(${atom})$`).exec(text);
  if (!compare) return null;
  const bound = convert(compare[2]!);
  if (bound === null) return null;
  switch (compare[1]) {
    case "<":
      return { min: null, max: bound, minExclusive: false, maxExclusive: true };
    case "<=":
      return { min: null, max: bound, minExclusive: false, maxExclusive: false };
    case ">":
      return { min: bound, max: null, minExclusive: true, maxExclusive: false };
    case ">=":
      return { min: bound, max: null, minExclusive: false, maxExclusive: false };
    default:
      return { min: bound, max: bound, minExclusive: false, maxExclusive: false };
  }
}

/** The URL form of an inclusive range (`10-500`, `>=10`, `<=500`); null when both ends are open. */
export function formatRangeFilter(min: number | string | null, max: number | string | null): string | null {
  if (min !== null && max !== null) return `${min}-${max}`;
  if (min !== null) return `>=${min}`;
  if (max !== null) return `<=${max}`;
  return null;
}

/** `lowerLeftX,lowerLeftY,upperRightX,upperRightY` in degrees (lon, lat); null when malformed or out of range. */
export function parseBbox(raw: string): [number, number, number, number] | null {
  const parts = raw.split(",").map((s) => s.trim());
  if (parts.length !== 4 || parts.some((p) => !new RegExp(`^${NUMBER}$`).test(p))) return null;
  const [x1, y1, x2, y2] = parts.map(Number) as [number, number, number, number];
  if (x1 < -180 || x2 > 180 || y1 < -90 || y2 > 90 || x1 > x2 || y1 > y2) return null;
  return [x1, y1, x2, y2];
}

/** Size of the cell a GENERALISED geometry is shown as: 0.1° (about 11 km north–south, 10 km east–west in India). */
export const GENERALISED_CELL_DEGREES = 0.1;
