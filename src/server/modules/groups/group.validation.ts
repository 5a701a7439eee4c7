import SITE_CONFIG from "@site-config";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, GROUP_SLUG_MAX, GROUP_SLUG_PATTERN, RESERVED_GROUP_SLUGS } from "@/contracts/group.schema";
import { validationFailed } from "../../infra/http/validate";
import type { NewUserGroup } from "./group.repository";

/**
 * Checks of the group create/edit bodies (UserGroupCreateData / UserGroupEditData). Failures are 400
 * VALIDATION_FAILED with one translation key (group:errors.*) per field in `fieldErrors`; fields are
 * `translation.<languageId>.name`, `webAddress`, `domainName`, … as the contract names them.
 * Descriptions are plain text (stored as typed, trimmed; render them as text, never as HTML).
 */
export const DOMAIN_MAX = 200;
export const ICON_MAX = 500;
export const MAX_INVITED = 100;
// Name, description and slug rules are the form's own (one contract for both sides).
const SLUG_MAX = GROUP_SLUG_MAX;
const SLUG_FORMAT = GROUP_SLUG_PATTERN;
const MAX_ID = 2_147_483_647;
const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);

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

export type GroupInput = Omit<NewUserGroup, "id"> & { translations: { languageId: number; name: string; description: string }[] };

export interface GroupCreateInput extends GroupInput {
  founderIds: number[];
  moderatorIds: number[];
}

export interface AddMembersInput {
  userGroupId: number;
  founderIds: number[];
  moderatorIds: number[];
  founderEmails: string[];
  moderatorEmails: string[];
}

class Checker {
  readonly errors: Record<string, string> = {};

  fail(field: string, key: string): void {
    this.errors[field] ??= key;
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationFailed(this.errors);
  }

  text(field: string, value: unknown, max: number, tooLong: string, required: boolean): string {
    if (value !== undefined && value !== null && typeof value !== "string") {
      this.fail(field, GROUP_ERRORS.required);
      return "";
    }
    const text = (value ?? "").trim();
    if (required && text === "") this.fail(field, GROUP_ERRORS.required);
    if (text.length > max) this.fail(field, tooLong);
    return text;
  }

  ids(field: string, value: unknown): number[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.length > MAX_INVITED) {
      this.fail(field, GROUP_ERRORS.userIds);
      return [];
    }
    const ids: number[] = [];
    for (const item of value) {
      const n = typeof item === "number" ? item : typeof item === "string" && /^\d{1,10}$/.test(item) ? Number(item) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        this.fail(field, GROUP_ERRORS.userIds);
        return [];
      }
      if (!ids.includes(n)) ids.push(n);
    }
    return ids;
  }

  emails(field: string, value: unknown): string[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.length > MAX_INVITED || value.some((e) => typeof e !== "string")) {
      this.fail(field, GROUP_ERRORS.emails);
      return [];
    }
    const emails: string[] = [];
    for (const raw of value as string[]) {
      const email = raw.trim();
      if (email === "") continue;
      if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        this.fail(field, GROUP_ERRORS.emails);
        return [];
      }
      if (!emails.some((e) => e.toLowerCase() === email.toLowerCase())) emails.push(email);
    }
    return emails;
  }
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

function checkSlug(c: Checker, value: unknown): string {
  const slug = typeof value === "string" ? value.trim() : "";
  if (slug === "") c.fail("webAddress", GROUP_ERRORS.required);
  else if (slug.length > SLUG_MAX) c.fail("webAddress", GROUP_ERRORS.slugTooLong);
  else if (!SLUG_FORMAT.test(slug)) c.fail("webAddress", GROUP_ERRORS.slugFormat);
  else if (RESERVED_GROUP_SLUGS.includes(slug.toLowerCase())) c.fail("webAddress", GROUP_ERRORS.slugReserved);
  return slug;
}

function checkDomain(c: Checker, value: unknown, siteUrl: string): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  const text = typeof value === "string" ? value.trim() : "";
  const origin = text.length <= DOMAIN_MAX ? parseOrigin(text) : null;
  if (origin === null) {
    c.fail("domainName", GROUP_ERRORS.domainFormat);
    return null;
  }
  if (origin.toLowerCase() === parseOrigin(siteUrl)?.toLowerCase()) c.fail("domainName", GROUP_ERRORS.domainIsSite);
  return origin;
}

function checkIcon(c: Checker, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  const ok =
    typeof value === "string" &&
    value.length <= ICON_MAX &&
    /^\/[^\0\\]+$/.test(value) &&
    !value.split("/").some((segment) => segment === ".." || segment === ".");
  if (!ok) c.fail("icon", GROUP_ERRORS.iconFormat);
  return ok ? value : null;
}

function checkTranslations(c: Checker, value: unknown): GroupInput["translations"] {
  if (!Array.isArray(value)) {
    c.fail(`translation.${DEFAULT_LANGUAGE_ID}.name`, GROUP_ERRORS.englishRequired);
    return [];
  }
  const translations: GroupInput["translations"] = [];
  for (const item of value as unknown[]) {
    const t = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    const languageId = typeof t.language === "number" ? t.language : typeof t.language === "string" && /^\d+$/.test(t.language) ? Number(t.language) : NaN;
    if (!LANGUAGE_IDS.includes(languageId) || translations.some((x) => x.languageId === languageId)) {
      c.fail("translation", GROUP_ERRORS.language);
      continue;
    }
    const f = `translation.${languageId}`;
    const isDefault = languageId === DEFAULT_LANGUAGE_ID;
    const name = c.text(`${f}.name`, t.name, GROUP_NAME_MAX, GROUP_ERRORS.nameTooLong, false);
    const description = c.text(`${f}.description`, t.description, GROUP_DESCRIPTION_MAX, GROUP_ERRORS.descriptionTooLong, false);
    // Another language left blank means "use English"; a description without a name is a mistake.
    if (!isDefault && name === "" && description === "") continue;
    if (name === "") c.fail(`${f}.name`, GROUP_ERRORS.required);
    translations.push({ languageId, name, description });
  }
  if (!translations.some((t) => t.languageId === DEFAULT_LANGUAGE_ID)) {
    c.fail(`translation.${DEFAULT_LANGUAGE_ID}.name`, GROUP_ERRORS.englishRequired);
  }
  return translations;
}

function checkGroup(c: Checker, body: Record<string, unknown>, siteUrl: string): GroupInput {
  const translations = checkTranslations(c, body.translation);
  const english = translations.find((t) => t.languageId === DEFAULT_LANGUAGE_ID) ?? { name: "", description: "" };
  const nameLocal = c.text("nameLocal", body.nameLocal, GROUP_NAME_MAX, GROUP_ERRORS.nameTooLong, false);
  const slug = checkSlug(c, body.webAddress);
  const domainName = checkDomain(c, body.domainName, siteUrl);
  const icon = checkIcon(c, body.icon);
  if (typeof body.allowUserToJoin !== "boolean") c.fail("allowUserToJoin", GROUP_ERRORS.boolean);
  let displayOrder = 0;
  if (body.displayOrder !== undefined && body.displayOrder !== null) {
    const n = body.displayOrder;
    if (typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_ID) displayOrder = n;
    else c.fail("displayOrder", GROUP_ERRORS.displayOrder);
  }
  return {
    slug,
    name: english.name,
    nameLocal: nameLocal === "" ? null : nameLocal,
    description: english.description,
    icon,
    domainName,
    allowUserToJoin: body.allowUserToJoin === true,
    displayOrder,
    // The base row holds English; translation rows hold the other languages.
    translations: translations.filter((t) => t.languageId !== DEFAULT_LANGUAGE_ID),
  };
}

/** PUT …/edit/save/{id} body. */
export function parseGroupEdit(body: Record<string, unknown>, siteUrl: string): GroupInput {
  const c = new Checker();
  const group = checkGroup(c, body, siteUrl);
  c.done();
  return group;
}

/** POST …/create body: the group plus the founders and moderators invited. */
export function parseGroupCreate(body: Record<string, unknown>, siteUrl: string): GroupCreateInput {
  const c = new Checker();
  const group = checkGroup(c, body, siteUrl);
  const invitation = body.invitationData;
  let founderIds: number[] = [];
  let moderatorIds: number[] = [];
  if (invitation !== undefined && invitation !== null) {
    if (typeof invitation !== "object" || Array.isArray(invitation)) c.fail("invitationData", GROUP_ERRORS.userIds);
    else {
      const inv = invitation as Record<string, unknown>;
      founderIds = c.ids("invitationData.founderIds", inv.founderIds);
      moderatorIds = c.ids("invitationData.moderatorsIds", inv.moderatorsIds).filter((id) => !founderIds.includes(id));
    }
  }
  c.done();
  return { ...group, founderIds, moderatorIds };
}

/** POST …/add/members body. */
export function parseAddMembers(body: Record<string, unknown>): AddMembersInput {
  const c = new Checker();
  const rawGroupId = body.userGroupId;
  const userGroupId =
    typeof rawGroupId === "number" ? rawGroupId : typeof rawGroupId === "string" && /^\d{1,10}$/.test(rawGroupId) ? Number(rawGroupId) : NaN;
  if (!Number.isInteger(userGroupId) || userGroupId < 1 || userGroupId > MAX_ID) c.fail("userGroupId", GROUP_ERRORS.required);
  const founderIds = c.ids("founderIds", body.founderIds);
  const moderatorIds = c.ids("moderatorsIds", body.moderatorsIds);
  const founderEmails = c.emails("founderEmail", body.founderEmail);
  const moderatorEmails = c.emails("moderatorsEmail", body.moderatorsEmail);
  c.done();
  return { userGroupId, founderIds, moderatorIds, founderEmails, moderatorEmails };
}
