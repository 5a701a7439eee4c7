/**
 * Bodies of the recognition endpoints (issue 31, item 1), shared by the mapping editor and the platform.
 * A mapping's errors are keyed by the attribute's path (`mapping.GOV_TYPE`), each a translation key of
 * the `recognition` namespace; `checkMapping` is the pure rule the schema runs (the platform adds the
 * check that each named field is a field of the master template).
 */
import * as yup from "yup";
import { FORM_ERRORS } from "./field-errors";
import {
  DERIVATIONS,
  FIELD_SET_ATTRIBUTES,
  FIELD_SETS,
  PACK_FORMATS,
  RECOGNITION_ERRORS,
  type FieldSetId,
  type FieldSetMapping,
} from "./recognition";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The errors of a mapping for a field set: attribute path → key. `fieldIds`: the master template's
 * fields (undefined: not checked here).
 */
export function checkMapping(fieldSet: FieldSetId, mapping: unknown, fieldIds?: ReadonlySet<string>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isObject(mapping)) return { mapping: FORM_ERRORS.invalid };
  const attributes = new Map(FIELD_SET_ATTRIBUTES[fieldSet].map((x) => [x.name, x]));
  for (const [name, entry] of Object.entries(mapping)) {
    const path = `mapping.${name}`;
    const attribute = attributes.get(name);
    if (!attribute) {
      errors[path] = RECOGNITION_ERRORS.attribute;
      continue;
    }
    if (!isObject(entry) || typeof entry.source !== "string") {
      errors[path] = FORM_ERRORS.invalid;
      continue;
    }
    const allowed = attribute.allowed;
    const valueOk = (v: unknown) => typeof v === "string" && v.length <= 254 && (allowed === null ? (attribute.type === "TEXT" ? true : v.trim() !== "" && Number.isFinite(Number(v))) : allowed.includes(v));
    switch (entry.source) {
      case "none":
        break;
      case "constant":
        if (typeof entry.value !== "string" || entry.value.trim() === "") errors[path] = FORM_ERRORS.required;
        else if (!valueOk(entry.value)) errors[path] = RECOGNITION_ERRORS.value;
        break;
      case "field": {
        if (typeof entry.fieldId !== "string" || entry.fieldId === "") errors[path] = RECOGNITION_ERRORS.field;
        else if (fieldIds && !fieldIds.has(entry.fieldId)) errors[path] = RECOGNITION_ERRORS.field;
        else if (entry.options !== undefined && (!isObject(entry.options) || !Object.values(entry.options).every((v) => v === "" || valueOk(v)))) errors[path] = RECOGNITION_ERRORS.value;
        else if (entry.otherwise !== undefined && entry.otherwise !== "" && !valueOk(entry.otherwise)) errors[path] = RECOGNITION_ERRORS.value;
        else if (entry.factor !== undefined && (typeof entry.factor !== "number" || !Number.isFinite(entry.factor) || entry.factor <= 0)) errors[path] = RECOGNITION_ERRORS.factor;
        else if (entry.fallback !== undefined && entry.fallback !== "area") errors[path] = RECOGNITION_ERRORS.derivation;
        break;
      }
      case "derived":
        if (!(DERIVATIONS as readonly string[]).includes(String(entry.derive))) errors[path] = RECOGNITION_ERRORS.derivation;
        else if (entry.fieldIds !== undefined && (!Array.isArray(entry.fieldIds) || !entry.fieldIds.every((f) => typeof f === "string" && (!fieldIds || fieldIds.has(f))))) errors[path] = RECOGNITION_ERRORS.field;
        break;
      default:
        errors[path] = FORM_ERRORS.invalid;
    }
  }
  return errors;
}

/** The body of `PUT cca-api/api/v1/recognition/mapping`. */
export const recognitionMappingSchema = yup
  .object({
    fieldSet: yup.string().required(FORM_ERRORS.required).oneOf([...FIELD_SETS], RECOGNITION_ERRORS.fieldSet),
    mapping: yup.mixed<FieldSetMapping>().required(FORM_ERRORS.required),
  })
  .test("mapping", function check(value) {
    if (!value || !(FIELD_SETS as readonly string[]).includes(value.fieldSet)) return true;
    const errors = checkMapping(value.fieldSet as FieldSetId, value.mapping);
    const entries = Object.entries(errors);
    if (entries.length === 0) return true;
    return new yup.ValidationError(entries.map(([path, key]) => this.createError({ path, message: key })));
  });

/** The body of `POST cca-api/api/v1/recognition/pack`. */
export const recognitionPackSchema = yup.object({
  fieldSet: yup.string().required(FORM_ERRORS.required).oneOf([...FIELD_SETS], RECOGNITION_ERRORS.fieldSet),
  format: yup.string().required(FORM_ERRORS.required).oneOf([...PACK_FORMATS], RECOGNITION_ERRORS.format),
  groupId: yup.number().typeError(FORM_ERRORS.number).integer(FORM_ERRORS.number).positive(FORM_ERRORS.number).nullable().optional(),
});
