/**
 * Restricted-data treatments (issue 30, item 2), in the vocabulary of the TDWG restricted-data proposal:
 * a field's value may be **generalised** (a place to its 0.1° cell, a number to a range, a year to its
 * decade), **withheld**, or **embargoed** until a date; a whole record may be **withheld** or
 * **embargoed**. Each treatment carries its reason. They come from three places, the later winning:
 * 1. the template: a default per field (`CCAField.restriction`; a GEOMETRY field's `publicPrecision` is
 *    the same thing for places: GENERALISED = generalise, HIDDEN = withhold, for a sensitive location);
 * 2. the record's restricting Local Contexts labels (`LABEL_TREATMENTS`);
 * 3. the record's curators: a per-record override (`PUT cca data/restrictions/{id}`), which may also lift
 *    a field's default (`NONE`).
 * Who is subject to them: everyone who does not see the record's values as stored (the visibility
 * engine's `exact`, src/server/modules/records/visibility.ts). Public reads say what was withheld or
 * generalised and why (`informationWithheld`, `dataGeneralizations`, `restrictions`), never silently.
 * Pure: shared by the screens and the platform.
 */

export const FIELD_TREATMENTS = ["GENERALISE", "WITHHOLD", "EMBARGO"] as const;
export type FieldTreatment = (typeof FIELD_TREATMENTS)[number];

export const RECORD_TREATMENTS = ["WITHHOLD", "EMBARGO"] as const;
export type RecordTreatment = (typeof RECORD_TREATMENTS)[number];

export const RESTRICTION_REASONS = ["SENSITIVE_LOCATION", "SACRED_SITE", "COMMUNITY_REQUEST", "LEGAL"] as const;
export type RestrictionReason = (typeof RESTRICTION_REASONS)[number];

/** A field's treatment: `until` (`YYYY-MM-DD`) is required for EMBARGO, the day the value becomes public. */
export interface FieldRestriction {
  treatment: FieldTreatment;
  reason: RestrictionReason;
  until?: string | null;
}

/** A record's treatment: withheld from everyone outside its community and curators (until `until` for EMBARGO). */
export interface RecordRestriction {
  treatment: RecordTreatment;
  reason: RestrictionReason;
  until?: string | null;
}

/** A curator's per-record override of one field: a treatment, or `NONE` to lift the template's or a label's. */
export type FieldOverride = FieldRestriction | { treatment: "NONE" };

/** The curators' overrides of one record (`cca_data.restrictions`; the body of `PUT data/restrictions/{id}`). */
export interface RestrictionOverrides {
  /** A record treatment, `NONE` to lift a label's, null to keep what the labels say. */
  record: RecordRestriction | { treatment: "NONE" } | null;
  fields: Record<string, FieldOverride>;
}

export const RESTRICTION_SOURCES = ["TEMPLATE", "LABEL", "RECORD"] as const;
export type RestrictionSource = (typeof RESTRICTION_SOURCES)[number];

/** A treatment in force on a record, with where it comes from (the label's id when a label set it). */
export type AppliedFieldRestriction = FieldRestriction & { source: RestrictionSource; labelId?: string };
export type AppliedRecordRestriction = RecordRestriction & { source: RestrictionSource; labelId?: string };

/** Every treatment of a record (`cca_data.treatments`, derived at each write from the three sources). */
export interface EffectiveRestrictions {
  record: AppliedRecordRestriction | null;
  fields: Record<string, AppliedFieldRestriction>;
}

export const NO_RESTRICTIONS: EffectiveRestrictions = { record: null, fields: {} };
export const NO_OVERRIDES: RestrictionOverrides = { record: null, fields: {} };

/**
 * What the restricting labels do by default (Local Contexts, `restricts` in local-contexts.ts):
 * "Secret / Sacred" withholds the record's places; "Seasonal" generalises them; "Community Use Only",
 * "Women Restricted" and "Men Restricted" withhold the whole record from everyone outside its community.
 */
export const LABEL_TREATMENTS: Readonly<Record<string, { record?: RecordRestriction; places?: FieldRestriction }>> = {
  "tk-secret-sacred": { places: { treatment: "WITHHOLD", reason: "SACRED_SITE" } },
  "tk-seasonal": { places: { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" } },
  "tk-community-use-only": { record: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } },
  "tk-women-restricted": { record: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } },
  "tk-men-restricted": { record: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } },
};

/** Today as `YYYY-MM-DD` (UTC): an embargo ends at the start of its `until` day. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whether a treatment is in force on `today`: an embargo until a day that has come is over. */
export function restrictionActive(r: { treatment: string; until?: string | null }, today: string = todayIso()): boolean {
  if (r.treatment !== "EMBARGO") return true;
  return typeof r.until === "string" && r.until > today;
}

/** The range a generalised number is shown as: its leading digit's band (347 → 300–400, 0.42 → 0.4–0.5). */
export function numberRange(value: number): { from: number; to: number } {
  if (value === 0) return { from: 0, to: 1 };
  const magnitude = Math.pow(10, Math.floor(Math.log10(Math.abs(value))));
  const from = Math.floor(value / magnitude) * magnitude;
  const round = (n: number) => Number(n.toPrecision(12));
  return { from: round(from), to: round(from + magnitude) };
}

/** The decade a generalised year is shown as (1987 → 1980–1989). */
export function yearRange(year: number): { from: number; to: number } {
  const from = Math.floor(year / 10) * 10;
  return { from, to: from + 9 };
}

/** A generalised number or year as the wire carries it. */
export interface GeneralisedRange {
  from: number;
  to: number;
}

export const isGeneralisedRange = (v: unknown): v is GeneralisedRange =>
  typeof v === "object" && v !== null && typeof (v as GeneralisedRange).from === "number" && typeof (v as GeneralisedRange).to === "number";

/** English words of the Darwin Core terms (`informationWithheld`, `dataGeneralizations`). */
export const REASON_TEXT: Record<RestrictionReason, string> = {
  SENSITIVE_LOCATION: "sensitive location",
  SACRED_SITE: "sacred site",
  COMMUNITY_REQUEST: "at the community's request",
  LEGAL: "legal restriction",
};

/** The longest restriction body a curator may send (fields). */
export const RESTRICTION_FIELDS_MAX = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string => typeof v === "string" && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * What is wrong with a treatment object (null: nothing): `shape` for an unknown treatment or reason,
 * `until` for an embargo without a valid end day. `record`: a record's treatments (WITHHOLD, EMBARGO).
 */
export function restrictionProblem(raw: unknown, kind: "field" | "record" = "field"): "shape" | "until" | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "shape";
  const r = raw as Record<string, unknown>;
  const treatments: readonly string[] = kind === "field" ? FIELD_TREATMENTS : RECORD_TREATMENTS;
  if (typeof r.treatment !== "string" || !treatments.includes(r.treatment)) return "shape";
  if (typeof r.reason !== "string" || !(RESTRICTION_REASONS as readonly string[]).includes(r.reason)) return "shape";
  if (r.treatment === "EMBARGO" && !isDay(r.until)) return "until";
  return null;
}

/** Field-error keys of the treatments (governance namespace). */
export const RESTRICTION_ERRORS = {
  invalid: "governance:restrictions.errors.invalid",
  until: "governance:restrictions.errors.until",
  unknownField: "governance:restrictions.errors.unknown_field",
  forbidden: "governance:restrictions.errors.forbidden",
} as const;

/** `GET/PUT cca-api/api/v1/data/restrictions/{id}`: the curators' overrides and every treatment they result in. */
export interface RecordRestrictionsView {
  overrides: RestrictionOverrides;
  /** The template's defaults, the labels' and the overrides', as they stand (an embargo that ended included). */
  effective: EffectiveRestrictions;
  /** The fields of the record's template a treatment may be set on (id, name in the asked language, type). */
  fields: Array<{ fieldId: string; name: string; type: string }>;
}
