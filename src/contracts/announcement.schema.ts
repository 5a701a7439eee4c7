/**
 * The contract of an announcement write (`utility-api/api/v1/services/homePage/announcement/create`,
 * `…/announcement/edit/{id}`): the admin screen checks it before sending, the platform with
 * `validateWith`. Colours must keep a 4.5:1 contrast; `translations` is language id → HTML, English
 * required (other languages fall back to it). HTML is cleaned by the `cleanHtml` the caller gives.
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError } from "./field-errors";
import { contrastRatio, HOME_MSG, isHexColour, MIN_CONTRAST } from "./home";
import { colourField, fieldErrorsOf, flag, isEmptyHtml, type FieldError, type HtmlCleaner } from "./home.schema";

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
export const ANNOUNCEMENT_MAX_HTML = 2000;

/** The texts of an announcement: each key a language of the site, HTML at most 2,000 characters once cleaned; empty ones dropped. */
export function announcementTextRules(raw: unknown, cleanHtml: HtmlCleaner): { translations: Record<string, string>; errors: FieldError[] } {
  const entries = raw && typeof raw === "object" && !Array.isArray(raw) ? Object.entries(raw as Record<string, unknown>) : [];
  const translations: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const [key, value] of entries) {
    const field = `translations.${key}`;
    if (!LANGUAGE_IDS.includes(Number(key))) {
      errors.push([field, FORM_ERRORS.language]);
      continue;
    }
    const html = typeof value === "string" ? cleanHtml(value).trim() : "";
    if (html.length > ANNOUNCEMENT_MAX_HTML) errors.push([field, maxLengthError(ANNOUNCEMENT_MAX_HTML)]);
    else if (!isEmptyHtml(html)) translations[String(Number(key))] = html;
  }
  const english = `translations.${DEFAULT_LANGUAGE}`;
  if (!translations[String(DEFAULT_LANGUAGE)] && !errors.some(([field]) => field === english)) errors.push([english, HOME_MSG.englishRequired]);
  return { translations, errors };
}

export function announcementSchema(cleanHtml: HtmlCleaner = (html) => html) {
  return yup.object({
    color: colourField(true),
    bgColor: colourField(true).test("contrast", HOME_MSG.contrast, function (bg) {
      const color = (this.parent as { color?: string | null }).color;
      return !bg || !color || !isHexColour(bg) || !isHexColour(color) || contrastRatio(color, bg) >= MIN_CONTRAST;
    }),
    enabled: flag().default(true),
    translations: yup
      .mixed<Record<string, string>>()
      .transform((_v, original) => announcementTextRules(original, cleanHtml).translations)
      .default(() => ({}))
      .test("translations", function () {
        return fieldErrorsOf(this, announcementTextRules(this.originalValue, cleanHtml).errors);
      }),
  });
}
export type AnnouncementValues = yup.InferType<ReturnType<typeof announcementSchema>>;
