/**
 * The treatments of the visibility engine (issue 30, item 2; vocabulary in src/contracts/restrictions.ts):
 * which restrictions are in force on a record, derived from its template's field defaults, its
 * restricting Local Contexts labels and its curators' overrides (the later winning), and what they do to
 * a value. Pure. `deriveRecord` (record-document.ts) applies them to everything stored for public reads
 * (centroid, value index, search words, `is_public` through `record_withheld`); `publicValueOf`
 * (public-value.ts) to every value handed to a reader without `exact`.
 */
import {
  LABEL_TREATMENTS,
  REASON_TEXT,
  numberRange,
  restrictionActive,
  todayIso,
  yearRange,
  type AppliedFieldRestriction,
  type AppliedRecordRestriction,
  type EffectiveRestrictions,
  type FieldRestriction,
  type GeneralisedRange,
  type RestrictionOverrides,
} from "@/contracts/restrictions";
import type { PublicPrecision } from "@/contracts/template";

/** What the treatments need of a template field. */
export interface TreatmentField {
  type: string;
  /** GEOMETRY: its public precision (GENERALISED / HIDDEN are a sensitive-location default). */
  precision?: PublicPrecision | null;
  /** The template's default treatment of the field. */
  restriction?: FieldRestriction | null;
}

/** Strictness: withholding beats an embargo, an embargo beats generalising. */
const RANK: Record<string, number> = { GENERALISE: 1, EMBARGO: 2, WITHHOLD: 3 };

function stricter<T extends { treatment: string; until?: string | null }>(a: T | undefined | null, b: T): T {
  if (!a) return b;
  if (RANK[b.treatment]! !== RANK[a.treatment]!) return RANK[b.treatment]! > RANK[a.treatment]! ? b : a;
  // Two embargoes: the later end.
  return (b.until ?? "") > (a.until ?? "") ? b : a;
}

/** The restrictions of a record from its three sources (template defaults, labels, curators' overrides). */
export function effectiveRestrictions(
  fields: ReadonlyMap<string, TreatmentField>,
  labelIds: readonly string[],
  overrides: RestrictionOverrides | null | undefined,
): EffectiveRestrictions {
  const out: Record<string, AppliedFieldRestriction> = {};
  for (const [id, f] of fields) {
    if (f.restriction) out[id] = { ...f.restriction, source: "TEMPLATE" };
    else if (f.type === "GEOMETRY" && f.precision && f.precision !== "EXACT")
      out[id] = { treatment: f.precision === "GENERALISED" ? "GENERALISE" : "WITHHOLD", reason: "SENSITIVE_LOCATION", source: "TEMPLATE" };
  }
  let record: AppliedRecordRestriction | null = null;
  for (const labelId of [...labelIds].sort()) {
    const t = LABEL_TREATMENTS[labelId];
    if (!t) continue;
    if (t.record) record = stricter(record, { ...t.record, source: "LABEL", labelId });
    if (t.places) for (const [id, f] of fields) if (f.type === "GEOMETRY") out[id] = stricter(out[id], { ...t.places, source: "LABEL", labelId });
  }
  const o = overrides ?? { record: null, fields: {} };
  if (o.record) record = o.record.treatment === "NONE" ? null : { ...(o.record as AppliedRecordRestriction), source: "RECORD" };
  for (const [id, f] of Object.entries(o.fields ?? {})) {
    if (!fields.has(id)) continue;
    if (f.treatment === "NONE") delete out[id];
    else out[id] = { treatment: f.treatment, reason: f.reason, ...(f.until ? { until: f.until } : {}), source: "RECORD" };
  }
  return { record, fields: out };
}

/** A field's treatment in force today (null: none). */
export function fieldTreatment(restrictions: EffectiveRestrictions | null | undefined, fieldId: string, today: string = todayIso()): AppliedFieldRestriction | null {
  const t = restrictions?.fields?.[fieldId];
  return t && restrictionActive(t, today) ? t : null;
}

/** Whether the whole record is withheld today (from everyone outside its community and curators). */
export function recordWithheld(restrictions: EffectiveRestrictions | null | undefined, today: string = todayIso()): boolean {
  const r = restrictions?.record;
  return !!r && restrictionActive(r, today);
}

/** The day the next embargo of the record ends (when its public form must be derived again), or null. */
export function treatmentsDue(restrictions: EffectiveRestrictions | null | undefined, today: string = todayIso()): string | null {
  const days = [restrictions?.record, ...Object.values(restrictions?.fields ?? {})]
    .filter((r): r is AppliedFieldRestriction => !!r && r.treatment === "EMBARGO" && typeof r.until === "string" && r.until > today)
    .map((r) => r.until!);
  return days.length === 0 ? null : days.sort()[0]!;
}

/** A place's precision under a treatment (the stricter of its field's own precision and the treatment's). */
export function treatedPrecision(own: PublicPrecision, t: AppliedFieldRestriction | null): PublicPrecision {
  if (!t) return own;
  const byTreatment: PublicPrecision = t.treatment === "GENERALISE" ? "GENERALISED" : "HIDDEN";
  const order: PublicPrecision[] = ["EXACT", "GENERALISED", "HIDDEN"];
  return order.indexOf(byTreatment) > order.indexOf(own) ? byTreatment : own;
}

const toNumber = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * A generalised non-place value: a NUMBER as its leading digit's band, a YEAR as its decade; null for
 * every other type (generalising a text or an option means withholding it).
 */
export function generalisedValue(type: string | undefined, value: unknown): GeneralisedRange | null {
  const n = toNumber(value);
  if (n === null) return null;
  if (type === "NUMBER") return numberRange(n);
  if (type === "YEAR") return yearRange(Math.trunc(n));
  return null;
}

/** What public reads say of a record's treatments in force, in Darwin Core's words (English). */
export function darwinCoreTerms(
  restrictions: EffectiveRestrictions | null | undefined,
  nameOf: (fieldId: string) => string,
  present: (fieldId: string) => boolean,
  today: string = todayIso(),
): { informationWithheld: string | null; dataGeneralizations: string | null } {
  const withheld: string[] = [];
  const generalised: string[] = [];
  for (const fieldId of Object.keys(restrictions?.fields ?? {}).sort()) {
    const t = fieldTreatment(restrictions, fieldId, today);
    if (!t || !present(fieldId)) continue;
    const why = REASON_TEXT[t.reason];
    if (t.treatment === "GENERALISE") generalised.push(`${nameOf(fieldId)} generalised (${why})`);
    else if (t.treatment === "EMBARGO") withheld.push(`${nameOf(fieldId)} embargoed until ${t.until} (${why})`);
    else withheld.push(`${nameOf(fieldId)} withheld (${why})`);
  }
  return { informationWithheld: withheld.length ? withheld.join("; ") : null, dataGeneralizations: generalised.length ? generalised.join("; ") : null };
}
