import { describe, expect, it, vi } from "vitest";
import { checkGeometry, checkRecordValues } from "@/contracts/record-rules";
import type { CCAField } from "@/contracts/template";
import { clearDraft, createDraftAutosave, draftKey, DRAFT_MAX_AGE_MS, hasContent, loadDraft, saveDraft, type DraftStorage } from "@/lib/forms/draft-store";
import { initialValues, mergeDraft, optionGroups, optionText, toSaveBody } from "@/components/record-form/form-model";
import { editableCorners, moveCorner, removeCorner, withCorners } from "@/components/record-form/geometry-edit";
import { featureFromText, featureToText, GeometryParseError, parseGeoJson, parseGeometryFile, parsePositions } from "@/components/record-form/geometry-parse";

const xml = (text: string) => new DOMParser().parseFromString(text, "application/xml");

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GeometryParseError) return error.key;
    throw error;
  }
  return "no error";
};

describe("[PARTICIPATE] typed coordinates", () => {
  it("reads lat, lon pairs into GeoJSON [lon, lat], with hemispheres and semicolons", () => {
    expect(parsePositions("12.97, 77.59\n13.0,77.6")).toEqual([[77.59, 12.97], [77.6, 13]]);
    expect(parsePositions("12.97 N, 77.59 E; 33.9 S, 151.2 E")).toEqual([[77.59, 12.97], [151.2, -33.9]]);
    expect(parsePositions("12.97 77.59")).toEqual([[77.59, 12.97]]);
  });

  it("refuses bad lines with the line number and out-of-range values", () => {
    expect(keyOf(() => parsePositions(""))).toBe("template:participate.geometry.empty");
    expect(keyOf(() => parsePositions("12.97"))).toBe("template:participate.geometry.pair");
    expect(keyOf(() => parsePositions("12.97, abc"))).toBe("template:participate.geometry.pair");
    expect(keyOf(() => parsePositions("95, 77"))).toBe("template:participate.geometry.range");
    expect(keyOf(() => parsePositions("12, 181"))).toBe("template:participate.geometry.range");
  });

  it("builds a closed polygon the shared rules accept, lines and points", () => {
    const polygon = featureFromText("Polygon", "12.96, 77.58\n12.96, 77.60\n12.98, 77.60");
    expect(polygon.geometry).toEqual({ type: "Polygon", coordinates: [[[77.58, 12.96], [77.6, 12.96], [77.6, 12.98], [77.58, 12.96]]] });
    expect(checkGeometry({ type: "FeatureCollection", features: [polygon] })).toBeNull();
    expect(featureToText(polygon).split("\n")[0]).toBe("12.96, 77.58");
    expect(keyOf(() => featureFromText("Polygon", "12, 77\n13, 78"))).toBe("template:participate.geometry.too_few_polygon");
    expect(keyOf(() => featureFromText("LineString", "12, 77"))).toBe("template:participate.geometry.too_few_line");
    expect(featureFromText("Point", "12, 77").geometry).toEqual({ type: "Point", coordinates: [77, 12] });
    expect(featureFromText("Point", "12, 77\n13, 78").geometry?.type).toBe("MultiPoint");
  });
});

describe("[PARTICIPATE] corner editing", () => {
  const square = featureFromText("Polygon", "12.96, 77.58\n12.96, 77.60\n12.98, 77.60\n12.98, 77.58");

  it("moves and removes polygon corners, keeping the ring closed and the holes", () => {
    const corners = editableCorners(square.geometry)!;
    expect(corners).toHaveLength(4);
    const moved = withCorners(square, moveCorner(corners, 0, [77.57, 12.95]))!;
    expect((moved.geometry!.coordinates as number[][][])[0]).toEqual([[77.57, 12.95], [77.6, 12.96], [77.6, 12.98], [77.58, 12.98], [77.57, 12.95]]);
    const triangle = withCorners(square, removeCorner(corners, 1))!;
    expect(checkGeometry({ type: "FeatureCollection", features: [triangle] })).toBeNull();
    expect((triangle.geometry!.coordinates as number[][][])[0]).toHaveLength(4);
    const holed = { ...square, geometry: { type: "Polygon", coordinates: [...(square.geometry!.coordinates as unknown[]), [[77.59, 12.97], [77.595, 12.97], [77.595, 12.975], [77.59, 12.97]]] } };
    expect((withCorners(holed, removeCorner(corners, 1))!.geometry!.coordinates as unknown[]).length).toBe(2);
  });

  it("refuses too few distinct corners and leaves other geometries alone", () => {
    const corners = editableCorners(square.geometry)!;
    expect(withCorners(square, removeCorner(removeCorner(corners, 0), 0))).toBeNull();
    expect(withCorners(square, moveCorner(removeCorner(corners, 0), 0, corners[2]!))).toBeNull();
    const line = featureFromText("LineString", "12, 77\n13, 78");
    expect(withCorners(line, removeCorner(editableCorners(line.geometry)!, 0))).toBeNull();
    const point = featureFromText("Point", "12, 77");
    expect(withCorners(point, [[78, 13]])!.geometry).toEqual({ type: "Point", coordinates: [78, 13] });
    expect(editableCorners({ type: "MultiPolygon", coordinates: [] })).toBeNull();
  });
});

describe("[PARTICIPATE] GeoJSON, KML and GPX", () => {
  it("accepts a collection, a feature or a bare geometry", () => {
    expect(parseGeoJson('{"type":"Point","coordinates":[77,12]}').features).toHaveLength(1);
    expect(parseGeoJson('{"type":"Feature","geometry":{"type":"LineString","coordinates":[[77,12],[78,13]]}}').features[0]!.geometry?.type).toBe("LineString");
    expect(keyOf(() => parseGeoJson("{nope"))).toBe("template:participate.geometry.json");
    expect(keyOf(() => parseGeoJson('{"type":"FeatureCollection","features":[]}'))).toBe("template:participate.geometry.nothing");
  });

  it("reads KML points, lines and polygons", () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><Point><coordinates>77.59,12.97,0</coordinates></Point></Placemark>
      <Placemark><LineString><coordinates>77.5,12.9 77.6,13.0</coordinates></LineString></Placemark>
      <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>77.58,12.96 77.6,12.96 77.6,12.98 77.58,12.96</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
    </Document></kml>`;
    const fc = parseGeometryFile("grove.KML", kml, xml);
    expect(fc.features.map((f) => f.geometry?.type)).toEqual(["Point", "LineString", "Polygon"]);
    expect(fc.features[0]!.geometry?.coordinates).toEqual([77.59, 12.97]);
    expect(checkGeometry(fc)).toBeNull();
  });

  it("reads GPX waypoints, routes and tracks", () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="12.97" lon="77.59"/><rte><rtept lat="12.9" lon="77.5"/><rtept lat="13" lon="77.6"/></rte>
      <trk><trkseg><trkpt lat="12.1" lon="77.1"/><trkpt lat="12.2" lon="77.2"/></trkseg></trk></gpx>`;
    const fc = parseGeometryFile("walk.gpx", gpx, xml);
    expect(fc.features.map((f) => f.geometry?.type)).toEqual(["Point", "LineString", "LineString"]);
    expect(fc.features[0]!.geometry?.coordinates).toEqual([77.59, 12.97]);
    expect(keyOf(() => parseGeometryFile("empty.gpx", "<gpx/>", xml))).toBe("template:participate.geometry.nothing");
  });
});

describe("[PARTICIPATE] drafts", () => {
  it("keeps one draft per template and user, forgets old ones and clears", () => {
    const storage = memoryStorage();
    const key = draftKey("Wetland-Monitoring", 7);
    expect(key).toBe(draftKey("wetland-monitoring", 7));
    expect(key).not.toBe(draftKey("wetland-monitoring", 8));
    expect(saveDraft(key, { a: "x", files: [{ path: "/files-api/api/get/raw/myUploads/h/a.jpg" }] }, storage, 1000)).toBe(true);
    expect(loadDraft(key, storage, 2000)).toEqual({ version: 1, savedAt: 1000, values: { a: "x", files: [{ path: "/files-api/api/get/raw/myUploads/h/a.jpg" }] } });
    expect(loadDraft(key, storage, 1000 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.map.size).toBe(0);
    saveDraft(key, { a: "x" }, storage);
    clearDraft(key, storage);
    expect(loadDraft(key, storage)).toBeNull();
    storage.setItem(key, "{broken");
    expect(loadDraft(key, storage)).toBeNull();
  });

  it("autosave writes the last values after the pause, and never again once the record is saved", () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const key = draftKey("sacred-grove-survey", 7);
      const autosave = createDraftAutosave<{ name: string }>(key, 600, storage);
      autosave.schedule(() => ({ name: "Dev" }));
      autosave.schedule(() => ({ name: "Devara Kadu" }));
      vi.advanceTimersByTime(599);
      expect(loadDraft(key, storage)).toBeNull();
      vi.advanceTimersByTime(1);
      expect(loadDraft<{ name: string }>(key, storage)?.values).toEqual({ name: "Devara Kadu" });
      // A change queued just before the save answered: the save wins, the draft stays gone.
      autosave.schedule(() => ({ name: "Devara Kadu e2e" }));
      autosave.close();
      vi.advanceTimersByTime(5000);
      expect(loadDraft(key, storage)).toBeNull();
      autosave.schedule(() => ({ name: "later" }));
      vi.advanceTimersByTime(5000);
      expect(loadDraft(key, storage)).toBeNull();
      // Nothing to keep: no write.
      const other = createDraftAutosave(draftKey("wetland-monitoring", 7), 600, storage);
      other.schedule(() => null);
      vi.advanceTimersByTime(600);
      expect(storage.map.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a storage that refuses writes does not throw", () => {
    const full: DraftStorage = { getItem: () => null, setItem: () => { throw new Error("QuotaExceeded"); }, removeItem: () => undefined };
    expect(saveDraft("k", { a: 1 }, full)).toBe(false);
  });

  it("an untouched form holds no content", () => {
    expect(hasContent({ a: "", b: [], c: null, d: ["", ""], g: { type: "FeatureCollection", features: [] } })).toBe(false);
    expect(hasContent({ a: "x" })).toBe(true);
    expect(hasContent({ d: ["", "2024-01-01"] })).toBe(true);
  });
});

const field = (over: Partial<CCAField>): CCAField =>
  ({ fieldId: "f", name: "F", type: "TEXT", question: "", helpText: "", isRequired: false, minMax: [], valueOptions: [], children: [], ...over }) as CCAField;

describe("[PARTICIPATE] form model", () => {
  const fields = [
    field({
      fieldId: "h",
      type: "HEADING",
      children: [
        field({ fieldId: "name", isRequired: true }),
        field({ fieldId: "uses", type: "MULTI_SELECT_CHECKBOX", valueOptions: [{ valueId: "a", label: "Firewood", value: "Forest|Firewood" }, { valueId: "b", label: "Water", value: "Water" }] as CCAField["valueOptions"] }),
        field({ fieldId: "range", type: "DATE_RANGE" }),
        field({ fieldId: "files", type: "FILE" }),
        field({ fieldId: "map", type: "GEOMETRY" }),
      ],
    }),
  ];

  it("the empty form passes the shared rules except the required field", () => {
    const values = initialValues(fields);
    expect(Object.keys(values)).toEqual(["name", "uses", "range", "files", "map"]);
    expect(checkRecordValues(fields, values)).toEqual({ name: "form:required" });
  });

  it("the save body drops empty values and form-only file names", () => {
    const body = toSaveBody("t", fields, { ...initialValues(fields), name: " Grove ", files: [{ path: "/files-api/api/get/raw/myUploads/h/a.jpg", fileName: "a.jpg", type: "image" }] }, [3]);
    expect(body).toEqual({
      shortName: "t",
      usergroups: ["3"],
      ccaFieldValues: {
        name: { fieldId: "name", name: "F", type: "TEXT", value: "Grove" },
        files: { fieldId: "files", name: "F", type: "FILE", value: [{ path: "/files-api/api/get/raw/myUploads/h/a.jpg", type: "image" }] },
      },
    });
  });

  it("a draft over a changed template keeps known fields only", () => {
    expect(mergeDraft(fields, { name: "A", gone: "x" })).toMatchObject({ name: "A", uses: [] });
    expect(mergeDraft(fields, { name: "A", gone: "x" })).not.toHaveProperty("gone");
  });

  it("groups options Parent → Child", () => {
    const uses = fields[0]!.children[1]!;
    expect(optionGroups(uses).map((g) => [g.parent, g.options.map((o) => o.text)])).toEqual([["Forest", ["Firewood"]], [null, ["Water"]]]);
    expect(optionText(uses, uses.valueOptions[0]!)).toBe("Forest → Firewood");
  });
});
