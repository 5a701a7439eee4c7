/**
 * The template contract's keys of an update (cca-api `PUT template/update`): which template (`id`) and the
 * optimistic `version` the editor read it with. Checked by the platform with `validateWith` (400
 * VALIDATION_FAILED, one translation key per field); the body's metadata, texts and field tree are checked
 * by the pure rules of template-rules.ts (`checkTemplate`, `checkTemplateTexts`), which the editor uses too.
 */
import * as yup from "yup";
import { readWholeNumber, readWith } from "./schema-fields";
import { TEMPLATE_MSG } from "./template-rules";

/** Longest optimistic version text (the platform's ROW_VERSION_MAX). */
export const TEMPLATE_VERSION_MAX = 40;

/** The template's `version` (CCATemplate.version) as sent; blank (absent, null or "") is none, which saves unchecked; undefined when not valid. */
export function readTemplateVersion(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null || raw === "") return null;
  return typeof raw === "string" && raw.length <= TEMPLATE_VERSION_MAX ? raw : undefined;
}

/** `id` and `version` of `PUT template/update` (the rest of the body is read by `checkTemplate` / `checkTemplateTexts`). */
export const templateUpdateKeysSchema = yup.object({
  id: readWith<number>((raw) => readWholeNumber(raw, 1), TEMPLATE_MSG.invalid).nonNullable(TEMPLATE_MSG.invalid),
  version: readWith<string>(readTemplateVersion, TEMPLATE_MSG.invalid),
});

export type TemplateUpdateKeys = yup.InferType<typeof templateUpdateKeysSchema>;
