/**
 * nakshaIntegrator-api/api/layer/locationInfo (reference §3.9): the state, district and tahsil of a point,
 * offline; and layer/places (this portal's): places of India found by name, for the boundary drawing map.
 */
import { FORM_ERRORS, maxLengthError } from "@/contracts/field-errors";
import { PLACE_LIMIT_DEFAULT, PLACE_LIMIT_MAX, PLACE_QUERY_MAX } from "@/contracts/place-search";
import { AppError } from "../../infra/http/app-error";
import { parseCount, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { QueryValue } from "../../infra/http/types";
import { locateInIndia } from "./location.service";
import { searchPlaces } from "./place-search";

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A coordinate in degrees within ±limit; 400 with the reason otherwise. */
function parseCoordinate(query: Record<string, QueryValue>, name: "lat" | "lon", limit: number): number {
  const raw = queryValue(query, name)?.trim();
  if (raw === undefined || raw === "") throw new AppError("BAD_REQUEST", `${name} is required`, { [name]: FORM_ERRORS.required });
  if (!DECIMAL.test(raw)) throw new AppError("BAD_REQUEST", `${name} must be a number in degrees (got "${raw}")`, { [name]: FORM_ERRORS.number });
  const value = Number(raw);
  if (value < -limit) throw new AppError("BAD_REQUEST", `${name} must be at least -${limit} (got ${raw})`, { [name]: `form:min_value|{"min":${-limit}}` });
  if (value > limit) throw new AppError("BAD_REQUEST", `${name} must be at most ${limit} (got ${raw})`, { [name]: `form:max_value|{"max":${limit}}` });
  return value;
}

export function registerLocationRoutes(router: Router): void {
  router.get("nakshaIntegrator", "/layer/locationInfo", async (ctx) => {
    const lat = parseCoordinate(ctx.request.query, "lat", 90);
    const lon = parseCoordinate(ctx.request.query, "lon", 180);
    return json(await locateInIndia(lat, lon), 200, { "cache-control": "public, max-age=86400" });
  });

  // Read-only and open: `q` (required, at most PLACE_QUERY_MAX characters), `limit` (1–PLACE_LIMIT_MAX).
  router.get("nakshaIntegrator", "/layer/places", async (ctx) => {
    const q = queryValue(ctx.request.query, "q")?.trim() ?? "";
    if (q === "") throw new AppError("BAD_REQUEST", "q is required", { q: FORM_ERRORS.required });
    if (q.length > PLACE_QUERY_MAX) throw new AppError("BAD_REQUEST", `q must be at most ${PLACE_QUERY_MAX} characters`, { q: maxLengthError(PLACE_QUERY_MAX) });
    const limit = Math.max(1, parseCount(queryValue(ctx.request.query, "limit"), "limit", PLACE_LIMIT_DEFAULT, PLACE_LIMIT_MAX));
    return json(await searchPlaces(q, limit), 200, { "cache-control": "public, max-age=86400" });
  });
}
