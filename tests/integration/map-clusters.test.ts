/**
 * The map's records clustered on the server (issue 35, `data/search/map/clusters`), on both databases and
 * both ways (a small match clustered as MapLibre did in the browser; a large one on the database's grid,
 * taken here on the demo by lowering the small-set limit): the answer holds the public tier's points only,
 * its counts add up to the points `data/search/map` answers, a point is where `search/map` puts it (a
 * generalised place at its cell's centre), and a record whose place or whole record is withheld shows
 * nowhere — no point, no cluster near its place, no count. Bad `zoom` / `bbox` answer 400 with keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MapClusters, MapInfo } from "@/contracts/cca-data";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { setSmallSetLimit, SMALL_SET } from "@/server/modules/records/map-clusters";
import { getAs } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
let api: TestPlatform;
const ids = { sacred: 0, communityUse: 0 };
/** The sacred site's exact place (its stored boundary's first corner), which no public read may show. */
let sacredPlace: [number, number] = [0, 0];

const idOf = async (name: string) => (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1", [name])).id;
const points = async (query = "") => JSON.parse((await getAs(api, `${D}/search/map?query=${query}`)).raw.toString()) as MapInfo[];
const clusters = async (zoom: number | string, bbox?: string, query = "") => {
  const res = await getAs(api, `${D}/search/map/clusters?zoom=${zoom}${bbox ? `&bbox=${bbox}` : ""}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as MapClusters;
};
const counted = (answer: MapClusters) => answer.points.length + answer.clusters.reduce((sum, c) => sum + c.count, 0);

beforeAll(async () => {
  api = await createTestPlatform();
  ids.sacred = await idOf("Sacred forest of Nongkhlaw (Secret / Sacred)");
  ids.communityUse = await idOf("Sarpa kavu of Payyanur (community use only)");
  const boundary = await api.db.one<{ place: { features: Array<{ geometry: { coordinates: unknown } }> } }>(
    "select field_values -> 'boundary' -> 'value' as place from cca_data where id = $1",
    [ids.sacred],
  );
  const flat = JSON.stringify(boundary.place.features[0]!.geometry.coordinates).match(/-?\d+(?:\.\d+)?/g)!.map(Number);
  sacredPlace = [flat[0]!, flat[1]!];
}, 120_000);

afterAll(async () => {
  setSmallSetLimit(SMALL_SET);
  await api?.close();
});

describe.each([
  ["small match: MapLibre's clustering on the server", SMALL_SET],
  ["large match: the database's grid", 0],
])(`[MAP] clusters, %s (${TEST_DB})`, (_name, limit) => {
  beforeAll(() => setSmallSetLimit(limit));

  it("counts exactly the public points at every zoom; a lone record is the point search/map gives", async () => {
    const all = await points();
    expect(all.length).toBeGreaterThan(10);
    const byId = new Map(all.map((p) => [p.id, p]));
    for (const zoom of [0, 2, 3.3, 5, 8, 11, 12, 16]) {
      const answer = await clusters(zoom, "-180,-85,180,85");
      expect(answer.total).toBe(all.length);
      expect(answer.bounds).toEqual([Math.min(...all.map((p) => p.lng)), Math.min(...all.map((p) => p.lat)), Math.max(...all.map((p) => p.lng)), Math.max(...all.map((p) => p.lat))]);
      expect(counted(answer), `zoom ${zoom}`).toBe(all.length);
      for (const point of answer.points) expect(byId.get(point.id), `point ${point.id} at zoom ${zoom}`).toEqual(point);
      for (const cluster of answer.clusters) {
        expect(cluster.count).toBeGreaterThanOrEqual(2);
        expect(cluster.expansionZoom).toBeGreaterThan(answer.zoom);
      }
    }
  });

  it("a box holds what lies in it; a filter narrows the total as search/map does", async () => {
    const all = await points();
    // North-east India (Meghalaya, Assam): the records there, and no other.
    const box = [89, 23, 97, 29] as const;
    const inside = all.filter((p) => p.lng >= box[0] && p.lng <= box[2] && p.lat >= box[1] && p.lat <= box[3]);
    expect(inside.length).toBeGreaterThan(0);
    const deep = await clusters(16, box.join(","));
    if (limit === 0) {
      // The grid answers at a zoom where the box fits the pixel cap, whole cells: every record of the box counted.
      expect(deep.zoom).toBeLessThan(16);
      expect(counted(deep)).toBeGreaterThanOrEqual(inside.length);
    } else {
      // Past the clustering's last zoom each record of the box is its own point, as MapLibre drew it.
      expect(deep.zoom).toBe(16);
      expect(deep.clusters).toEqual([]);
      expect(deep.points.map((p) => p.id).sort()).toEqual(inside.map((p) => p.id).sort());
    }
    for (const point of deep.points) expect(point.lng >= box[0] - 1 && point.lng <= box[2] + 1 && point.lat >= box[1] - 1 && point.lat <= box[3] + 1).toBe(true);
    const narrow = await clusters(5, undefined, "&state=Meghalaya");
    expect(narrow.total).toBe((await points("&state=Meghalaya")).length);
    expect(counted(narrow)).toBe(narrow.total);
  });

  it("never shows a withheld place or a withheld record: no point, no cluster at the place, not counted", async () => {
    const all = await points();
    expect(all.some((p) => p.id === ids.sacred || p.id === ids.communityUse)).toBe(false);
    const [lng, lat] = sacredPlace;
    for (const zoom of [3, 8, 12, 16]) {
      const answer = await clusters(zoom, `${lng - 0.05},${lat - 0.05},${lng + 0.05},${lat + 0.05}`);
      expect(answer.points.map((p) => p.id)).not.toContain(ids.sacred);
      expect(answer.points.map((p) => p.id)).not.toContain(ids.communityUse);
      const near = [...answer.points, ...answer.clusters].filter((p) => Math.abs(p.lng - lng) < 0.01 && Math.abs(p.lat - lat) < 0.01);
      expect(near, `zoom ${zoom}`).toEqual([]);
    }
    const world = await clusters(0);
    expect(counted(world)).toBe(all.length);
  });
});

describe(`[MAP] clusters: bad input (${TEST_DB})`, () => {
  it.each([
    ["", "zoom", FORM_ERRORS.required],
    ["zoom=abc", "zoom", FORM_ERRORS.invalid],
    ["zoom=-1", "zoom", FORM_ERRORS.invalid],
    ["zoom=99", "zoom", FORM_ERRORS.invalid],
    ["zoom=4&bbox=1,2,3", "bbox", FORM_ERRORS.invalid],
    ["zoom=4&bbox=10,20,5,30", "bbox", FORM_ERRORS.invalid],
    ["zoom=4&bbox=-200,0,10,10", "bbox", FORM_ERRORS.invalid],
  ])("%s answers 400 naming %s", async (query, field, key) => {
    const res = await getAs(api, `${D}/search/map/clusters?${query}`);
    expect(res.status).toBe(400);
    expect((res.body as { fieldErrors?: Record<string, string> }).fieldErrors?.[field]).toBe(key);
  });
});
