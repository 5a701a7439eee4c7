/**
 * The response table's state and its URL: the list screen's filters in the same grammar
 * (`data-list-query.ts`), plus the table's own page, sort column and order.
 */
import { DATA_TABLE_DEFAULT_LIMIT, DATA_TABLE_SORT_KEYS, type SortOrder } from "@/contracts/cca-export";
import type { TemplateLanguage } from "@/contracts/template";
import type { DataQueryParams } from "@/lib/api/cca-data";
import { countActiveFilters, dataListSearch, dataQueryParams, parseDataListQuery, type DataListState } from "./data-list-query";

export const TABLE_PAGE_SIZE = DATA_TABLE_DEFAULT_LIMIT;
const FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Keys of the table itself (not filters). */
const TABLE_KEYS = ["sort", "order", "offset", "shortName", "view"];

export interface DataTableState {
  filters: DataListState;
  offset: number;
  sort: string;
  order: SortOrder;
}

const first = (raw: unknown): string | undefined => (Array.isArray(raw) ? raw[0] : raw) as string | undefined;

/** The table's state from a query string (route parameters and malformed parts dropped). */
export function parseDataTableQuery(query: Record<string, unknown>): DataTableState {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (!TABLE_KEYS.includes(key)) rest[key] = value;
  const offsetRaw = first(query.offset) ?? "0";
  const sortRaw = first(query.sort) ?? "id";
  return {
    filters: { ...parseDataListQuery(rest), offset: 0, view: "list", layers: [] },
    offset: /^\d{1,7}$/.test(offsetRaw) ? Math.floor(Number(offsetRaw) / TABLE_PAGE_SIZE) * TABLE_PAGE_SIZE : 0,
    sort: (DATA_TABLE_SORT_KEYS as readonly string[]).includes(sortRaw) || FIELD_ID.test(sortRaw) ? sortRaw : "id",
    order: first(query.order) === "asc" ? "asc" : "desc",
  };
}

/** The query string of a state (defaults left out). */
export function dataTableSearch(state: DataTableState): Record<string, string | string[]> {
  const out = dataListSearch({ ...state.filters, offset: 0, view: "list" });
  if (state.sort !== "id") out.sort = state.sort;
  if (state.order !== "desc") out.order = state.order;
  if (state.offset > 0) out.offset = String(state.offset);
  return out;
}

/** The platform's parameters: the list screen's (group limit included) with the table's paging and sort. */
export function dataTableParams(shortName: string, state: DataTableState, language: TemplateLanguage, groupId: number | null): DataQueryParams {
  return { ...dataQueryParams(state.filters, language, groupId), shortName, offset: state.offset, limit: TABLE_PAGE_SIZE, sort: state.sort, order: state.order };
}

export const activeFilterCount = (state: DataTableState) => countActiveFilters(state.filters);
