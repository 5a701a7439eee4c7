/**
 * Finding a place of India by name, offline, for the boundary drawing map ("zoom to Meghalaya", "find
 * Shillong"): the states, districts and tahsils of `india-locations.json` (GeoNames, CC BY 4.0), each
 * with the box around the GeoNames towns that carry its name. The data has no town names of its own,
 * so a town is found through its tahsil or district (most tahsils are named after their main town).
 *
 * Built once per process on first use (~3,400 names); a search scans them (well under a millisecond).
 */
import type { PlaceKind, PlaceMatch } from "@/contracts/place-search";
import type { LocationData } from "./location.service";

interface Entry extends PlaceMatch {
  /** Lower case, without marks or punctuation, single spaces. */
  key: string;
  words: string[];
}

const KIND_ORDER: Record<PlaceKind, number> = { state: 0, district: 1, tahsil: 2 };

/** Lower case, marks and punctuation gone, single spaces: "Shahpur(T)" → "shahpur t". */
export function normalisePlaceName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type Box = [number, number, number, number];
const grow = (box: Box | undefined, lon: number, lat: number): Box => (box ? [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)] : [lon, lat, lon, lat]);
const round = (box: Box): Box => box.map((v) => Math.round(v * 1e4) / 1e4) as Box;

/** Every state, district and tahsil with the box of its towns (a district or tahsil named the same in two states stays two places). */
export function buildPlaceIndex(data: LocationData): Entry[] {
  const boxes = new Map<string, { kind: PlaceKind; name: string; state: string; district: string | null; box: Box }>();
  const add = (kind: PlaceKind, name: string, state: string, district: string | null, lon: number, lat: number) => {
    if (!name) return;
    const id = `${kind}|${state}|${kind === "tahsil" ? district : ""}|${name}`;
    const current = boxes.get(id);
    if (current) current.box = grow(current.box, lon, lat);
    else boxes.set(id, { kind, name, state, district, box: grow(undefined, lon, lat) });
  };
  let y = 0;
  let x = 0;
  for (let i = 0; i + 2 < data.points.length; i += 3) {
    y += data.points[i]!;
    x += data.points[i + 1]!;
    const p = data.points[i + 2]!;
    const [lat, lon] = [y / data.scale, x / data.scale];
    const state = data.states[data.places[3 * p]!] ?? "";
    const district = data.districts[data.places[3 * p + 1]!] ?? "";
    const tahsil = data.tahsils[data.places[3 * p + 2]!] ?? "";
    if (!state) continue;
    add("state", state, state, null, lon, lat);
    add("district", district, state, null, lon, lat);
    add("tahsil", tahsil, state, district || null, lon, lat);
  }
  return [...boxes.values()].map(({ kind, name, state, district, box }) => {
    const key = normalisePlaceName(name);
    return { kind, name, state: kind === "state" ? null : state, district: kind === "tahsil" ? district : null, bbox: round(box), key, words: key.split(" ") };
  });
}

/** How well `q` (normalised) names an entry: 0 exact, 1 the name starts with it, 2 a word does, 3 it is inside; null for no match. */
function rank(entry: Entry, q: string): number | null {
  if (entry.key === q) return 0;
  if (entry.key.startsWith(q)) return 1;
  if (entry.words.some((w) => w.startsWith(q))) return 2;
  return entry.key.includes(q) ? 3 : null;
}

/** The best `limit` places for a query: closer matches first, then states before districts before tahsils, then by name. */
export function searchPlaceIndex(index: readonly Entry[], query: string, limit: number): PlaceMatch[] {
  const q = normalisePlaceName(query);
  if (!q) return [];
  const hits: Array<{ entry: Entry; rank: number }> = [];
  for (const entry of index) {
    const r = rank(entry, q);
    if (r !== null) hits.push({ entry, rank: r });
  }
  hits.sort((a, b) => a.rank - b.rank || KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] || a.entry.name.localeCompare(b.entry.name) || (a.entry.state ?? "").localeCompare(b.entry.state ?? ""));
  return hits.slice(0, limit).map(({ entry: { kind, name, state, district, bbox } }) => ({ kind, name, state, district, bbox }));
}

let loading: Promise<Entry[]> | null = null;

/** Places whose name matches `query`, at most `limit`. */
export async function searchPlaces(query: string, limit: number): Promise<PlaceMatch[]> {
  loading ??= import("./india-locations.json").then((module) => buildPlaceIndex(module.default as LocationData));
  loading.catch(() => {
    loading = null;
  });
  return searchPlaceIndex(await loading, query, limit);
}
