/**
 * Where a record lies, from its values and its template's write view (no SQL: the derivation is pure,
 * the state/district/tahsil lookup is the maps module's). Used by data/save, data/update and the public
 * places kept in step with template changes.
 */
import type { RecordLocation } from "@/contracts/cca-data";
import type { EffectiveRestrictions } from "@/contracts/restrictions";
import type { RecordTemplate } from "../templates/template-loader.service";
import { locateInIndia } from "../maps/location.service";
import { deriveRecord } from "./record-document";
import type { StoredFieldValue } from "./record-values";

/**
 * The state, district and tahsil of the record's public centroid. A record whose geometry is all
 * HIDDEN gets the state of its exact centroid only (lists and charts count per state; a district or
 * tahsil would narrow down a hidden place). None without a geometry.
 */
export async function locationOf(template: RecordTemplate, values: Record<string, StoredFieldValue>, restrictions?: EffectiveRestrictions): Promise<RecordLocation | null> {
  const centroid = deriveRecord(template, values, restrictions).centroid;
  if (centroid) return locateInIndia(centroid[1], centroid[0]);
  const exactFields = new Map([...template.fields].map(([id, f]) => [id, { ...f, precision: "EXACT" as const }]));
  const exact = deriveRecord({ ...template, fields: exactFields }, values, { record: null, fields: {} }).centroid;
  if (!exact) return null;
  const { state } = await locateInIndia(exact[1], exact[0]);
  return { state, district: null, tahsil: null };
}
