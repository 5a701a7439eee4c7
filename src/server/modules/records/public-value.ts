/**
 * The one place that decides the public form of a stored record value (issue 27, item 2). Every read
 * that hands out record values or places (`data.service.ts`, exports, social titles) and every write
 * of the derived public columns (`record-document.ts`: public centroid, value index boxes) asks here.
 *
 * The decision starts from the stored value, not from whichever template a reader names: a value that
 * is a geometry (stored as GEOMETRY, or shaped like GeoJSON, or held by a GEOMETRY field) is HIDDEN
 * unless the record's OWN template still has a GEOMETRY field of that id, whose `publicPrecision`
 * (EXACT or GENERALISED) then applies. A removed or retyped field therefore hides what it held, and a
 * geometry is never shown through another template's field (a `viewTemplate` look-alike). The record's
 * editors (owner, allowed users, data curators, admins) see the stored value as it is.
 *
 * A record's treatments (issue 30, item 2: treatments.ts) apply on top, to any value: a withheld or
 * embargoed value is null (HIDDEN), a generalised place its cell, a generalised number or year its range
 * (`{from, to}`, GENERALISED); generalising any other type withholds it.
 */
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import type { FieldType, PublicPrecision } from "@/contracts/template";
import type { AppliedFieldRestriction } from "@/contracts/restrictions";
import { generalisedGeometry } from "./record-derive";
import { generalisedValue, treatedPrecision } from "./treatments";

/** A stored value as `field_values` holds it (its own type travels with it). */
export interface StoredValueLike {
  type?: FieldType | string;
  value: unknown;
}

/** The record's own template field of the same id, as far as this decision needs it. */
export interface OwnFieldLike {
  type: FieldType | string;
  /** The field's public precision (meaningful for GEOMETRY fields only). */
  precision?: PublicPrecision | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a value is shaped like GeoJSON (a feature collection, a feature or a geometry with coordinates). */
function looksLikeGeoJson(value: unknown): boolean {
  if (!isObject(value)) return false;
  return Array.isArray(value.features) || value.type === "Feature" || Array.isArray(value.coordinates) || Array.isArray(value.geometries) || isObject(value.geometry);
}

/** Whether a stored value is a place: stored as GEOMETRY, held by a GEOMETRY field, or shaped like GeoJSON. */
export function isGeometryValue(stored: StoredValueLike | undefined, own?: OwnFieldLike): boolean {
  if (!stored) return false;
  return stored.type === "GEOMETRY" || own?.type === "GEOMETRY" || looksLikeGeoJson(stored.value);
}

/**
 * The public precision of a stored value: EXACT for anything that is not a place; for a place, the
 * precision of the record's own GEOMETRY field of that id, HIDDEN when the template no longer has one.
 */
export function publicPrecisionOf(stored: StoredValueLike | undefined, own: OwnFieldLike | undefined): PublicPrecision {
  if (!isGeometryValue(stored, own)) return "EXACT";
  if (!own || own.type !== "GEOMETRY") return "HIDDEN";
  return own.precision ?? "EXACT";
}

export interface PublicValue {
  /** What the reader is handed (null when nothing of it may be shown). */
  value: unknown;
  /** The restriction the public sees (EXACT: none); always EXACT for the record's editors. */
  precision: PublicPrecision;
}

/**
 * The public form of one stored value.
 * - `own`: the record's own template field with this id (undefined when the template no longer has it).
 * - `exact`: the reader edits the record (the visibility engine's `exact`, visibility.ts): the value as stored.
 * - `shownAs`: the type of the field the value is shown under when that is not the own field (a view
 *   or filter template's field): a place shown under anything but a GEOMETRY field is withheld, from
 *   editors too, since it would be shown as something it is not.
 */
export function publicValueOf(
  stored: StoredValueLike,
  own: OwnFieldLike | undefined,
  options: { exact: boolean; shownAs?: FieldType | string; treatment?: AppliedFieldRestriction | null },
): PublicValue {
  const geometry = isGeometryValue(stored, own);
  if (geometry && options.shownAs !== undefined && options.shownAs !== "GEOMETRY") return { value: null, precision: "HIDDEN" };
  if (options.exact) return { value: stored.value, precision: "EXACT" };
  // The record's treatment of the field in force today (treatments.ts `fieldTreatment`; issue 30, item 2).
  const t = options.treatment ?? null;
  if (geometry) {
    const precision = treatedPrecision(publicPrecisionOf(stored, own), t);
    return { value: publicGeometry(stored.value, precision), precision };
  }
  if (!t) return { value: stored.value, precision: "EXACT" };
  if (t.treatment === "GENERALISE") {
    const range = generalisedValue(stored.type ?? own?.type, stored.value);
    if (range) return { value: range, precision: "GENERALISED" };
  }
  return { value: null, precision: "HIDDEN" };
}

/** A geometry value at a precision: as is, as its 0.1° cell, or nothing. */
export function publicGeometry(value: unknown, precision: PublicPrecision): GeoFeatureCollection | null {
  if (precision === "HIDDEN") return null;
  if (precision === "GENERALISED") return generalisedGeometry(value);
  return isObject(value) ? (value as unknown as GeoFeatureCollection) : null;
}
