/** The query parameters of OGC API – Features (Part 1 Core), checked: every refusal is a 400 with the reason. Pure. */
import { AppError } from "../../infra/http/app-error";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;

export type Query = Record<string, string | string[] | undefined>;

export interface ItemsParams {
  bbox: [number, number, number, number] | null;
  limit: number;
  from: Date | null;
  to: Date | null;
  after: number | null;
  before: number | null;
}

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/** One value of a parameter (a repeated one is refused). */
export function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) {
    if (v.length > 1) throw bad(`Parameter "${name}" is given more than once`);
    return v[0];
  }
  return v;
}

/** Refuses a parameter not in `allowed`. */
export function onlyKnown(query: Query, allowed: readonly string[]): void {
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key)) throw bad(`Unknown parameter "${key}"; this resource takes ${allowed.map((a) => `"${a}"`).join(", ")}`);
  }
}

export function parseBbox(raw: string | undefined): [number, number, number, number] | null {
  if (raw === undefined) return null;
  const parts = raw.split(",");
  if (parts.length === 6) throw bad("bbox: only 2D boxes (4 numbers: minLon,minLat,maxLon,maxLat) are supported");
  if (parts.length !== 4) throw bad("bbox: expected 4 comma-separated numbers: minLon,minLat,maxLon,maxLat");
  const n = parts.map((p) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(p) ? Number(p) : NaN));
  if (n.some((x) => !Number.isFinite(x))) throw bad("bbox: every value must be a number");
  const [x0, y0, x1, y1] = n as [number, number, number, number];
  if (y0 < -90 || y1 > 90 || y0 > 90 || y1 < -90) throw bad("bbox: latitudes must lie between -90 and 90");
  if (x0 < -180 || x1 > 180 || x0 > 180 || x1 < -180) throw bad("bbox: longitudes must lie between -180 and 180");
  if (y0 > y1) throw bad("bbox: the minimum latitude is larger than the maximum");
  if (x0 > x1) throw bad("bbox: boxes across the antimeridian (minLon > maxLon) are not supported");
  return [x0, y0, x1, y1];
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^\d{1,9}$/.test(raw.trim())) throw bad("limit: expected a whole number from 1");
  const n = Number(raw.trim());
  if (n < 1) throw bad("limit: expected a whole number from 1");
  return Math.min(n, MAX_LIMIT);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An instant: its start and its end (a date is its whole day, UTC; a date-time the millisecond). */
function instant(raw: string): { start: Date; end: Date } {
  if (DATE.test(raw)) {
    const start = new Date(`${raw}T00:00:00Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== raw) throw bad(`datetime: "${raw}" is not a date`);
    return { start, end: new Date(start.getTime() + 86_400_000) };
  }
  if (DATE_TIME.test(raw)) {
    const start = new Date(raw);
    if (Number.isNaN(start.getTime())) throw bad(`datetime: "${raw}" is not a date-time`);
    return { start, end: new Date(start.getTime() + 1) };
  }
  throw bad(`datetime: "${raw}" is neither a date (2024-05-01) nor an RFC 3339 date-time (2024-05-01T10:00:00Z)`);
}

/** `datetime`: an instant, or an interval `a/b` where either end may be `..` or empty (open). */
export function parseDatetime(raw: string | undefined): { from: Date | null; to: Date | null } {
  if (raw === undefined) return { from: null, to: null };
  const value = raw.trim();
  if (value.includes("/")) {
    const parts = value.split("/");
    if (parts.length !== 2) throw bad("datetime: an interval has exactly one '/'");
    const [a, b] = parts as [string, string];
    const open = (s: string) => s === ".." || s === "";
    if (open(a) && open(b)) throw bad("datetime: an interval needs at least one closed end");
    const from = open(a) ? null : instant(a).start;
    const to = open(b) ? null : instant(b).end;
    if (from && to && from >= to) throw bad("datetime: the interval's start is after its end");
    return { from, to };
  }
  const { start, end } = instant(value);
  return { from: start, to: end };
}

function cursor(raw: string | undefined, name: string): number | null {
  if (raw === undefined) return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647) throw bad(`${name}: expected an item id from a next or prev link`);
  return Number(raw);
}

export const ITEMS_PARAMS = ["f", "bbox", "limit", "datetime", "after", "before"] as const;

export function parseItemsParams(query: Query): ItemsParams {
  onlyKnown(query, ITEMS_PARAMS);
  const after = cursor(single(query, "after"), "after");
  const before = cursor(single(query, "before"), "before");
  if (after !== null && before !== null) throw bad('"after" and "before" cannot be given together');
  const { from, to } = parseDatetime(single(query, "datetime"));
  return { bbox: parseBbox(single(query, "bbox")), limit: parseLimit(single(query, "limit")), from, to, after, before };
}
