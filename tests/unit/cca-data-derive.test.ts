import { describe, expect, it } from "vitest";
import { interpretFieldFilters, likePattern, parseDataQuery } from "@/server/modules/records/data-query";
import { cellCentre, cellOf, exactCentroid, featureCentroids, generalisedGeometry, normaliseSearchText, prefixTsQuery, publicCentroid, searchWords, stripTags, wholeWordTsQuery } from "@/server/modules/records/record-derive";
import { AppError } from "@/server/infra/http/app-error";

const square = (lon: number, lat: number, d = 0.01) => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]] } }],
});

describe("search text normalisation", () => {
  it("lower-cases and removes Latin accents, keeps Devanagari signs", () => {
    expect(normaliseSearchText("Sacré CŒUR Ñandú")).toBe("sacre cœur nandu");
    expect(normaliseSearchText("पवित्र उपवन")).toBe("पवित्र उपवन");
    expect(searchWords("देववन (पवित्र उपवन), Sacred-grove sacred")).toEqual(["देववन", "पवित्र", "उपवन", "sacred", "grove"]);
    expect(stripTags("<p>Old&nbsp;<b>deodar</b> &amp; oak</p>")).toBe("Old deodar & oak");
  });

  it("builds prefix tsqueries that cannot break out of quoting: each word as typed or as its script-independent key", () => {
    expect(prefixTsQuery("Sacr GROV")).toBe("('sacr':* | 'skr':*) & ('grov':* | 'grob':*)");
    expect(prefixTsQuery("it's 'x' & | !")).toBe("'it':* & 's':* & ('x':* | 'ks')");
    // A key of two letters begins the keys of a third of all words: it is matched whole ("kht" → "kt").
    expect(prefixTsQuery("kht")).toBe("('kht':* | 'kt')");
    // "jangal" and "जंगल" share the key: a romanised query finds Devanagari text (issue 33).
    expect(prefixTsQuery("jangal")).toBe("('jangal':* | 'jngl':*)");
    expect(prefixTsQuery("जंगल")).toContain("'jngl':*");
    expect(prefixTsQuery("देव")).toBe("('देव':* | 'deb':*)");
    expect(wholeWordTsQuery("jangal")).toBe("('jangal' | 'jngl')");
    expect(prefixTsQuery("  !! ")).toBeNull();
    // Doubled digits are not a doubled sound: "plot33" must not find "plot3" or "plot30".
    for (const alternative of prefixTsQuery("plot33")!.split(" | ")) expect(alternative).toMatch(/33'/);
  });
});

describe("generalised cells", () => {
  it("snaps every point of a cell to the same cell, including edges", () => {
    expect(cellOf([91.7234, 25.4434])).toEqual([91.7, 25.4, 91.8, 25.5]);
    expect(cellOf([91.7999, 25.4001])).toEqual([91.7, 25.4, 91.8, 25.5]);
    expect(cellOf([0.3, 0.3])).toEqual([0.3, 0.3, 0.4, 0.4]);
    expect(cellOf([-0.05, -12.31])).toEqual([-0.1, -12.4, 0, -12.3]);
    expect(cellCentre([91.7234, 25.4434])).toEqual([91.75, 25.45]);
  });

  it("the generalised value is the cell polygon, never the shape; HIDDEN adds nothing to the public centroid", () => {
    const g = generalisedGeometry(square(91.723456, 25.443456));
    expect(g).toEqual({
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: { generalised: true }, geometry: { type: "Polygon", coordinates: [[[91.7, 25.4], [91.8, 25.4], [91.8, 25.5], [91.7, 25.5], [91.7, 25.4]]] } }],
    });
    expect(generalisedGeometry({ type: "FeatureCollection", features: [] })).toBeNull();
    expect(featureCentroids(square(10, 20, 2))).toEqual([[11, 21]]);
    expect(publicCentroid([{ value: square(10, 20, 2), precision: "EXACT" }, { value: square(91.723456, 25.443456), precision: "GENERALISED" }, { value: square(0, 0), precision: "HIDDEN" }])).toEqual([(11 + 91.75) / 2, (21 + 25.45) / 2]);
    expect(publicCentroid([{ value: square(0, 0), precision: "HIDDEN" }])).toBeNull();
    expect(exactCentroid([square(10, 20, 2)])).toEqual([11, 21]);
  });
});

describe("data-query parsing", () => {
  const fails = (query: Record<string, string | string[]>, name: string) => {
    try {
      parseDataQuery(query);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("VALIDATION_FAILED");
      expect(Object.keys((error as AppError).fieldErrors ?? {})).toEqual([name]);
      return;
    }
    throw new Error(`${JSON.stringify(query)} was accepted`);
  };

  it("reads lists, defaults and field parameters; ignores empty values", () => {
    const q = parseDataQuery({ usergroups: ["1,2", "2"], id: "3,4", offset: "20", language: "hi", state: ["Odisha", "Kerala"], layers: "x", "area-ha": "", query: "  sacr  " });
    expect(q).toMatchObject({ usergroups: [1, 2], ids: [3, 4], offset: 20, limit: 10, language: "hi", filterTemplate: "master", viewTemplate: "master", query: "sacr" });
    expect(q.fieldParams).toEqual([["state", ["Odisha", "Kerala"]]]);
  });

  it("refuses malformed values naming the parameter", () => {
    fails({ limit: "101" }, "limit");
    fails({ limit: "0" }, "limit");
    fails({ offset: "-1" }, "offset");
    fails({ id: "1,a" }, "id");
    fails({ usergroups: "x" }, "usergroups");
    fails({ userId: "0" }, "userId");
    fails({ language: "fr" }, "language");
    fails({ viewTemplate: "a b" }, "viewTemplate");
  });

  it("interprets field filters by the filter template's types", () => {
    const types: Record<string, string> = { state: "SINGLE_SELECT_DROPDOWN", area: "NUMBER", when: "DATE_RANGE", name: "TEXT", map: "GEOMETRY", photos: "FILE" };
    const typeOf = (id: string) => types[id] as never;
    const filters = interpretFieldFilters([["state", ["A", "A", "B"]], ["area", [">=10"]], ["when", ["2020-01-01-2020-12-31"]], ["name", ["grove"]], ["map", ["70,8,90,30"]], ["photos", ["x"]], ["unknown", ["1"]]], typeOf);
    expect(filters).toEqual([
      { fieldId: "state", kind: "option", values: ["A", "B"] },
      { fieldId: "area", kind: "number", ranges: [{ min: 10, max: null, minExclusive: false, maxExclusive: false }] },
      { fieldId: "when", kind: "date", ranges: [{ min: "2020-01-01", max: "2020-12-31", minExclusive: false, maxExclusive: false }] },
      { fieldId: "name", kind: "text", values: ["grove"] },
      { fieldId: "map", kind: "bbox", boxes: [[70, 8, 90, 30]] },
    ]);
    expect(() => interpretFieldFilters([["area", ["ten"]]], typeOf)).toThrow(/area must be a number range/);
    expect(() => interpretFieldFilters([["map", ["1,2,3"]]], typeOf)).toThrow(/map must be a bounding box/);
    expect(likePattern("100%_\\")).toBe("%100\\%\\_\\\\%");
  });
});
