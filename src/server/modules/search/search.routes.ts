/**
 * esmodule-api/api/v1/search (issue 33): site search over everything public. Anonymous and read only;
 * what it finds is what anyone may see, whoever asks (records: the public tier).
 */
import { FORM_ERRORS } from "@/contracts/field-errors";
import { SEARCH_ERRORS, SEARCH_KINDS, SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX_CHARS, type SearchKind } from "@/contracts/search";
import { AppError } from "../../infra/http/app-error";
import { parseChoice, parseCount, parseOptionalId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { RANK_WINDOW, siteSearch } from "./search.service";

export function registerSearchRoutes(router: Router): void {
  router.get("esmodule", "/v1/search", async (ctx) => {
    const query = ctx.request.query;
    const q = (queryValue(query, "q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_CHARS);
    if (q === "") throw new AppError("BAD_REQUEST", "q (the text to search for) is required", { q: SEARCH_ERRORS.query });
    const rawKind = queryValue(query, "kind");
    if (rawKind !== undefined && !(SEARCH_KINDS as readonly string[]).includes(rawKind)) {
      throw new AppError("BAD_REQUEST", `kind must be one of ${SEARCH_KINDS.join(", ")} (got "${rawKind}")`, { kind: SEARCH_ERRORS.kind });
    }
    const limit = parseCount(queryValue(query, "limit"), "limit", SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX);
    if (limit === 0) throw new AppError("BAD_REQUEST", `limit must be a whole number from 1 to ${SEARCH_PAGE_MAX}`, { limit: FORM_ERRORS.invalid });
    const answer = await siteSearch(ctx.deps, {
      q,
      kind: (rawKind as SearchKind | undefined) ?? null,
      groupId: parseOptionalId(queryValue(query, "userGroupId"), "userGroupId"),
      language: parseChoice(queryValue(query, "language"), "language", ["en", "hi"] as const, "en"),
      offset: parseCount(queryValue(query, "offset"), "offset", 0, RANK_WINDOW),
      limit,
    });
    // The same answer for everyone; a write is found at once (no shared cache in between).
    return json(answer, 200, { "cache-control": "no-cache" });
  });
}
