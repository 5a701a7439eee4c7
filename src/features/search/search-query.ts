import { SEARCH_ERRORS, SEARCH_KINDS, SEARCH_PAGE_DEFAULT, SEARCH_QUERY_MAX_CHARS, type SearchHit, type SearchKind, type SearchParams } from "@/contracts/search";
import type { GroupListItem } from "@/contracts/group";
import { groupHref } from "@/lib/group-link";

/** What the address asks: `/search?q=…&kind=…&offset=…`. */
export interface SearchRequest {
  /** Trimmed and cut to the contract's limit; "" when nothing was asked. */
  q: string;
  /** One kind, or null for every kind (an unknown kind reads as every kind). */
  kind: SearchKind | null;
  /** Hits skipped: a whole number ≥ 0. */
  offset: number;
}

/** How the search failed: the call itself ("failed"), or a field error of the contract (its translation key). */
export type SearchFailure = "failed" | (typeof SEARCH_ERRORS)[keyof typeof SEARCH_ERRORS];

const FIELD_ERRORS: readonly string[] = Object.values(SEARCH_ERRORS);

const first = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));

export function isSearchKind(value: string): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value);
}

export function parseSearchQuery(query: Record<string, string | string[] | undefined>): SearchRequest {
  const q = first(query.q).replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_CHARS).trim();
  const kind = first(query.kind);
  const offset = Number(first(query.offset));
  return { q, kind: isSearchKind(kind) ? kind : null, offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0 };
}

/** The platform's parameters for a request: the visitor's language, and inside a group that group only. */
export function searchParams(request: SearchRequest, userGroupId: number | null, language: string): SearchParams {
  return {
    q: request.q,
    ...(request.kind ? { kind: request.kind } : {}),
    ...(userGroupId === null ? {} : { userGroupId }),
    language,
    offset: request.offset,
    limit: SEARCH_PAGE_DEFAULT,
  };
}

/** A field error the platform answered (a key of SEARCH_ERRORS), else "failed". */
export function searchFailure(fieldErrors: Record<string, string> | undefined): SearchFailure {
  const known = Object.values(fieldErrors ?? {}).find((message) => FIELD_ERRORS.includes(message));
  return (known as SearchFailure | undefined) ?? "failed";
}

/**
 * The address of a search in the current site or group (`/search?q=…`, `/group/{name}/search?q=…`);
 * next/link and the router add the visitor's language prefix. Offset 0 and "every kind" are left out.
 */
export function searchHref(linkPrefix: string, request: SearchRequest): string {
  const params = new URLSearchParams();
  if (request.q) params.set("q", request.q);
  if (request.kind) params.set("kind", request.kind);
  if (request.offset > 0) params.set("offset", String(request.offset));
  const query = params.toString();
  return `${groupHref(linkPrefix, "/search")}${query ? `?${query}` : ""}`;
}

/** Kinds whose screens exist inside a group (records, pages, documents, the map): their links keep the group prefix. */
const IN_GROUP: ReadonlySet<SearchKind> = new Set<SearchKind>(["record", "page", "document", "layer"]);

/**
 * Where a hit leads: its portal path, with the group prefix for the kinds a group shows; groups and people
 * keep the main-site path, and a group with its own domain is linked there. Null for a path that is not a
 * root-relative portal path (nothing to link).
 */
export function hitHref(hit: Pick<SearchHit, "kind" | "id" | "path">, linkPrefix: string, groups: readonly Pick<GroupListItem, "id" | "webAddress">[]): string | null {
  if (!/^\/(?![/\\])/.test(hit.path)) return null;
  if (hit.kind === "group") {
    const own = groups.find((g) => g.id === hit.id)?.webAddress;
    return own && /^https?:\/\//i.test(own) ? own : hit.path;
  }
  return IN_GROUP.has(hit.kind) ? groupHref(linkPrefix, hit.path) : hit.path;
}
