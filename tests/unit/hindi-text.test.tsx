import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mapLibreLocale } from "@/components/map/map-locale";
import { leaves, readLocale, ROOT } from "./helpers/locales";

/** MapLibre's own default texts, read from the installed package so an upgrade's new control is noticed. */
function mapLibreDefaultIds(): string[] {
  const source = readFileSync(path.join(ROOT, "node_modules/maplibre-gl/dist/maplibre-gl-dev.mjs"), "utf8");
  const block = /const defaultLocale = \{([\s\S]*?)\};/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/"([A-Za-z]+\.[A-Za-z]+)":/g)].map((m) => m[1]!);
}

describe("[I18N] a Hindi visitor's map speaks Hindi", () => {
  it("every MapLibre control text has a translation (zoom, attribution, full screen, scale…)", () => {
    const ids = mapLibreDefaultIds();
    expect(ids.length).toBeGreaterThan(15);
    expect(Object.keys(mapLibreLocale("hi")).sort()).toEqual([...ids].sort());
  });

  it("the Hindi controls read in Devanagari and the map keeps the name its screen gives it", () => {
    const hi = mapLibreLocale("hi", "मिले हुए सीसीए का मानचित्र");
    expect(hi["NavigationControl.ZoomIn"]).toBe("ज़ूम इन करें");
    expect(hi["AttributionControl.ToggleAttribution"]).toMatch(/[\u0900-\u097F]/);
    expect(hi["Map.Title"]).toBe("मिले हुए सीसीए का मानचित्र");
    expect(mapLibreLocale("en")["NavigationControl.ZoomOut"]).toBe("Zoom out");
  });

  it("Hindi names the map one way (मानचित्र, as the navigation does), never नक्शा", () => {
    const namespaces = readdirSync(path.join(ROOT, "locales/hi")).map((f) => f.replace(/\.json$/, ""));
    const other = namespaces.flatMap((ns) =>
      [...leaves(readLocale("hi", ns) ?? {})].filter(([, v]) => typeof v === "string" && v.includes("नक्श")).map(([k]) => `${ns}:${k}`),
    );
    expect(other).toEqual([]);
    expect(readLocale("hi", "header")).toMatchObject({ menu: expect.objectContaining({ maps: "मानचित्र" }) });
  });
});
