/**
 * The contract of a record's restriction overrides (src/contracts/restrictions.ts): the body of
 * `PUT cca-api/api/v1/data/restrictions/{id}`, checked by the restrictions dialog and by the platform
 * through `validateWith` (400 VALIDATION_FAILED; keys `record`, `record.until`, `fields.<id>`, `fields.<id>.until`).
 */
import * as yup from "yup";
import { FORM_ERRORS } from "./field-errors";
import { RESTRICTION_ERRORS, RESTRICTION_FIELDS_MAX, restrictionProblem } from "./restrictions";

/** Checks one treatment (`NONE` lifts one); null when it is fine, else the error's path and key. */
function treatmentError(kind: "field" | "record", value: unknown, path: string): { path: string; message: string } | null {
  if (value === null || value === undefined) return kind === "record" ? null : { path, message: RESTRICTION_ERRORS.invalid };
  if (typeof value === "object" && (value as { treatment?: unknown }).treatment === "NONE") return null;
  const problem = restrictionProblem(value, kind);
  if (problem === null) return null;
  return problem === "until" ? { path: `${path}.until`, message: RESTRICTION_ERRORS.until } : { path, message: RESTRICTION_ERRORS.invalid };
}

export const restrictionOverridesSchema = yup.object({
  record: yup
    .mixed()
    .nullable()
    .default(null)
    .test("record", RESTRICTION_ERRORS.invalid, function (v) {
      const error = treatmentError("record", v, "record");
      return error === null ? true : this.createError(error);
    }),
  fields: yup
    .mixed<Record<string, unknown>>()
    .default({})
    .test("object", FORM_ERRORS.invalid, (v) => v === undefined || (typeof v === "object" && v !== null && !Array.isArray(v)))
    .test("size", RESTRICTION_ERRORS.invalid, (v) => !v || Object.keys(v).length <= RESTRICTION_FIELDS_MAX)
    .test("each", RESTRICTION_ERRORS.invalid, function (v) {
      if (!v || typeof v !== "object") return true;
      for (const [id, r] of Object.entries(v)) {
        const error = treatmentError("field", r, `fields.${id}`);
        if (error) return this.createError(error);
      }
      return true;
    }),
});
