import { recordFields, type RecordValues } from "@/contracts/record-rules";
import type { CCAField } from "@/contracts/template";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";

/**
 * A record's submitted values with every RICHTEXT value cleaned by the content rule
 * (`src/shared/html/sanitize-page-html.ts`: no scripts, no event handlers, ids only as `user-content-…`),
 * before they are checked and stored: what a record keeps is what every screen may render.
 */
export function cleanRichTextValues(fields: readonly CCAField[], values: RecordValues): RecordValues {
  const out: RecordValues = { ...values };
  for (const field of recordFields(fields)) {
    const value = out[field.fieldId];
    if (field.type === "RICHTEXT" && typeof value === "string") out[field.fieldId] = cleanPageHtml(value);
  }
  return out;
}
