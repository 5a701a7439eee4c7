/**
 * Offline map packs (issue 32, item 5), on both databases: the estimate of a demo group's pack and of
 * the site's, its tiles (256-px PNGs that show the map inside the area, 4xx outside, cached for a year
 * with the current version), the MBTiles file (opened by GDAL and by SQLite: metadata, TMS rows, one
 * tile per address), that a withheld place (the demo's Secret / Sacred record) is in no tile, and the
 * refusals (a bad pack, a group without public places, bad addresses, anonymous callers past their
 * hourly bound).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MapInfo } from "@/contracts/cca-data";
import { MAP_PACK_BASE_MAP_URL, MAP_PACK_MAX_BYTES, MAP_PACK_MAX_TILES, recordPointsUrl, type MapPackEstimate } from "@/contracts/map-pack";
import { ANONYMOUS_LIMITS, forgetMapPackPlans, planOf, resetMapPackBudgets, tileScene } from "@/server/modules/maps/map-pack.service";
import { COLORS, RECORD_RADIUS_PX, renderTile } from "@/server/modules/maps/map-pack-render";
import { mercatorX, mercatorY, tileOf, tmsRow } from "@/server/modules/maps/map-pack-plan";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { freshAddress, tokensOf } from "./helpers/accounts";
import { CHILIKA, createGroupAsAdmin, SACRED_GROVES } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const P = "nakshaIntegrator-api/api/mappack";
/** The demo's "Sacred forest of Nongkhlaw (Secret / Sacred)": its places are withheld from everyone but its keepers. */
const SACRED_PLACE: [number, number] = [91.8642, 25.4518];

let api: TestPlatform;
let admin = "";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "map-pack-"));

const get = (url: string, options: { token?: string; address?: string } = {}) =>
  api.request("GET", url, { headers: options.token ? { authorization: `Bearer ${options.token}` } : {}, clientAddress: options.address });
const message = (res: ApiResult) => JSON.stringify(res.body).slice(0, 300);

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  forgetMapPackPlans();
  resetMapPackBudgets();
});

afterAll(async () => {
  await api?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Buffer; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, channels: info.channels };
}

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** The colour of a pixel, as #rrggbb. */
function colorAt(img: Awaited<ReturnType<typeof pixels>>, x: number, y: number): string {
  const i = (Math.round(y) * img.width + Math.round(x)) * img.channels;
  return hex(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
}

/** Whether a colour is near another (anti-aliasing and opacity aside). */
const near = (a: string, b: string, tolerance = 24) => [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= tolerance);

/** Where a place falls on a tile, in pixels. */
function pixelOf([lon, lat]: [number, number], z: number, x: number, y: number): [number, number] {
  return [(mercatorX(lon) * 2 ** z - x) * 256, (mercatorY(lat) * 2 ** z - y) * 256];
}

async function estimateOf(pack: string): Promise<MapPackEstimate> {
  const res = await get(`${P}/${pack}?language=en`);
  expect(res.status, message(res)).toBe(200);
  return res.body as MapPackEstimate;
}

describe(`offline map packs (${TEST_DB})`, () => {
  it("estimates a demo group's pack: its area around its public places, the zooms from a phone screen to four more, its size, what the browser keeps", async () => {
    const points = (await get(`cca-api/api/v1/data/search/map?usergroups=${CHILIKA.id}`)).body as MapInfo[];
    expect(points.length).toBeGreaterThan(1);
    const pack = await estimateOf(String(CHILIKA.id));
    expect(pack.pack).toBe(String(CHILIKA.id));
    expect(pack.cacheName).toBe(`map-pack-${CHILIKA.slug}`);
    expect(pack.version).toMatch(/^[0-9a-f]{16}$/);
    const [w, s, e, n] = pack.bbox;
    for (const p of points) {
      expect(p.lng).toBeGreaterThan(w);
      expect(p.lng).toBeLessThan(e);
      expect(p.lat).toBeGreaterThan(s);
      expect(p.lat).toBeLessThan(n);
    }
    expect(e - w).toBeLessThan(2);
    expect(pack.maxZoom - pack.minZoom).toBe(4);
    expect(pack.minZoom).toBeGreaterThanOrEqual(7);
    expect(pack.zooms.map((z) => z.zoom)).toEqual([0, 1, 2, 3, 4].map((i) => pack.minZoom + i));
    expect(pack.tiles).toBe(pack.zooms.reduce((sum, z) => sum + z.tiles, 0));
    expect(pack.tiles).toBeLessThanOrEqual(MAP_PACK_MAX_TILES);
    expect(pack.bytes).toBeGreaterThan(pack.tiles * 100);
    expect(pack.bytes).toBeLessThanOrEqual(MAP_PACK_MAX_BYTES);
    expect(pack.points).toBe(points.length);
    expect(pack.layers.map((l) => l.name)).toContain("india_states");
    expect(pack.limits).toEqual({ maxTiles: MAP_PACK_MAX_TILES, maxBytes: MAP_PACK_MAX_BYTES });
    // The browser keeps the base map, the points exactly as the map screen asks for them, and every tile.
    expect(pack.browser.urls.slice(0, 3)).toEqual([MAP_PACK_BASE_MAP_URL, recordPointsUrl("en", CHILIKA.id), recordPointsUrl("hi", CHILIKA.id)]);
    expect(recordPointsUrl("en", CHILIKA.id)).toBe(`/cca-api/api/v1/data/search/map?language=en&query=&usergroups=${CHILIKA.id}`);
    const tiles = pack.browser.urls.slice(3);
    expect(tiles).toHaveLength(pack.tiles);
    expect(new Set(tiles).size).toBe(pack.tiles);
    for (const url of tiles) expect(url).toMatch(new RegExp(`^/nakshaIntegrator-api/api/mappack/${CHILIKA.id}/tiles/\\d+/\\d+/\\d+\\.png\\?v=${pack.version}$`));
    expect(pack.tileUrl).toBe(`/nakshaIntegrator-api/api/mappack/${CHILIKA.id}/tiles/{z}/{x}/{y}.png?v=${pack.version}`);
    expect(pack.browser.bytes).toBeGreaterThan(pack.bytes / 2);
  });

  it("estimates the site's pack over every public place", async () => {
    const pack = await estimateOf("site");
    expect(pack.cacheName).toBe("map-pack-site");
    expect(pack.groupName).toBeNull();
    // India, roughly.
    expect(pack.bbox[0]).toBeLessThan(75);
    expect(pack.bbox[2]).toBeGreaterThan(90);
    expect(pack.minZoom).toBeLessThanOrEqual(4);
    expect(pack.tiles).toBeLessThanOrEqual(MAP_PACK_MAX_TILES);
    expect(pack.browser.urls[1]).toBe("/cca-api/api/v1/data/search/map?language=en&query=");
  });

  it("serves a tile inside the area as a 256 × 256 PNG that shows the map and the group's places; the current version is cached for a year", async () => {
    const pack = await estimateOf(String(CHILIKA.id));
    const points = (await get(`cca-api/api/v1/data/search/map?usergroups=${CHILIKA.id}`)).body as MapInfo[];
    const place: [number, number] = [points[0]!.lng, points[0]!.lat];
    const z = pack.maxZoom;
    const [x, y] = tileOf(place[0], place[1], z);
    const res = await get(`${P}/${CHILIKA.id}/tiles/${z}/${x}/${y}.png?v=${pack.version}`, { address: freshAddress() });
    expect(res.status, message(res)).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(res.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
    const img = await pixels(res.raw);
    const colors = new Set<string>();
    for (let i = 0; i < img.data.length; i += img.channels * 7) colors.add(hex(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!));
    expect(colors.size, "a tile of one colour shows nothing").toBeGreaterThan(2);
    // The record's marker is where its public place is.
    const [px, py] = pixelOf(place, z, x, y);
    expect(near(colorAt(img, px, py), COLORS.record), `${colorAt(img, px, py)} at the record's place`).toBe(true);
    // Without the version (or an older one) it is cached briefly.
    const plain = await get(`${P}/${CHILIKA.id}/tiles/${z}/${x}/${y}.png`);
    expect(plain.status).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=300");
    expect(plain.raw.equals(res.raw)).toBe(true);
    const stale = await get(`${P}/${CHILIKA.id}/tiles/${z}/${x}/${y}.png?v=0123456789abcdef`);
    expect(stale.headers["cache-control"]).toBe("public, max-age=300");
    // The tile was kept on disk under the data folder.
    expect(fs.existsSync(path.join(api.deps.cacheDir, "map-pack", `group-${CHILIKA.id}`, pack.version, String(z), String(x), `${y}.png`))).toBe(true);
  });

  it("answers 4xx with a reason outside the pack and for addresses that are no tile", async () => {
    const pack = await estimateOf(String(CHILIKA.id));
    const [x, y] = tileOf((pack.bbox[0] + pack.bbox[2]) / 2, (pack.bbox[1] + pack.bbox[3]) / 2, pack.minZoom);
    const cases: Array<[string, number, string]> = [
      [`${P}/${CHILIKA.id}/tiles/${pack.minZoom - 1}/${x >> 1}/${y >> 1}.png`, 404, "zooms"],
      [`${P}/${CHILIKA.id}/tiles/${pack.maxZoom + 1}/${x}/${y}.png`, 404, "zooms"],
      [`${P}/${CHILIKA.id}/tiles/${pack.minZoom}/${x + 3}/${y}.png`, 404, "outside the pack's area"],
      [`${P}/${CHILIKA.id}/tiles/${pack.minZoom}/${x}/${y - 3}.png`, 404, "outside the pack's area"],
      [`${P}/${CHILIKA.id}/tiles/${pack.minZoom}/${x}/${y}.pbf`, 400, "{z}/{x}/{y}.png"],
      [`${P}/${CHILIKA.id}/tiles/-1/${x}/${y}.png`, 400, "{z}/{x}/{y}.png"],
      [`${P}/${CHILIKA.id}/tiles/${pack.minZoom}/${x}/${y}.png?v=abc`, 400, "v must be"],
      [`${P}/chilika`, 400, 'pack must be "site" or a group\'s id'],
      [`${P}/0/mbtiles`, 400, "pack must be"],
      [`${P}/99999`, 404, "No group"],
    ];
    for (const [url, status, reason] of cases) {
      const res = await get(url);
      expect(res.status, `${url}: ${message(res)}`).toBe(status);
      expect((res.body as { message: string }).message, url).toContain(reason);
    }
  });

  it("has no pack for a group without public places (409 with a reason)", async () => {
    const id = await createGroupAsAdmin(api, admin);
    const res = await get(`${P}/${id}`);
    expect(res.status, message(res)).toBe(409);
    expect(res.body).toMatchObject({ fieldErrors: { pack: "mappack:errors.no_area" } });
  });

  it("writes the pack as an MBTiles file GDAL opens: metadata, every zoom, TMS rows, one tile per address", async () => {
    const pack = await estimateOf(String(CHILIKA.id));
    const res = await get(`${P}/${CHILIKA.id}/mbtiles`);
    expect(res.status, message(res)).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${CHILIKA.slug}-offline-map-z${pack.minZoom}-${pack.maxZoom}.mbtiles"`);
    expect(res.raw.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\u0000");
    expect(Math.abs(res.raw.length - pack.bytes) / pack.bytes, `${res.raw.length} bytes, ${pack.bytes} estimated`).toBeLessThan(0.35);
    const file = path.join(tmp, "chilika.mbtiles");
    fs.writeFileSync(file, res.raw);

    const info = execFileSync("gdalinfo", [file], { encoding: "utf8" });
    expect(info).toContain("Driver: MBTiles/MBTiles");
    expect(info).toContain(`ZOOM_LEVEL=${pack.maxZoom}`);
    expect(info).toContain(`minzoom=${pack.minZoom}`);
    expect(info).toContain(`maxzoom=${pack.maxZoom}`);
    expect(info).toContain("format=png");
    // Overviews: one per zoom below the deepest.
    const overviews = /Overviews: (.+)/.exec(info)?.[1]?.split(",") ?? [];
    expect(overviews.length, info).toBe(pack.maxZoom - pack.minZoom);

    const { Database } = await import("node-sqlite3-wasm");
    const db = new Database(file, { readOnly: true });
    try {
      const metadata = Object.fromEntries(db.all("select name, value from metadata").map((r) => [r.name, r.value]));
      expect(metadata).toMatchObject({ format: "png", minzoom: String(pack.minZoom), maxzoom: String(pack.maxZoom), type: "baselayer", version: pack.version });
      expect(String(metadata.bounds).split(",").map(Number)).toEqual(pack.bbox);
      expect(metadata.name).toContain("Chilika");
      expect(metadata.attribution).toContain("Natural Earth");
      const counts = db.all("select zoom_level as z, count(*) as n from tiles group by zoom_level order by zoom_level").map((r) => [Number(r.z), Number(r.n)]);
      expect(counts).toEqual(pack.zooms.map((z) => [z.zoom, z.tiles]));
      expect(Number(db.get("select count(*) as n from (select distinct zoom_level, tile_column, tile_row from tiles)")!.n)).toBe(pack.tiles);
      expect(Number(db.get("pragma application_id")!.application_id)).toBe(0x4d504258);
      // The row of a tile counts from the bottom: the XYZ tile's bytes are at its TMS row.
      const points = (await get(`cca-api/api/v1/data/search/map?usergroups=${CHILIKA.id}`)).body as MapInfo[];
      const [x, y] = tileOf(points[0]!.lng, points[0]!.lat, pack.maxZoom);
      const row = db.get("select tile_data from tiles where zoom_level = ? and tile_column = ? and tile_row = ?", [pack.maxZoom, x, tmsRow(pack.maxZoom, y)]);
      const served = await get(`${P}/${CHILIKA.id}/tiles/${pack.maxZoom}/${x}/${y}.png`);
      expect(Buffer.from(row!.tile_data as Uint8Array).equals(served.raw)).toBe(true);
    } finally {
      db.close();
    }
    // Asked again: the same file (kept until the version changes).
    const again = await get(`${P}/${CHILIKA.id}/mbtiles`);
    expect(again.raw.equals(res.raw)).toBe(true);
  }, 120_000);

  it("draws no withheld place: the Secret / Sacred record's exact place is in no tile of its group's pack", async () => {
    const pack = await estimateOf(String(SACRED_GROVES.id));
    // The rendering input: the public places of the group, none near the withheld one.
    const plan = await planOf(api.deps, { kind: "group", id: SACRED_GROVES.id });
    const sx = mercatorX(SACRED_PLACE[0]);
    const sy = mercatorY(SACRED_PLACE[1]);
    const nearest = Math.min(...Array.from({ length: plan.points.length / 2 }, (_, i) => Math.hypot(plan.points[i * 2]! - sx, plan.points[i * 2 + 1]! - sy)));
    // 0.1° of longitude is 0.1 / 360 of the world.
    expect(nearest, "a drawn place within 0.1° of the withheld one").toBeGreaterThan(0.1 / 360);
    // The tiles: at every zoom where no other place's marker covers it, no record marker at the withheld place.
    let checked = 0;
    for (let z = pack.minZoom; z <= pack.maxZoom; z++) {
      const [x, y] = tileOf(SACRED_PLACE[0], SACRED_PLACE[1], z);
      const res = await get(`${P}/${SACRED_GROVES.id}/tiles/${z}/${x}/${y}.png`);
      expect(res.status, message(res)).toBe(200);
      if (nearest * 2 ** z * 256 < RECORD_RADIUS_PX + 4) continue;
      checked += 1;
      const [px, py] = pixelOf(SACRED_PLACE, z, x, y);
      const shows = async (png: Buffer) => {
        const img = await pixels(png);
        return [[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]].some(([dx, dy]) => near(colorAt(img, Math.min(255, Math.max(0, px + dx!)), Math.min(255, Math.max(0, py + dy!))), COLORS.record, 60));
      };
      expect(await shows(res.raw), `zoom ${z}: a record marker at the withheld place`).toBe(false);
      // The tile is its scene drawn, and the same scene with the withheld place added would show it.
      const scene = await tileScene(api.db, plan, z, x, y);
      expect((await renderTile(scene)).equals(res.raw)).toBe(true);
      const leaked = await renderTile({ ...scene, points: [...scene.points, [Math.round((px * 4096) / 256), Math.round((py * 4096) / 256)]] });
      expect(await shows(leaked), `zoom ${z}: the check sees a marker when there is one`).toBe(true);
    }
    expect(checked, "zooms where the withheld place stands apart").toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("bounds anonymous callers per address and hour; signed-in callers are not counted", async () => {
    resetMapPackBudgets();
    const address = freshAddress();
    for (let i = 0; i < ANONYMOUS_LIMITS.mbtiles; i++) expect((await get(`${P}/${CHILIKA.id}/mbtiles`, { address })).status).toBe(200);
    const refused = await get(`${P}/${CHILIKA.id}/mbtiles`, { address });
    expect(refused.status, message(refused)).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ fieldErrors: { pack: "mappack:errors.too_many" } });
    expect((await get(`${P}/${CHILIKA.id}/mbtiles`, { address: freshAddress() })).status).toBe(200);
    expect((await get(`${P}/${CHILIKA.id}/mbtiles`, { address, token: admin })).status).toBe(200);
    // A token that is not valid counts as anonymous.
    expect((await get(`${P}/${CHILIKA.id}/mbtiles`, { address, token: "x.y.z" })).status).toBe(429);
    resetMapPackBudgets();
  });
});
