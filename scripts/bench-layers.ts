// `npm run bench:layers [-- --polygons 100000] [--tiles 40]` (package.json: "bench:layers": "tsx scripts/bench-layers.ts").
// Printed figures, not a test: uploads a synthetic layer of N polygons (hexagon-like shapes of ~1 km over
// India, GeoJSON through `layer/upload`) into a throwaway PGlite data folder, then times vector tiles
// through the platform router at zoom 5 and 12: the first tile (reads the layer and builds its tile index),
// then distinct uncached tiles (index built, tile cache empty) and the same tiles again (cached).
// Targets (issue 17): p95 ≤ 300 ms uncached, ≤ 50 ms cached.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { runMigrations } from "../src/server/migrations/migrate";
import { openDatabase } from "../src/server/infra/db/open-database";
import { seedDemo, SEED_USER_BY_ROLE } from "../src/server/seed/demo";
import { serializeBody } from "../src/server/infra/http/router";
import type { PlatformDeps, PlatformResponse } from "../src/server/infra/http/types";
import { clearTileCaches } from "../src/server/modules/maps/layer-tiles";
import { createPlatformRouter } from "../src/server/app/platform-router";
import { directoryFileStore } from "../src/server/infra/files/file-store";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const POLYGONS = Number(arg("polygons", "100000"));
const TILES = Number(arg("tiles", "40"));
const SECRET = new TextEncoder().encode("bench-secret-bench-secret-bench-secret");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** N small polygons (8 corners, ~1 km) on a jittered grid over India (68–97 E, 8–35 N). */
function syntheticLayer(n: number): string {
  const cols = Math.ceil(Math.sqrt(n * (29 / 27)));
  const rows = Math.ceil(n / cols);
  const features: string[] = [];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < n; i++) {
    const cx = 68 + ((i % cols) + 0.5) * (29 / cols) + (rnd() - 0.5) * 0.02;
    const cy = 8 + (Math.floor(i / cols) + 0.5) * (27 / rows) + (rnd() - 0.5) * 0.02;
    const r = 0.004 + rnd() * 0.006;
    const ring: number[][] = [];
    for (let v = 0; v < 8; v++) ring.push([+(cx + r * Math.cos((v * Math.PI) / 4)).toFixed(5), +(cy + r * Math.sin((v * Math.PI) / 4)).toFixed(5)]);
    ring.push(ring[0]!);
    features.push(JSON.stringify({ type: "Feature", properties: { name: `Block ${i + 1}`, kind: ["forest", "wetland", "grassland"][i % 3], area: Math.round(rnd() * 1000) }, geometry: { type: "Polygon", coordinates: [ring] } }));
  }
  return `{"type":"FeatureCollection","features":[${features.join(",")}]}`;
}

function tileOf(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [z, Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-layers-"));
  const db = await openDatabase({ dataDir: dir });
  try {
    await runMigrations(db);
    await seedDemo(db, { fileStore: directoryFileStore(path.join(dir, "files")), siteUrl: "http://localhost:3000" });
    const deps = {
      db,
      fileStore: directoryFileStore(path.join(dir, "files")),
      cacheDir: path.join(dir, "cache"),
      jwtSecret: SECRET,
      settings: { accessTokenTtl: 3600, refreshTokenTtl: 604_800, secureCookies: false, smtpUrl: null, mailFrom: "", smsGatewayUrl: null, smsGatewayToken: null, siteUrl: "http://localhost:3000", corsOrigins: [] },
      logger: { error: console.error, warn: console.warn },
    } as PlatformDeps;
    const router = createPlatformRouter(deps);
    const admin = SEED_USER_BY_ROLE.admin;
    const token = await new SignJWT({ id: admin.id, name: admin.name, roles: admin.roles }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h").sign(SECRET);
    const call = async (method: string, p: string, body?: Buffer, headers: Record<string, string> = {}): Promise<PlatformResponse> =>
      router.handle({ method, service: "nakshaIntegrator", path: p, query: {}, headers: { authorization: `Bearer ${token}`, ...headers }, body });

    console.log(`Layer of ${POLYGONS.toLocaleString("en")} polygons (PGlite)`);
    const geojson = syntheticLayer(POLYGONS);
    const boundary = "----bench";
    const metadata = JSON.stringify({ layerName: "Bench blocks", titleColumn: "name", summaryColumns: "kind,area", colorBy: "kind" });
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="geojson"; filename="bench.geojson"\r\nContent-Type: application/geo+json\r\n\r\n`),
      Buffer.from(geojson),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let t0 = performance.now();
    const uploaded = await call("POST", "/layer/upload", body, { "content-type": `multipart/form-data; boundary=${boundary}` });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${String(serializeBody(uploaded))}`);
    const layer = uploaded.body as { name: string };
    console.log(`upload (${(body.length / 1024 / 1024).toFixed(1)} MB GeoJSON, read, checked, stored): ${ms(performance.now() - t0)}`);

    for (const z of [5, 12]) {
      clearTileCaches();
      // Tiles around places with shapes: a grid of centres over India.
      const wanted = new Set<string>();
      for (let i = 0; wanted.size < TILES && i < TILES * 10; i++) {
        const [tz, x, y] = tileOf(70 + ((i * 7.3) % 26), 10 + ((i * 3.7) % 23), z);
        wanted.add(`${tz}/${x}/${y}`);
      }
      const tiles = [...wanted];
      const get = async (tile: string) => {
        const start = performance.now();
        const res = await call("GET", `/layer/tiles/${layer.name}/${tile}.pbf`);
        const elapsed = performance.now() - start;
        if (res.status !== 200) throw new Error(`tile ${tile}: ${res.status}`);
        return { elapsed, bytes: (res.body as Buffer).length };
      };
      t0 = performance.now();
      const first = await get(tiles[0]!);
      console.log(`z${z}: first tile, with the layer's tile index built: ${ms(first.elapsed)}`);
      const uncached: number[] = [];
      let bytes = 0;
      for (const tile of tiles.slice(1)) {
        const r = await get(tile);
        uncached.push(r.elapsed);
        bytes += r.bytes;
      }
      const cached: number[] = [];
      for (let run = 0; run < 3; run++) for (const tile of tiles) cached.push((await get(tile)).elapsed);
      uncached.sort((a, b) => a - b);
      cached.sort((a, b) => a - b);
      console.log(
        `z${z}: ${uncached.length} uncached tiles p50 ${ms(percentile(uncached, 50))}, p95 ${ms(percentile(uncached, 95))} (avg ${(bytes / Math.max(1, uncached.length) / 1024).toFixed(1)} KB); ` +
          `${cached.length} cached p50 ${ms(percentile(cached, 50))}, p95 ${ms(percentile(cached, 95))}`,
      );
    }
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
