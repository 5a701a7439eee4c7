/**
 * The contract of a web-vitals report (src/contracts/web-vitals.ts), checked by the platform through
 * `validateWith` (400 VALIDATION_FAILED, one key per field).
 */
import * as yup from "yup";
import { FORM_ERRORS } from "./field-errors";
import { WEB_VITAL_MAX, WEB_VITAL_NAMES, WEB_VITAL_ROUTE, type WebVitalName } from "./web-vitals";

const metric = yup
  .object({
    name: yup
      .mixed<WebVitalName>()
      .required(FORM_ERRORS.required)
      .test("one-of", FORM_ERRORS.invalid, (v) => v === undefined || (WEB_VITAL_NAMES as readonly unknown[]).includes(v)),
    value: yup.number().strict().required(FORM_ERRORS.required).min(0, FORM_ERRORS.invalid),
  })
  .noUnknown(FORM_ERRORS.invalid)
  .test("in-range", FORM_ERRORS.invalid, (m) => !m || m.value === undefined || m.name === undefined || m.value <= WEB_VITAL_MAX[m.name]);

export const webVitalsSchema = yup
  .object({
    route: yup.string().strict().required(FORM_ERRORS.required).matches(WEB_VITAL_ROUTE, FORM_ERRORS.invalid),
    lang: yup.mixed<"en" | "hi">().required(FORM_ERRORS.required).oneOf(["en", "hi"], FORM_ERRORS.invalid),
    metrics: yup
      .array(metric.required())
      .required(FORM_ERRORS.required)
      .min(1, FORM_ERRORS.required)
      .max(WEB_VITAL_NAMES.length, FORM_ERRORS.invalid)
      .test("distinct", FORM_ERRORS.invalid, (list) => !list || new Set(list.map((m) => m.name)).size === list.length),
  })
  .noUnknown(FORM_ERRORS.invalid);
