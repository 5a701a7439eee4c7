import { DATA_SEARCH_MAX_LIMIT, MAP_CLUSTER, parseBbox } from "@/contracts/cca-data";
import { FORM_ERRORS, wholeNumberError } from "@/contracts/field-errors";
import { optionalAccount } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { json, jsonText, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { parseDataQuery, type DataQuery } from "./data-query";
import { aggregate, getRecord, getSummary, list, search, searchMapClusters, searchMapJson } from "./data.service";

// Public reads: browsers may keep them briefly; record writes change them within seconds.
const SHORT_CACHE = { "cache-control": "no-cache" };
const PRIVATE = { "cache-control": "private, no-store" };

function recordId(ctx: RequestContext): number {
  const raw = ctx.params.id ?? "";
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw new AppError("VALIDATION_FAILED", `id must be a positive whole number (got "${raw}")`, { id: wholeNumberError(1) });
  }
  return Number(raw);
}

const queryOf = (ctx: RequestContext, defaultLimit?: number): DataQuery => parseDataQuery(ctx.request.query, { defaultLimit });

const firstValue = (ctx: RequestContext, name: string): string | undefined => {
  const raw = ctx.request.query[name];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim();
};

/** `zoom` (0 to the map's deepest, fractions floored) and `bbox` (`west,south,east,north` in degrees, optional) of a clusters request. */
function mapViewOf(ctx: RequestContext): { zoom: number; bbox: [number, number, number, number] | null } {
  const zoomText = firstValue(ctx, "zoom");
  if (zoomText === undefined || zoomText === "") throw new AppError("VALIDATION_FAILED", "zoom is required", { zoom: FORM_ERRORS.required });
  const zoom = /^\d{1,2}(?:\.\d{1,10})?$/.test(zoomText) ? Number(zoomText) : NaN;
  if (!(zoom >= 0 && zoom <= MAP_CLUSTER.deepestZoom + 8)) {
    throw new AppError("VALIDATION_FAILED", `zoom must be a number from 0 to ${MAP_CLUSTER.deepestZoom + 8} (got "${zoomText}")`, { zoom: FORM_ERRORS.invalid });
  }
  const bboxText = firstValue(ctx, "bbox");
  if (bboxText === undefined || bboxText === "") return { zoom, bbox: null };
  const bbox = parseBbox(bboxText);
  if (!bbox) throw new AppError("VALIDATION_FAILED", `bbox must be "west,south,east,north" in degrees (got "${bboxText.slice(0, 100)}")`, { bbox: FORM_ERRORS.invalid });
  return { zoom, bbox };
}

/** cca-api/api/v1/data/... reads (reference §3.5; issue 12). Writes come with issues 13 and 14. */
export function registerDataRoutes(router: Router): void {
  router.get("cca", "/v1/data/search", async (ctx) => json(await search(ctx.deps.db, queryOf(ctx)), 200, SHORT_CACHE));

  router.get("cca", "/v1/data/page", async (ctx) => {
    for (const name of ["offset", "limit"]) {
      if (ctx.request.query[name] === undefined) throw new AppError("VALIDATION_FAILED", `${name} is required`, { [name]: FORM_ERRORS.required });
    }
    return json(await search(ctx.deps.db, queryOf(ctx)), 200, SHORT_CACHE);
  });

  router.get("cca", "/v1/data/search/map", async (ctx) => jsonText(await searchMapJson(ctx.deps.db, queryOf(ctx)), 200, SHORT_CACHE));
  // The map's records in one view, clustered on the server (issue 35); `zoom` and `bbox` are not data-query keys.
  router.get("cca", "/v1/data/search/map/clusters", async (ctx) => {
    const view = mapViewOf(ctx);
    const { zoom: _zoom, bbox: _bbox, ...query } = ctx.request.query;
    return json(await searchMapClusters(ctx.deps.db, parseDataQuery(query), view), 200, SHORT_CACHE);
  });
  router.get("cca", "/v1/data/map/info", async (ctx) => jsonText(await searchMapJson(ctx.deps.db, queryOf(ctx)), 200, SHORT_CACHE));
  router.get("cca", "/v1/data/aggregation", async (ctx) => json(await aggregate(ctx.deps.db, queryOf(ctx)), 200, SHORT_CACHE));
  router.get("cca", "/v1/data/list", async (ctx) => json(await list(ctx.deps.db, queryOf(ctx, DATA_SEARCH_MAX_LIMIT)), 200, SHORT_CACHE));

  // The reference's myList is list with a `userId`; without one, the signed-in caller's records. One's
  // own list holds one's records of any consent; another member's, their public records.
  router.get("cca", "/v1/data/myList", async (ctx) => {
    const q = queryOf(ctx, DATA_SEARCH_MAX_LIMIT);
    const account = await optionalAccount(ctx);
    if (q.userId === null) {
      if (!account) throw new AppError("VALIDATION_FAILED", "userId is required (or sign in)", { userId: FORM_ERRORS.required });
      q.userId = account.id;
    }
    q.ownRecords = account !== null && q.userId === account.id;
    return json(await list(ctx.deps.db, q), 200, PRIVATE);
  });

  // A record's card: open like the record (a restricted one answers only those its consent names).
  router.get("cca", "/v1/data/summary/:id", async (ctx) => json(await getSummary(ctx.deps.db, recordId(ctx), queryOf(ctx), await optionalAccount(ctx)), 200, PRIVATE));

  // The record: exact geometry for its editors, so never shared between callers.
  router.get("cca", "/v1/data/:id", async (ctx) => {
    const id = recordId(ctx);
    const q = queryOf(ctx);
    return json(await getRecord(ctx.deps.db, id, q.language, await optionalAccount(ctx)), 200, PRIVATE);
  });
}
