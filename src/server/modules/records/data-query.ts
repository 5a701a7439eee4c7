/**
 * The data-query parameters of cca-api (reference §3.5; grammar in src/contracts/cca-data.ts and
 * src/server/README.md, "Browsing records"): parsed from a request's query, then the field filters
 * interpreted with the filter template's fields. Pure; malformed values throw 400 VALIDATION_FAILED
 * naming the parameter.
 */
import {
  DATA_QUERY_KEYS,
  DATA_SORTS,
  isDataSort,
  type DataSort,
  DATA_SEARCH_DEFAULT_LIMIT,
  DATA_SEARCH_MAX_LIMIT,
  parseBbox,
  parseRangeFilter,
  type RangeFilter,
} from "@/contracts/cca-data";
import { FORM_ERRORS, wholeNumberError, wholeNumberRangeError, type FieldErrorKey } from "@/contracts/field-errors";
import { DATE_TYPES, isOptionType, isRangeType, MASTER_SHORT_NAME, type FieldType, type TemplateLanguage } from "@/contracts/template";
import { AppError } from "../../infra/http/app-error";
import type { QueryValue } from "../../infra/http/types";

export const DATA_LANGUAGES: readonly TemplateLanguage[] = ["en", "hi"];
const MAX_ID = 2_147_483_647;
const MAX_OFFSET = 1_000_000;
/** More ids than this in `id=` is refused (a list link, not an export). */
const MAX_IDS = 500;

export interface DataQuery {
  shortName: string | null;
  ids: number[] | null;
  userId: number | null;
  usergroups: number[];
  richTextCount: number | null;
  filterTemplate: string;
  viewTemplate: string;
  language: TemplateLanguage;
  /** Free text as typed (null when absent or blank). */
  query: string | null;
  offset: number;
  limit: number;
  /** `sort=` as asked (null: the default order, see `effectiveSort`). */
  sort: DataSort | null;
  /** Every other key with its non-empty values: field filters (unknown field ids are ignored later). */
  fieldParams: Array<[string, string[]]>;
  /** Set by the route, never by the query: `userId` is the signed-in caller, whose own records of any consent are listed. */
  ownRecords?: boolean;
}

function invalid(name: string, reason: string, key: FieldErrorKey = FORM_ERRORS.invalid): AppError {
  return new AppError("VALIDATION_FAILED", `${name} ${reason}`, { [name]: key });
}

const valuesOf = (query: Record<string, QueryValue>, name: string): string[] => {
  const raw = query[name];
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) => v.trim()).filter((v) => v !== "");
};

const single = (query: Record<string, QueryValue>, name: string): string | undefined => valuesOf(query, name)[0];

function wholeNumber(value: string, name: string, min: number, max: number): number {
  const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw invalid(name, `must be a whole number from ${min} to ${max} (got "${value}")`, max === MAX_ID ? wholeNumberError(min) : wholeNumberRangeError(min, max));
  return n;
}

/** Ids from repeated keys and comma lists (`usergroups=1&usergroups=2`, `usergroups=1,2`, `id=1,2,3`). */
function idList(query: Record<string, QueryValue>, name: string): number[] {
  const parts = valuesOf(query, name).flatMap((v) => v.split(",").map((p) => p.trim()).filter((p) => p !== ""));
  return [...new Set(parts.map((p) => wholeNumber(p, name, 1, MAX_ID)))];
}

export interface ParseOptions {
  /** Page size when `limit` is absent. */
  defaultLimit?: number;
}

/** Reads the common data-query parameters; unknown keys become field filter candidates. */
export function parseDataQuery(query: Record<string, QueryValue>, options: ParseOptions = {}): DataQuery {
  const language = single(query, "language") ?? "en";
  if (!DATA_LANGUAGES.includes(language as TemplateLanguage)) throw invalid("language", `must be one of ${DATA_LANGUAGES.join(", ")} (got "${language}")`, FORM_ERRORS.language);
  const ids = valuesOf(query, "id").length > 0 ? idList(query, "id") : null;
  if (ids && ids.length > MAX_IDS) throw invalid("id", `may list at most ${MAX_IDS} ids`);
  const userId = single(query, "userId");
  const richTextCount = single(query, "richTextCount");
  const offset = single(query, "offset");
  const limit = single(query, "limit");
  const sort = single(query, "sort");
  if (sort !== undefined && !isDataSort(sort)) throw invalid("sort", `must be one of ${DATA_SORTS.join(", ")} (got "${sort}")`);
  const text = valuesOf(query, "query").join(" ").trim();
  const template = (name: string): string | null => {
    const value = single(query, name);
    if (value === undefined) return null;
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$/.test(value)) throw invalid(name, `must be a template short name (got "${value}")`);
    return value;
  };
  const reserved = new Set<string>(DATA_QUERY_KEYS);
  return {
    shortName: template("shortName"),
    ids,
    userId: userId === undefined ? null : wholeNumber(userId, "userId", 1, MAX_ID),
    usergroups: idList(query, "usergroups"),
    richTextCount: richTextCount === undefined ? null : wholeNumber(richTextCount, "richTextCount", 0, 10_000),
    filterTemplate: template("filterTemplate") ?? MASTER_SHORT_NAME,
    viewTemplate: template("viewTemplate") ?? MASTER_SHORT_NAME,
    language: language as TemplateLanguage,
    query: text === "" ? null : text.slice(0, 500),
    offset: offset === undefined ? 0 : wholeNumber(offset, "offset", 0, MAX_OFFSET),
    limit: limit === undefined ? (options.defaultLimit ?? DATA_SEARCH_DEFAULT_LIMIT) : wholeNumber(limit, "limit", 1, DATA_SEARCH_MAX_LIMIT),
    sort: sort === undefined ? null : sort,
    fieldParams: Object.keys(query)
      .filter((key) => !reserved.has(key))
      .map((key): [string, string[]] => [key, valuesOf(query, key)])
      .filter(([, values]) => values.length > 0),
  };
}

/** A field filter, interpreted with the filter template's field type. Values of one key are ORed. */
export type FieldFilter =
  | { fieldId: string; kind: "option"; values: string[] }
  | { fieldId: string; kind: "number" | "date"; ranges: RangeFilter[] }
  | { fieldId: string; kind: "text"; values: string[] }
  | { fieldId: string; kind: "bbox"; boxes: Array<[number, number, number, number]> };

/**
 * Interprets `fieldParams` with the filter template's field types (`typeOf` answers undefined for an
 * id the template lacks: ignored, like any unknown key). A malformed range or box is a 400 naming it.
 */
export function interpretFieldFilters(fieldParams: DataQuery["fieldParams"], typeOf: (fieldId: string) => FieldType | undefined): FieldFilter[] {
  const filters: FieldFilter[] = [];
  for (const [fieldId, values] of fieldParams) {
    const type = typeOf(fieldId);
    if (type === undefined || type === "HEADING" || type === "FILE") continue;
    if (isOptionType(type)) filters.push({ fieldId, kind: "option", values: [...new Set(values)] });
    else if (isRangeType(type)) {
      const kind = DATE_TYPES.includes(type) ? "date" : "number";
      const ranges = values.map((raw) => {
        const range = parseRangeFilter(raw, kind);
        if (!range) throw invalid(fieldId, `must be a ${kind === "date" ? "date" : "number"} range: "min-max", "<x", "<=x", ">x", ">=x" or "=x"${kind === "date" ? " with dates as YYYY-MM-DD" : ""} (got "${raw}")`);
        return range;
      });
      filters.push({ fieldId, kind, ranges });
    } else if (type === "GEOMETRY") {
      const boxes = values.map((raw) => {
        const box = parseBbox(raw);
        if (!box) throw invalid(fieldId, `must be a bounding box "lowerLeftX,lowerLeftY,upperRightX,upperRightY" in degrees (got "${raw}")`);
        return box;
      });
      filters.push({ fieldId, kind: "bbox", boxes });
    } else filters.push({ fieldId, kind: "text", values: values.map((v) => v.slice(0, 200)) });
  }
  return filters;
}

/** `%`, `_` and `\` of a substring filter taken literally in `ilike`. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
