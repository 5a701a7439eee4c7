/** nakshaIntegrator-api/api/layer/locationInfo (reference §3.9): the state, district and tahsil of a point, offline. */
import { FORM_ERRORS } from "@/contracts/field-errors";
import { AppError } from "../http/app-error";
import { queryValue } from "../http/params";
import { json, type Router } from "../http/router";
import type { QueryValue } from "../http/types";
import { locateInIndia } from "./location.service";

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
}
