/**
 * The one decision on the public form of a stored value (issue 27, item 2): a place is judged by the
 * stored value and the record's own field, never by the field a reader names.
 */
import { describe, expect, it } from "vitest";
import { isGeometryValue, publicPrecisionOf, publicValueOf } from "@/server/modules/records/public-value";

const place = {
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [91.723456, 25.443456] } }],
};
const cell = {
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: { generalised: true }, geometry: { type: "Polygon", coordinates: [[[91.7, 25.4], [91.8, 25.4], [91.8, 25.5], [91.7, 25.5], [91.7, 25.4]]] } }],
};

describe("publicValueOf / publicPrecisionOf", () => {
  it("a stored place follows its own GEOMETRY field's precision", () => {
    const stored = { type: "GEOMETRY", value: place };
    expect(publicValueOf(stored, { type: "GEOMETRY", precision: "EXACT" }, { exact: false })).toEqual({ value: place, precision: "EXACT" });
    expect(publicValueOf(stored, { type: "GEOMETRY", precision: "GENERALISED" }, { exact: false })).toEqual({ value: cell, precision: "GENERALISED" });
    expect(publicValueOf(stored, { type: "GEOMETRY", precision: "HIDDEN" }, { exact: false })).toEqual({ value: null, precision: "HIDDEN" });
    expect(publicValueOf(stored, { type: "GEOMETRY", precision: null }, { exact: false }).precision).toBe("EXACT");
  });

  it("fails closed: a place whose field is gone or retyped is HIDDEN; editors still see it", () => {
    const stored = { type: "GEOMETRY", value: place };
    expect(publicPrecisionOf(stored, undefined)).toBe("HIDDEN");
    expect(publicPrecisionOf(stored, { type: "TEXT" })).toBe("HIDDEN");
    expect(publicValueOf(stored, undefined, { exact: false }).value).toBeNull();
    expect(publicValueOf(stored, { type: "TEXT" }, { exact: false }).value).toBeNull();
    expect(publicValueOf(stored, undefined, { exact: true })).toEqual({ value: place, precision: "EXACT" });
  });

  it("GeoJSON stored under another type is still a place", () => {
    const stored = { type: "TEXT", value: place };
    expect(isGeometryValue(stored)).toBe(true);
    expect(publicPrecisionOf(stored, { type: "TEXT" })).toBe("HIDDEN");
    expect(publicPrecisionOf({ type: "TEXT", value: "Mawphlang" }, { type: "TEXT" })).toBe("EXACT");
    expect(isGeometryValue({ type: "SINGLE_SELECT_RADIO", value: { valueId: "a", value: "Lake" } })).toBe(false);
  });

  it("a place is never shown through a field that is not a GEOMETRY one (a look-alike view), not even to editors", () => {
    const stored = { type: "GEOMETRY", value: place };
    expect(publicValueOf(stored, undefined, { exact: false, shownAs: "TEXT" })).toEqual({ value: null, precision: "HIDDEN" });
    expect(publicValueOf(stored, undefined, { exact: true, shownAs: "TEXT" })).toEqual({ value: null, precision: "HIDDEN" });
    expect(publicValueOf({ type: "TEXT", value: "Grove" }, undefined, { exact: false, shownAs: "TEXT" })).toEqual({ value: "Grove", precision: "EXACT" });
  });
});
