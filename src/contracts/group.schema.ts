/**
 * The group contract, for both sides: the microsite create and edit form (`groupFormSchema`, react-hook-form
 * + yup resolver) and the bodies the userGroup-api takes (`groupEditSchema`, `groupCreateSchema`,
 * `groupAddMembersSchema`, checked by the platform with `validateWith`). Messages are translation keys: the
 * form's own, and `group:errors.*` in the platform's 400 fieldErrors (`webAddress`, `domainName`,
 * `translation.205.name`, …) that `groupFieldOf` maps onto the form's fields. Both share the limits, the slug
 * and address rules below; what yup cannot say (a list keyed by language, id and e-mail lists) are pure
 * functions the schemas call.
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { MAX_ID, readWholeNumber, readWith } from "./schema-fields";
import { isStoredFilePath } from "./stored-file-path";

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

// ---------------------------------------------------------------------------------------------------
// The userGroup-api bodies (UserGroupCreateData, UserGroupEditData, GroupAddMembersData of contracts/group.ts).

export const GROUP_DOMAIN_MAX = 200;
export const GROUP_ICON_MAX = 500;
/** Founders or moderators named in one request, at most. */
export const GROUP_MAX_INVITED = 100;
const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);

/** Every field error of the userGroup-api (`fieldErrors`), as translation keys. */
export const GROUP_ERRORS = {
  required: "group:errors.required",
  nameTooLong: "group:errors.name_too_long",
  descriptionTooLong: "group:errors.description_too_long",
  language: "group:errors.language",
  englishRequired: "group:errors.english_required",
  slugFormat: "group:errors.slug_format",
  slugTooLong: "group:errors.slug_too_long",
  slugReserved: "group:errors.slug_reserved",
  slugTaken: "group:errors.slug_taken",
  domainFormat: "group:errors.domain_format",
  domainIsSite: "group:errors.domain_is_site",
  domainTaken: "group:errors.domain_taken",
  iconFormat: "group:errors.icon_format",
  boolean: "group:errors.boolean",
  displayOrder: "group:errors.display_order",
  userIds: "group:errors.user_ids",
  unknownUser: "group:errors.unknown_user",
  emails: "group:errors.emails",
  unknownEmail: "group:errors.unknown_email",
} as const;

/** What the bodies are checked against: the site's own address (a group's domain may not be it). */
export interface GroupSchemaContext {
  siteUrl: string;
}

/** An http(s) origin (scheme, host, optional port), as `new URL(...).origin` writes it; null when it is not one. */
export function parseOrigin(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/" || !url.hostname) return null;
  // `new URL` drops a bare "?" or "#"; refuse anything after the authority except one trailing slash.
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(value)) return null;
  return url.origin;
}

/** One language of the group's name and description, trimmed. */
export interface GroupTranslationInput {
  languageId: number;
  name: string;
  description: string;
}

/** A text field of a translation: absent is "", anything but text is refused (null). */
function translationText(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value.trim() : null;
}

/**
 * The `translation` list, keyed by language: each site language once; English required; another language
 * left blank means "use English" (dropped); a description without a name is a mistake. Answers the
 * translations kept and the errors per field (`translation`, `translation.<languageId>.name|description`).
 */
export function readGroupTranslations(value: unknown): { translations: GroupTranslationInput[]; errors: [string, string][] } {
  const errors: [string, string][] = [];
  const fail = (field: string, key: string) => {
    if (!errors.some(([f]) => f === field)) errors.push([field, key]);
  };
  const translations: GroupTranslationInput[] = [];
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      const t = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
      const languageId = typeof t.language === "number" ? t.language : typeof t.language === "string" && /^\d+$/.test(t.language) ? Number(t.language) : NaN;
      if (!LANGUAGE_IDS.includes(languageId) || translations.some((x) => x.languageId === languageId)) {
        fail("translation", GROUP_ERRORS.language);
        continue;
      }
      const f = `translation.${languageId}`;
      const name = translationText(t.name);
      const description = translationText(t.description);
      if (name === null) fail(`${f}.name`, GROUP_ERRORS.required);
      else if (name.length > GROUP_NAME_MAX) fail(`${f}.name`, GROUP_ERRORS.nameTooLong);
      if (description === null) fail(`${f}.description`, GROUP_ERRORS.required);
      else if (description.length > GROUP_DESCRIPTION_MAX) fail(`${f}.description`, GROUP_ERRORS.descriptionTooLong);
      if (languageId !== DEFAULT_LANGUAGE_ID && !name && !description) continue;
      if (!name) fail(`${f}.name`, GROUP_ERRORS.required);
      translations.push({ languageId, name: name ?? "", description: description ?? "" });
    }
  }
  if (!translations.some((t) => t.languageId === DEFAULT_LANGUAGE_ID)) fail(`translation.${DEFAULT_LANGUAGE_ID}.name`, GROUP_ERRORS.englishRequired);
  return { translations, errors };
}

/** User ids as a list of numbers or digit strings (1 … 2³¹−1), each once; undefined when the list is not valid. */
export function readUserIds(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > GROUP_MAX_INVITED) return undefined;
  const ids: number[] = [];
  for (const item of value as unknown[]) {
    const n = readWholeNumber(item, 1);
    if (n === undefined) return undefined;
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** E-mail addresses, trimmed, blanks dropped, each once whatever its case; undefined when the list is not valid. */
export function readEmails(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > GROUP_MAX_INVITED || value.some((e) => typeof e !== "string")) return undefined;
  const emails: string[] = [];
  for (const raw of value as string[]) {
    const email = raw.trim();
    if (email === "") continue;
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return undefined;
    if (!emails.some((e) => e.toLowerCase() === email.toLowerCase())) emails.push(email);
  }
  return emails;
}

/** Text as sent, trimmed; absent or null is ""; anything else but text is `typeError`. */
function bodyText(typeError: string) {
  return yup
    .string()
    .transform((value: string, raw: unknown) => (raw === null ? "" : typeof raw === "string" ? raw.trim() : raw))
    .typeError(typeError)
    .default("");
}

/** The fields of the create and edit bodies. */
const groupFields = ({ siteUrl }: GroupSchemaContext) => ({
  translation: yup
    .mixed<GroupTranslationInput[]>()
    .nullable()
    .transform((_, raw: unknown) => readGroupTranslations(raw).translations)
    .default(() => [])
    .test("translations", GROUP_ERRORS.englishRequired, function () {
      const { errors } = readGroupTranslations(this.originalValue);
      if (errors.length === 0) return true;
      return new yup.ValidationError(errors.map(([path, message]) => this.createError({ path, message })));
    }) as unknown as yup.MixedSchema<GroupTranslationInput[], yup.AnyObject, undefined, "">,
  nameLocal: bodyText(GROUP_ERRORS.required).max(GROUP_NAME_MAX, GROUP_ERRORS.nameTooLong),
  // Anything but text is a missing address.
  webAddress: yup
    .string()
    .transform((_, raw: unknown) => (typeof raw === "string" ? raw.trim() : ""))
    .default("")
    .required(GROUP_ERRORS.required)
    .max(GROUP_SLUG_MAX, GROUP_ERRORS.slugTooLong)
    .matches(GROUP_SLUG_PATTERN, { message: GROUP_ERRORS.slugFormat, excludeEmptyString: true })
    .test("reserved", GROUP_ERRORS.slugReserved, (v) => !v || !RESERVED_GROUP_SLUGS.includes(v.toLowerCase())),
  // Blank is none; otherwise an http(s) origin (stored as its origin) other than the site's own.
  domainName: yup
    .string()
    .nullable()
    .transform((_, raw: unknown) => {
      if (raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
      const text = typeof raw === "string" ? raw.trim() : "";
      return (text.length <= GROUP_DOMAIN_MAX ? parseOrigin(text) : null) ?? "";
    })
    .default(null)
    .test("domain", GROUP_ERRORS.domainFormat, (v) => v !== "")
    .test("not-the-site", GROUP_ERRORS.domainIsSite, (v) => !v || v.toLowerCase() !== parseOrigin(siteUrl)?.toLowerCase()),
  // A file of the files store (`/<hash>/<name>`), or none.
  icon: yup
    .string()
    .nullable()
    .transform((value: unknown, raw: unknown) => (raw === "" ? null : raw === null || typeof raw === "string" ? value : raw))
    .typeError(GROUP_ERRORS.iconFormat)
    .default(null)
    .test("icon", GROUP_ERRORS.iconFormat, (v) => v === null || v === undefined || (v.length <= GROUP_ICON_MAX && isStoredFilePath(v))),
  allowUserToJoin: yup.boolean().strict().required(GROUP_ERRORS.boolean).typeError(GROUP_ERRORS.boolean),
  // Absent or null is 0.
  displayOrder: yup
    .number()
    .strict()
    .nullable()
    .typeError(GROUP_ERRORS.displayOrder)
    .integer(GROUP_ERRORS.displayOrder)
    .min(0, GROUP_ERRORS.displayOrder)
    .max(MAX_ID, GROUP_ERRORS.displayOrder),
});

/** Body of `PUT …/group/edit/save/{id}`, on the site at `siteUrl`. */
export const groupEditSchema = (context: GroupSchemaContext) => yup.object(groupFields(context));

/** Body of `POST …/group/create`: the group and the founders and moderators invited (someone in both is a founder). */
export const groupCreateSchema = (context: GroupSchemaContext) =>
  yup.object({
    ...groupFields(context),
    invitationData: yup
      .object({
        founderIds: readWith(readUserIds, GROUP_ERRORS.userIds),
        moderatorsIds: readWith(readUserIds, GROUP_ERRORS.userIds),
      })
      .nullable()
      .default(null)
      .typeError(GROUP_ERRORS.userIds)
      .test("object", GROUP_ERRORS.userIds, function () {
        return !Array.isArray(this.originalValue);
      }),
  });

/** Body of `POST …/group/add/members`. */
export const groupAddMembersSchema = yup.object({
  userGroupId: readWith((raw) => readWholeNumber(raw, 1), GROUP_ERRORS.required),
  founderIds: readWith(readUserIds, GROUP_ERRORS.userIds),
  moderatorsIds: readWith(readUserIds, GROUP_ERRORS.userIds),
  founderEmail: readWith(readEmails, GROUP_ERRORS.emails),
  moderatorsEmail: readWith(readEmails, GROUP_ERRORS.emails),
});

export type GroupEditBody = yup.InferType<ReturnType<typeof groupEditSchema>>;
export type GroupCreateBody = yup.InferType<ReturnType<typeof groupCreateSchema>>;
export type GroupAddMembersBody = yup.InferType<typeof groupAddMembersSchema>;
