/** The SQL of announcements (`announcement`, `announcement_translation`: one row per language's HTML). */
import SITE_CONFIG from "@site-config";
import type { Announcement } from "@/contracts/announcement";
import type { Queryable } from "../../infra/db/db";

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

/** What an announcement write stores. */
export interface AnnouncementInput {
  enabled: boolean;
  color: string;
  bgColor: string;
  /** Language id → cleaned HTML. */
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

/** Every announcement (only the enabled ones with `enabledOnly`), newest first, with every language's HTML. */
export async function findAnnouncements(db: Queryable, enabledOnly: boolean): Promise<Announcement[]> {
  return (await db.query<Row>(`${SELECT}${enabledOnly ? " where a.enabled" : ""} order by a.id desc`)).map(toAnnouncement);
}

export async function findAnnouncement(db: Queryable, id: number): Promise<Announcement | null> {
  const row = await db.maybeOne<Row>(`${SELECT} where a.id = $1`, [id]);
  return row ? toAnnouncement(row) : null;
}

export async function insertAnnouncement(tx: Queryable, input: AnnouncementInput, authorId: number): Promise<number> {
  const row = await tx.one<{ id: number }>("insert into announcement (enabled, color, bg_color, author_id) values ($1, $2, $3, $4) returning id", [
    input.enabled,
    input.color,
    input.bgColor,
    authorId,
  ]);
  return row.id;
}

export async function updateAnnouncement(tx: Queryable, id: number, input: AnnouncementInput): Promise<void> {
  await tx.query("update announcement set enabled = $2, color = $3, bg_color = $4, updated_on = now() where id = $1", [id, input.enabled, input.color, input.bgColor]);
}

/** Replaces an announcement's texts with `translations` (language id → HTML). */
export async function replaceAnnouncementTexts(tx: Queryable, id: number, translations: Record<string, string>): Promise<void> {
  await tx.query("delete from announcement_translation where announcement_id = $1", [id]);
  for (const [languageId, html] of Object.entries(translations)) {
    await tx.query("insert into announcement_translation (announcement_id, language_id, description) values ($1, $2, $3)", [id, Number(languageId), html]);
  }
}

export async function deleteAnnouncement(db: Queryable, id: number): Promise<void> {
  await db.query("delete from announcement where id = $1", [id]);
}
