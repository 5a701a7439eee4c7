/**
 * Validation of the microsite create and edit forms (react-hook-form + yup resolver). Messages are
 * translation keys; the platform checks the same rules and answers 400 with fieldErrors
 * (`webAddress`, `domainName`, `translation.205.name`, …) that `groupFieldOf` maps onto these fields.
 */
import * as yup from "yup";

export const GROUP_NAME_MAX = 200;
export const GROUP_DESCRIPTION_MAX = 5000;
export const GROUP_SLUG_MAX = 60;
/** Letters, digits, - and _, starting with a letter or digit: no spaces or "/". */
export const GROUP_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Slugs that would hide a route under /group/ (the list and create screens). */
export const RESERVED_GROUP_SLUGS: readonly string[] = ["list", "create"];

const MSG = {
  required: "form:required",
  maxName: `form:max_length|{"max":${GROUP_NAME_MAX}}`,
  maxDescription: `form:max_length|{"max":${GROUP_DESCRIPTION_MAX}}`,
  maxSlug: `form:max_length|{"max":${GROUP_SLUG_MAX}}`,
  slug: "group:edit.validation.slug",
  slugReserved: "group:errors.slug_reserved",
  domain: "group:edit.validation.domain",
  wholeNumber: "group:edit.validation.whole_number",
} as const;

/** An http(s) address of a site (origin only: no path, query or fragment). */
export function isSiteOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname && (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash;
  } catch {
    return false;
  }
}

export const groupFormSchema = yup.object({
  nameEn: yup.string().trim().required(MSG.required).max(GROUP_NAME_MAX, MSG.maxName),
  descriptionEn: yup.string().trim().max(GROUP_DESCRIPTION_MAX, MSG.maxDescription).default(""),
  nameHi: yup.string().trim().max(GROUP_NAME_MAX, MSG.maxName).default(""),
  descriptionHi: yup.string().trim().max(GROUP_DESCRIPTION_MAX, MSG.maxDescription).default(""),
  nameLocal: yup.string().trim().max(GROUP_NAME_MAX, MSG.maxName).default(""),
  webAddress: yup.string().trim().required(MSG.required).max(GROUP_SLUG_MAX, MSG.maxSlug).matches(GROUP_SLUG_PATTERN, MSG.slug)
    .test("reserved", MSG.slugReserved, (v) => !v || !RESERVED_GROUP_SLUGS.includes(v.toLowerCase())),
  domainName: yup
    .string()
    .trim()
    .default("")
    .test("domain", MSG.domain, (v) => !v || isSiteOrigin(v)),
  icon: yup.string().nullable().default(null),
  allowUserToJoin: yup.boolean().required().default(true),
  displayOrder: yup.number().typeError(MSG.wholeNumber).required(MSG.wholeNumber).integer(MSG.wholeNumber).min(0, MSG.wholeNumber),
});

export type GroupFormValues = yup.InferType<typeof groupFormSchema>;

export const GROUP_FORM_FIELDS = ["nameEn", "descriptionEn", "nameHi", "descriptionHi", "nameLocal", "webAddress", "domainName", "icon", "allowUserToJoin", "displayOrder"] as const;

export type GroupFormField = (typeof GROUP_FORM_FIELDS)[number];

/** The form field a platform fieldErrors key belongs to (`translation.206.name` → nameHi), or null. */
export function groupFieldOf(key: string, languageIds: { en: number; hi: number }): GroupFormField | null {
  const translation = /^translation\.(\d+)\.(name|description)$/.exec(key);
  if (translation) {
    const language = Number(translation[1]) === languageIds.hi ? "Hi" : Number(translation[1]) === languageIds.en ? "En" : null;
    if (!language) return null;
    return `${translation[2] as "name" | "description"}${language}` as GroupFormField;
  }
  return (GROUP_FORM_FIELDS as readonly string[]).includes(key) ? (key as GroupFormField) : null;
}
