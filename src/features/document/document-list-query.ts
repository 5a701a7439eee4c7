/** The document list's state in the URL (shareable, crawlable): filters, sort and offset. */
import { DOCUMENT_PAGE_SIZE, DOCUMENT_SORTS, type DocumentSort } from "@/contracts/document";
import type { DocumentQueryParams } from "@/lib/api/documents";

export interface DocumentListState {
  itemType: number[];
  yearMin: string;
  yearMax: string;
  author: string;
  publisher: string;
  title: string;
  tags: string[];
  userGroupList: number[];
  isFlagged: "" | "true" | "false";
  sort: DocumentSort;
  offset: number;
}

export const EMPTY_DOCUMENT_STATE: DocumentListState = {
  itemType: [],
  yearMin: "",
  yearMax: "",
  author: "",
  publisher: "",
  title: "",
  tags: [],
  userGroupList: [],
  isFlagged: "",
  sort: "document.createdOn",
  offset: 0,
};

type Query = Record<string, string | string[] | undefined>;

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()).filter(Boolean);
const first = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim().slice(0, 200);
const ids = (v: string | string[] | undefined) => [...new Set(list(v).filter((s) => /^\d{1,9}$/.test(s)).map(Number).filter((n) => n > 0))];
const year = (v: string | string[] | undefined) => (/^\d{4}$/.test(first(v)) ? first(v) : "");

export function parseDocumentListQuery(query: Query): DocumentListState {
  const sort = first(query.sort);
  const offset = Number(first(query.offset));
  const flagged = first(query.isFlagged);
  return {
    itemType: ids(query.itemType),
    yearMin: year(query.yearMin),
    yearMax: year(query.yearMax),
    author: first(query.author),
    publisher: first(query.publisher),
    title: first(query.title),
    tags: [...new Set(list(query.tags))].slice(0, 20),
    userGroupList: ids(query.userGroupList),
    isFlagged: flagged === "true" || flagged === "false" ? flagged : "",
    sort: (DOCUMENT_SORTS as readonly string[]).includes(sort) ? (sort as DocumentSort) : "document.createdOn",
    offset: Number.isInteger(offset) && offset > 0 && offset <= 100_000 ? offset - (offset % DOCUMENT_PAGE_SIZE) : 0,
  };
}

/** The URL query of a state: only what differs from the default, arrays as comma lists. */
export function documentListSearch(s: DocumentListState): Record<string, string> {
  const q: Record<string, string> = {};
  if (s.itemType.length) q.itemType = s.itemType.join(",");
  if (s.yearMin) q.yearMin = s.yearMin;
  if (s.yearMax) q.yearMax = s.yearMax;
  if (s.author) q.author = s.author;
  if (s.publisher) q.publisher = s.publisher;
  if (s.title) q.title = s.title;
  if (s.tags.length) q.tags = s.tags.join(",");
  if (s.userGroupList.length) q.userGroupList = s.userGroupList.join(",");
  if (s.isFlagged) q.isFlagged = s.isFlagged;
  if (s.sort !== "document.createdOn") q.sort = s.sort;
  if (s.offset) q.offset = String(s.offset);
  return q;
}

export function documentListQueryString(s: DocumentListState): string {
  const q = new URLSearchParams(documentListSearch(s)).toString();
  return q ? `?${q}` : "";
}

/** The API parameters; inside a group its documents only. */
export function documentQueryParams(s: DocumentListState, groupId: number | null): DocumentQueryParams {
  const { yearMin, yearMax, ...rest } = documentListSearch({ ...s, userGroupList: groupId ? [groupId] : s.userGroupList });
  return { ...rest, ...(yearMin ? { yearMin } : {}), ...(yearMax ? { yearMax } : {}), sort: s.sort, max: DOCUMENT_PAGE_SIZE, offset: s.offset };
}

export function countActiveDocumentFilters(s: DocumentListState): number {
  return (
    (s.itemType.length ? 1 : 0) + (s.yearMin || s.yearMax ? 1 : 0) + (s.author ? 1 : 0) + (s.publisher ? 1 : 0) + (s.title ? 1 : 0) +
    (s.tags.length ? 1 : 0) + (s.userGroupList.length ? 1 : 0) + (s.isFlagged ? 1 : 0)
  );
}

export const sameDocumentQuestion = (a: DocumentListState, b: DocumentListState) => documentListQueryString(a) === documentListQueryString(b);
