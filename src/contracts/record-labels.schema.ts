/**
 * The contract of a record's Local Contexts labels (src/contracts/local-contexts.ts): the body of
 * `PUT cca-api/api/v1/data/labels/{id}`, checked by the labels dialog and by the platform through
 * `validateWith` (400 VALIDATION_FAILED, one key per field: `labels`, `labels[2].labelId`, `labels[0].text.hi`).
 */
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError } from "./field-errors";
import { isLabelId, LABEL_ERRORS, LABEL_LANGUAGES, LABEL_TEXT_MAX, RECORD_LABELS_MAX } from "./local-contexts";

const labelText = yup.string().typeError(FORM_ERRORS.invalid).trim().max(LABEL_TEXT_MAX, maxLengthError(LABEL_TEXT_MAX));

export const recordLabelSchema = yup.object({
  labelId: yup
    .string()
    .typeError(FORM_ERRORS.invalid)
    .trim()
    .required(FORM_ERRORS.required)
    .test("known", LABEL_ERRORS.unknown, (v) => v === undefined || isLabelId(v)),
  text: yup
    .object({ en: labelText.optional(), hi: labelText.optional() })
    .typeError(FORM_ERRORS.invalid)
    // A language the portal does not have is refused, not dropped (yup's noUnknown would strip it on cast).
    .test("languages", FORM_ERRORS.language, function () {
      const raw: unknown = this.originalValue;
      if (raw === null || raw === undefined || typeof raw !== "object") return true;
      return Object.keys(raw).every((lang) => (LABEL_LANGUAGES as readonly string[]).includes(lang));
    })
    .nullable()
    .default(null),
});

export const recordLabelsSchema = yup.object({
  labels: yup
    .array()
    .of(recordLabelSchema)
    .typeError(FORM_ERRORS.invalid)
    .required(FORM_ERRORS.required)
    .max(RECORD_LABELS_MAX, `${LABEL_ERRORS.tooMany}|${JSON.stringify({ max: RECORD_LABELS_MAX })}`)
    .test("unique", LABEL_ERRORS.duplicate, (labels) => {
      if (!labels) return true;
      const ids = labels.map((l) => l.labelId);
      return new Set(ids).size === ids.length;
    }),
});

export type RecordLabelsValues = yup.InferType<typeof recordLabelsSchema>;
