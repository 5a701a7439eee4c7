/**
 * utility-api/api/v1/services/announcement/* (reference §3.8, §4.8): site-wide banners.
 * `active` is open (every page shows it; always a JSON array); `all`, create, edit and remove are for
 * administrators (the original left the writes open to any signed-in user). One row per announcement
 * holds every language's HTML (`translations`), sanitised when stored; colours must keep a 4.5:1 contrast.
 */
import SITE_CONFIG from "@site-config";
import type { Announcement } from "@/contracts/announcement";
import { FORM_ERRORS, maxLengthError } from "@/contracts/field-errors";
import { contrastRatio, HOME_MSG, MIN_CONTRAST } from "@/contracts/home";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import { requireAdminAccount } from "../accounts/account-context";
import type { Db, Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { parseId } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import { Checker, checkColour } from "./home.validation";

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
export const ANNOUNCEMENT_MAX_HTML = 2000;
const NO_STORE = { "cache-control": "no-store" };

interface AnnouncementInput {
  enabled: boolean;
  color: string;
  bgColor: string;
  translations: Record<string, string>;
}

interface Row {
  id: number;
  enabled: boolean;
  color: string;
  bg_color: string;
  translations: Record<string, string> | null;
}

const SELECT = `select a.id, a.enabled, a.color, a.bg_color,
  (select json_object_agg(t.language_id::text, t.description order by t.language_id) from announcement_translation t where t.announcement_id = a.id) as translations
  from announcement a`;

function toAnnouncement(row: Row): Announcement {
  const translations = row.translations ?? {};
  return {
    id: row.id,
    announcementId: row.id,
    enabled: row.enabled,
    color: row.color,
    bgColor: row.bg_color,
    languageId: DEFAULT_LANGUAGE,
    description: translations[String(DEFAULT_LANGUAGE)] ?? "",
    translations,
  };
}

/** The enabled announcements, newest first, every language (the client picks `translations[languageId]`, else English). */
export async function activeAnnouncements(db: Queryable): Promise<Announcement[]> {
  return (await db.query<Row>(`${SELECT} where a.enabled order by a.id desc`)).map(toAnnouncement);
}

function isEmptyHtml(html: string): boolean {
  return !/<(img|video|iframe)\b/i.test(html) && html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";
}

export function checkAnnouncement(body: Record<string, unknown>): AnnouncementInput {
  const c = new Checker();
  const color = checkColour(c, body, "color", true);
  const bgColor = checkColour(c, body, "bgColor", true);
  if (color && bgColor && contrastRatio(color, bgColor) < MIN_CONTRAST) {
    c.fail("bgColor", HOME_MSG.contrast, `and color have a contrast of ${contrastRatio(color, bgColor).toFixed(2)}:1, at least ${MIN_CONTRAST}:1 is needed`);
  }
  let enabled = true;
  if (body.enabled !== undefined && body.enabled !== null) {
    if (typeof body.enabled !== "boolean") c.fail("enabled", FORM_ERRORS.boolean, "must be true or false");
    else enabled = body.enabled;
  }
  const raw = body.translations && typeof body.translations === "object" && !Array.isArray(body.translations) ? (body.translations as Record<string, unknown>) : {};
  const translations: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = `translations.${key}`;
    if (!LANGUAGE_IDS.includes(Number(key))) {
      c.fail(field, FORM_ERRORS.language, `is not a language of the site (${LANGUAGE_IDS.join(", ")})`);
      continue;
    }
    const html = typeof value === "string" ? cleanPageHtml(value).trim() : "";
    if (html.length > ANNOUNCEMENT_MAX_HTML) c.fail(field, maxLengthError(ANNOUNCEMENT_MAX_HTML), `must be at most ${ANNOUNCEMENT_MAX_HTML} characters of HTML`);
    else if (!isEmptyHtml(html)) translations[String(Number(key))] = html;
  }
  if (!translations[String(DEFAULT_LANGUAGE)] && !c.errors[`translations.${DEFAULT_LANGUAGE}`]) {
    c.fail(`translations.${DEFAULT_LANGUAGE}`, HOME_MSG.englishRequired, "(English) is required: other languages fall back to it");
  }
  c.done("announcement");
  return { enabled, color: color!, bgColor: bgColor!, translations };
}

async function readAnnouncement(db: Queryable, id: number): Promise<Announcement> {
  const row = await db.maybeOne<Row>(`${SELECT} where a.id = $1`, [id]);
  if (!row) throw notFound(`Announcement ${id} not found`);
  return toAnnouncement(row);
}

async function writeTexts(tx: Queryable, id: number, translations: Record<string, string>): Promise<void> {
  await tx.query("delete from announcement_translation where announcement_id = $1", [id]);
  for (const [languageId, html] of Object.entries(translations)) {
    await tx.query("insert into announcement_translation (announcement_id, language_id, description) values ($1, $2, $3)", [id, Number(languageId), html]);
  }
}

async function createAnnouncement(db: Db, input: AnnouncementInput, authorId: number): Promise<Announcement> {
  const id = await db.transaction(async (tx) => {
    const row = await tx.one<{ id: number }>("insert into announcement (enabled, color, bg_color, author_id) values ($1, $2, $3, $4) returning id", [
      input.enabled,
      input.color,
      input.bgColor,
      authorId,
    ]);
    await writeTexts(tx, row.id, input.translations);
    return row.id;
  });
  invalidateCache(CACHE_KEYS.announcements);
  return readAnnouncement(db, id);
}

async function editAnnouncement(db: Db, id: number, input: AnnouncementInput): Promise<Announcement> {
  await readAnnouncement(db, id);
  await db.transaction(async (tx) => {
    await tx.query("update announcement set enabled = $2, color = $3, bg_color = $4, updated_on = now() where id = $1", [id, input.enabled, input.color, input.bgColor]);
    await writeTexts(tx, id, input.translations);
  });
  invalidateCache(CACHE_KEYS.announcements);
  return readAnnouncement(db, id);
}

export function registerAnnouncementRoutes(router: Router): void {
  router.get("utility", "/v1/services/announcement/active", async (ctx) => json(await activeAnnouncements(ctx.deps.db)));

  router.get("utility", "/v1/services/announcement/all", async (ctx) => {
    await requireAdminAccount(ctx);
    const rows = await ctx.deps.db.query<Row>(`${SELECT} order by a.id desc`);
    return json(rows.map(toAnnouncement), 200, NO_STORE);
  });

  router.post("utility", "/v1/services/homePage/announcement/create", async (ctx) => {
    const admin = await requireAdminAccount(ctx);
    return json(await createAnnouncement(ctx.deps.db, checkAnnouncement(readJsonBody(ctx)), admin.id), 201, NO_STORE);
  });

  router.put("utility", "/v1/services/announcement/edit/:announcementId", async (ctx) => {
    await requireAdminAccount(ctx);
    const id = parseId(ctx.params.announcementId, "announcementId");
    return json(await editAnnouncement(ctx.deps.db, id, checkAnnouncement(readJsonBody(ctx))), 200, NO_STORE);
  });

  router.delete("utility", "/v1/services/announcement/remove/:announcementId", async (ctx) => {
    await requireAdminAccount(ctx);
    const id = parseId(ctx.params.announcementId, "announcementId");
    await readAnnouncement(ctx.deps.db, id);
    await ctx.deps.db.query("delete from announcement where id = $1", [id]);
    invalidateCache(CACHE_KEYS.announcements);
    return jsonText("true", 200, NO_STORE);
  });
}
