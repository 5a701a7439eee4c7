// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Position, simplifyLine, simplifyRing } from "../../scripts/lib/simplify-line.mjs";

const ROOT = path.resolve(__dirname, "../..");
const KM_PER_DEGREE = (Math.PI * 6371) / 180;

interface Feature {
  properties: { kind?: string; name?: string };
  geometry: { type: string; coordinates: unknown };
}
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as { features: Feature[] };

/** A ring's area in km², on the sinusoidal projection (equal-area: x = longitude × cos latitude). */
function ringKm2(ring: Position[]): number {
  const projected = ring.map(([lng, lat]) => [lng * Math.cos((lat * Math.PI) / 180), lat] as const);
  let sum = 0;
  for (let i = 0; i + 1 < projected.length; i++) sum += projected[i]![0] * projected[i + 1]![1] - projected[i + 1]![0] * projected[i]![1];
  return (Math.abs(sum) / 2) * KM_PER_DEGREE ** 2;
}
/** A MultiPolygon's area in km²: outer rings less their holes. */
const areaKm2 = (polygons: Position[][][]) => polygons.reduce((total, [outer, ...holes]) => total + ringKm2(outer ?? []) - holes.reduce((h, ring) => h + ringKm2(ring), 0), 0);

/** A circle of `count` points around (lng, lat), closed (its last point is its first). */
function circle(lng: number, lat: number, radius: number, count: number): Position[] {
  const ring = Array.from({ length: count }, (_, i): Position => [lng + radius * Math.cos((2 * Math.PI * i) / count), lat + radius * Math.sin((2 * Math.PI * i) / count)]);
  return [...ring, ring[0]!];
}
const planarArea = (ring: Position[]) => Math.abs(ring.slice(1).reduce((sum, [x, y], i) => sum + ring[i]![0] * y - x * ring[i]![1], 0)) / 2;

describe("[MAP] the simplifier of the map build scripts", () => {
  it("keeps a closed ring's shape instead of collapsing it to its start point", () => {
    const ring = circle(80, 20, 1, 400);
    const simplified = simplifyLine(ring, 0.01);
    expect(simplified.length).toBeGreaterThan(10);
    expect(simplified.length).toBeLessThan(ring.length);
    expect(simplified[0]).toEqual(simplified[simplified.length - 1]);
    expect(planarArea(simplified) / planarArea(ring)).toBeCloseTo(1, 1);
  });

  it("keeps a square's four corners and drops the points along its sides", () => {
    const side = (from: Position, to: Position): Position[] => Array.from({ length: 10 }, (_, i): Position => [from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10]);
    const square = [...side([0, 0], [1, 0]), ...side([1, 0], [1, 1]), ...side([1, 1], [0, 1]), ...side([0, 1], [0, 0]), [0, 0] as Position];
    expect(simplifyLine(square, 0.01)).toEqual([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]);
  });

  it("simplifies an open line between its two ends", () => {
    expect(simplifyLine([[0, 0], [1, 0.001], [2, 0], [3, 0.5], [4, 0]], 0.01)).toEqual([[0, 0], [2, 0], [3, 0.5], [4, 0]]);
  });

  it("rounds and closes a ring, and drops one too small to enclose anything", () => {
    const round = (n: number) => Math.round(n * 100) / 100;
    const ring = simplifyRing(circle(80, 20, 0.5, 200), 0.01, round);
    expect(ring?.length).toBeGreaterThanOrEqual(4);
    expect(ring?.[0]).toEqual(ring?.[ring.length - 1]);
    expect(ring?.flat().every((n) => round(n) === n)).toBe(true);
    expect(simplifyRing(circle(80, 20, 0.001, 50), 0.01, round)).toBeNull();
  });
});

describe("[MAP] the base map that ships with the portal draws land", () => {
  const base = read("public/map/south-asia.json");
  const countries = base.features.filter((f) => f.properties.kind === "country");
  const area = new Map(countries.map((f) => [f.properties.name, areaKm2(f.geometry.coordinates as Position[][][])]));

  it("has an outline of closed rings for every country", () => {
    expect(countries.length).toBeGreaterThanOrEqual(20);
    for (const country of countries) {
      const polygons = country.geometry.coordinates as Position[][][];
      expect(polygons.length, country.properties.name).toBeGreaterThan(0);
      for (const rings of polygons) {
        expect(rings.length, country.properties.name).toBeGreaterThan(0);
        for (const ring of rings) {
          expect(ring.length, country.properties.name).toBeGreaterThanOrEqual(4);
          expect(ring[0], country.properties.name).toEqual(ring[ring.length - 1]);
        }
      }
      expect(area.get(country.properties.name), country.properties.name).toBeGreaterThan(0);
    }
  });

  // Natural Earth's de facto outlines (India without the parts of Kashmir it does not administer).
  it.each([
    ["India", 3_100_000],
    ["Pakistan", 880_000],
    ["Nepal", 147_000],
    ["Bangladesh", 148_000],
    ["Sri Lanka", 65_600],
    ["Bhutan", 38_400],
  ])("draws %s at about its size (%i km²)", (name, km2) => {
    expect(area.get(name)! / km2).toBeGreaterThan(0.85);
    expect(area.get(name)! / km2).toBeLessThan(1.15);
  });

  it("keeps India far larger than Sri Lanka, and Sri Lanka larger than Bhutan", () => {
    expect(area.get("India")!).toBeGreaterThan(20 * area.get("Sri Lanka")!);
    expect(area.get("Sri Lanka")!).toBeGreaterThan(area.get("Bhutan")!);
  });

  it("draws the borders between India's states", () => {
    const borders = base.features.filter((f) => f.properties.kind === "state-border");
    expect(borders).toHaveLength(1);
    expect((borders[0]!.geometry.coordinates as Position[][]).length).toBeGreaterThan(30);
  });
});

describe("[MAP] the demo's States of India layer has an outline for each state", () => {
  const states = read("src/server/seed/india-states.json").features;
  const area = new Map(states.map((f) => [f.properties.name, areaKm2(f.geometry.coordinates as Position[][][])]));

  it("draws every state with an area, Rajasthan the largest", () => {
    expect(states.length).toBeGreaterThanOrEqual(30);
    for (const [name, km2] of area) expect(km2, name).toBeGreaterThan(0);
    expect(Math.max(...area.values())).toBe(area.get("Rajasthan"));
    expect(area.get("Rajasthan")! / 342_000).toBeGreaterThan(0.85);
    expect(area.get("Rajasthan")! / 342_000).toBeLessThan(1.15);
  });
});
