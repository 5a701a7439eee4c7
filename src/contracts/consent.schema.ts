/**
 * The contract of a consent (src/contracts/consent.ts): used by the participation form and the record's
 * consent dialog, and by the platform through `validateWith` (400 VALIDATION_FAILED, one key per field).
 */
import * as yup from "yup";
import { CONSENT_AUDIENCES, CONSENT_ERRORS, CONSENT_GIVERS, CONSENT_METHODS, CONSENT_NOTE_MAX, type ConsentAudience, type ConsentGiver, type ConsentMethod } from "./consent";
import { FORM_ERRORS, maxLengthError } from "./field-errors";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date `YYYY-MM-DD`. */
function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Today as `YYYY-MM-DD` in the latest time zone on Earth (UTC+14), so a date entered anywhere today is not "future". */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

const oneOf = <T extends string>(values: readonly T[]) =>
  yup
    .mixed<T>()
    .required(FORM_ERRORS.required)
    .test("one-of", FORM_ERRORS.invalid, (v) => v === undefined || (values as readonly unknown[]).includes(v));

export const consentSchema = yup.object({
  audience: oneOf<ConsentAudience>(CONSENT_AUDIENCES),
  registries: yup
    .boolean()
    .typeError(FORM_ERRORS.boolean)
    .default(false)
    .test("needs-public", CONSENT_ERRORS.registriesNeedPublic, function (v) {
      return v !== true || this.parent.audience === "PUBLIC";
    }),
  givenBy: oneOf<ConsentGiver>(CONSENT_GIVERS),
  method: oneOf<ConsentMethod>(CONSENT_METHODS),
  givenOn: yup
    .string()
    .typeError(FORM_ERRORS.invalid)
    .trim()
    .required(FORM_ERRORS.required)
    .test("date", FORM_ERRORS.invalid, (v) => v === undefined || isCalendarDate(v))
    .test("past", CONSENT_ERRORS.futureDate, (v) => v === undefined || !isCalendarDate(v) || v <= latestToday()),
  document: yup
    .string()
    .typeError(FORM_ERRORS.invalid)
    .trim()
    .nullable()
    .default(null)
    .max(500, maxLengthError(500))
    .test("fpic", CONSENT_ERRORS.documentRequired, function (v) {
      return this.parent.method !== "FPIC_DOCUMENT" || (typeof v === "string" && v !== "");
    }),
  note: yup.string().typeError(FORM_ERRORS.invalid).trim().nullable().default(null).max(CONSENT_NOTE_MAX, maxLengthError(CONSENT_NOTE_MAX)),
});

export type ConsentValues = yup.InferType<typeof consentSchema>;
