/**
 * Site search (issue 33): one search over everything public — records, content pages, documents, groups,
 * map layers and people — across scripts (a romanised query finds Devanagari and the other way round)
 * and tolerant of spelling. `GET esmodule-api/api/v1/search` (the platform's search service); anonymous,
 * read only; what a hit shows is what the visitor may see (the records' visibility rules apply).
 */

export const SEARCH_KINDS = ["record", "page", "document", "group", "layer", "user"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Query limits: longer queries are cut, more words are ignored. */
export const SEARCH_QUERY_MAX_CHARS = 200;
export const SEARCH_QUERY_MAX_WORDS = 12;
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_PAGE_DEFAULT = 20;

/** `GET esmodule-api/api/v1/search` parameters. */
export interface SearchParams {
  /** The visitor's text, any script. */
  q: string;
  /** One kind, or every kind when absent. */
  kind?: SearchKind;
  /** Limits the search to one group's content (its records, pages, documents, layers; not people). */
  userGroupId?: number;
  /** Language of titles and snippets ("en" | "hi"); content in the other language is still found. */
  language?: string;
  offset?: number;
  /** 1–50, default 20. */
  limit?: number;
}

/** A piece of a snippet or title: `match` marks the words the query found (shown highlighted). */
export interface SearchTextPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  kind: SearchKind;
  /** The item's id (record, page, document, group, layer id or user id). */
  id: number;
  /** Plain-text title, with the matching words marked. */
  title: SearchTextPart[];
  /** A short plain-text passage around the first match (may be empty). */
  snippet: SearchTextPart[];
  /**
   * The portal path of the item, without a language prefix or group prefix (`/data/show/12`,
   * `/page/show/45`, `/document/show/3`, `/group/sacred-groves`, `/map?layers=x`, `/user/show/7`); the
   * screen adds `/hi` and `/group/{name}` as the visitor's address requires.
   */
  path: string;
  /** The language of the matched text ("en" | "hi" | null when unknown). */
  language: string | null;
  /** Found by spelling tolerance rather than by its words (shown as "similar"). */
  fuzzy: boolean;
}

export interface SearchAnswer {
  /** The query as searched (trimmed, cut to the limits). */
  query: string;
  /** Hits of the requested kind (or of every kind), this page. */
  hits: SearchHit[];
  /** Every hit of the query, of the requested kind (or of every kind). */
  total: number;
  /** Hits per kind for the query (the type filter's counts; every kind, whatever `kind` asked). */
  counts: Record<SearchKind, number>;
  /**
   * Counting stops here: a count or total at or above it means "at least this many" (shown as "500+"),
   * and no page starts past it.
   */
  countCap: number;
  offset: number;
  limit: number;
  /** "Did you mean": a corrected query when nothing (or almost nothing) matched, else null. */
  suggestion: string | null;
}

export const SEARCH_ERRORS = {
  kind: "search:errors.kind",
  query: "search:errors.query",
} as const;
