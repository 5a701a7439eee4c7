/**
 * The browse screen's state and its URL: every filter, the search and the page live in the query
 * string, in the data-query grammar of the platform (contracts/cca-data.ts), so a shared link opens
 * the same screen and Back/Forward restore it.
 */
import { CASE_STUDY_RICH_TEXT_COUNT, DATA_QUERY_KEYS, DATA_SEARCH_DEFAULT_LIMIT, effectiveSort, isDataSort, type DataSort } from "@/contracts/cca-data";
import { parseLayerList } from "@/contracts/naksha-layer";
import type { TemplateLanguage } from "@/contracts/template";
import type { DataQueryParams } from "@/lib/api/cca-data";

export type DataListView = "list" | "map";

export interface DataListState {
  /** Free text (`query`). */
  query: string;
  /** First result of the page (multiple of the page size). */
  offset: number;
  /** "Case studies" (`richTextCount=5`) instead of all CCAs. */
  caseStudies: boolean;
  /** Group ids (main site only). */
  usergroups: string[];
  /** fieldId → option values (OR), or one range (`10-500`, `>=10`). Keys sorted. */
  filters: Record<string, string[]>;
  view: DataListView;
  /** Map layers drawn under the records on the map (`layers=a,b`, as on /map); not part of the platform's question. */
  layers: string[];
  /** `sort=` as chosen; null: the default (relevance while searching, else newest). */
  sort: DataSort | null;
}

export const PAGE_SIZE = DATA_SEARCH_DEFAULT_LIMIT;
const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 200;
const FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Keys of the screen itself that the platform does not read. */
const SCREEN_KEYS = ["view", "groupName"];

export const EMPTY_STATE: DataListState = { query: "", offset: 0, caseStudies: false, usergroups: [], filters: {}, view: "list", layers: [], sort: null };

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== "string") continue;
    const value = item.trim().slice(0, MAX_VALUE_LENGTH);
    if (value && !out.includes(value)) out.push(value);
    if (out.length >= MAX_VALUES) break;
  }
  return out;
}

/** The state a query string describes (Next's `router.query` or `ctx.query`); malformed parts are dropped. */
export function parseDataListQuery(query: Record<string, unknown>): DataListState {
  const offsetRaw = values(query.offset)[0] ?? "0";
  const offset = /^\d{1,7}$/.test(offsetRaw) ? Math.floor(Number(offsetRaw) / PAGE_SIZE) * PAGE_SIZE : 0;
  const filters: Record<string, string[]> = {};
  for (const key of Object.keys(query).sort()) {
    if ((DATA_QUERY_KEYS as readonly string[]).includes(key) || SCREEN_KEYS.includes(key) || !FIELD_ID.test(key)) continue;
    const list = values(query[key]);
    if (list.length > 0) filters[key] = list;
  }
  const sort = values(query.sort)[0];
  return {
    query: (values(query.query)[0] ?? "").slice(0, 100),
    sort: isDataSort(sort) ? sort : null,
    offset,
    caseStudies: values(query.richTextCount)[0] === String(CASE_STUDY_RICH_TEXT_COUNT),
    usergroups: values(query.usergroups).filter((g) => /^\d{1,12}$/.test(g)),
    filters,
    view: values(query.view)[0] === "map" ? "map" : "list",
    layers: parseLayerList(values(query.layers)[0]),
  };
}

/** The query string of a state (defaults left out, keys in a stable order). */
export function dataListSearch(state: DataListState): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (state.query) out.query = state.query;
  if (state.caseStudies) out.richTextCount = String(CASE_STUDY_RICH_TEXT_COUNT);
  if (state.usergroups.length > 0) out.usergroups = [...state.usergroups];
  for (const key of Object.keys(state.filters).sort()) {
    const list = state.filters[key]!;
    if (list.length > 0) out[key] = list.length === 1 ? list[0]! : [...list];
  }
  // Only a sort other than the default is written (a search's default is relevance, else newest).
  if (state.sort !== null && state.sort !== effectiveSort(null, state.query !== "")) out.sort = state.sort;
  if (state.offset > 0) out.offset = String(state.offset);
  if (state.view === "map") out.view = "map";
  if (state.layers.length > 0) out.layers = state.layers.join(",");
  return out;
}

/** `?a=1&b=2&b=3` for a state ("" without any part). */
export function dataListQueryString(state: DataListState): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(dataListSearch(state))) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The part of the address the platform is asked (without the view and the map layers). */
export function questionOf(state: DataListState): string {
  return dataListQueryString({ ...state, view: "list", layers: [] });
}

/** Whether two states ask the platform the same question (the view and the map layers do not count). */
export function sameQuestion(a: DataListState, b: DataListState): boolean {
  return questionOf(a) === questionOf(b);
}

/**
 * The platform's parameters for a state: inside a group its id replaces any group filter, since
 * everything there is limited to the group's records.
 */
export function dataQueryParams(state: DataListState, language: TemplateLanguage, groupId: number | null): DataQueryParams {
  const params: DataQueryParams = { language, query: state.query, offset: state.offset, limit: PAGE_SIZE };
  if (state.sort !== null) params.sort = effectiveSort(state.sort, state.query !== "");
  if (state.caseStudies) params.richTextCount = CASE_STUDY_RICH_TEXT_COUNT;
  if (groupId !== null) params.usergroups = [String(groupId)];
  else if (state.usergroups.length > 0) params.usergroups = [...state.usergroups];
  for (const [key, list] of Object.entries(state.filters)) params[key] = [...list];
  return params;
}

/** How many filters are set (each option, range, group, the search and "Case studies" count one). */
export function countActiveFilters(state: DataListState): number {
  return Object.values(state.filters).reduce((n, list) => n + list.length, 0) + state.usergroups.length + (state.caseStudies ? 1 : 0) + (state.query ? 1 : 0);
}

/** A field's values replaced (empty removes the filter); back to the first page. */
export function withFilter(state: DataListState, fieldId: string, list: string[]): DataListState {
  const filters = { ...state.filters };
  if (list.length > 0) filters[fieldId] = list;
  else delete filters[fieldId];
  return { ...state, filters, offset: 0 };
}

/** Every filter and the search removed; the view, the map layers and the order stay. */
export function clearedState(state: DataListState): DataListState {
  return { ...EMPTY_STATE, view: state.view, layers: state.layers, sort: state.sort === "relevance" ? null : state.sort };
}

/** The order the list is in (what the sort control shows). */
export const shownSort = (state: DataListState): DataSort => effectiveSort(state.sort, state.query !== "");

/** The sorts offered: relevance only while searching. */
export const sortChoices = (state: DataListState): DataSort[] => (state.query !== "" ? ["relevance", "newest", "oldest", "title"] : ["newest", "oldest", "title"]);

/** Another order, back to the first page (the default order is kept out of the address). */
export function withSort(state: DataListState, sort: DataSort): DataListState {
  return { ...state, sort: sort === effectiveSort(null, state.query !== "") ? null : sort, offset: 0 };
}
