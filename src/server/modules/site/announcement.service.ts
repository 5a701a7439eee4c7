/**
 * Announcements (site-wide banners): the enabled ones for everyone, every one and the writes for
 * administrators (the routes authorise). A write body is checked against the shared contract
 * (`announcementSchema`, HTML cleaned with the platform's sanitiser); every write refreshes the cached list.
 */
import type { Announcement } from "@/contracts/announcement";
import { announcementSchema } from "@/contracts/announcement.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import type { Db, Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import {
  deleteAnnouncement,
  findAnnouncement,
  findAnnouncements,
  insertAnnouncement,
  replaceAnnouncementTexts,
  updateAnnouncement,
  type AnnouncementInput,
} from "./announcement.repository";

const writeSchema = announcementSchema(cleanPageHtml);

/** A write body → what is stored, or 400 VALIDATION_FAILED with the contract's field errors. */
async function readInput(body: unknown): Promise<AnnouncementInput> {
  const values = await validateWith(writeSchema, body);
  return { enabled: values.enabled ?? true, color: values.color!, bgColor: values.bgColor!, translations: values.translations ?? {} };
}

/** The enabled announcements, newest first, every language (the client picks `translations[languageId]`, else English). */
export function activeAnnouncements(db: Queryable): Promise<Announcement[]> {
  return findAnnouncements(db, true);
}

/** Every announcement, enabled or not (administrators). */
export function allAnnouncements(db: Queryable): Promise<Announcement[]> {
  return findAnnouncements(db, false);
}

async function requireAnnouncement(db: Queryable, id: number): Promise<Announcement> {
  const found = await findAnnouncement(db, id);
  if (!found) throw notFound(`Announcement ${id} not found`);
  return found;
}

export async function createAnnouncement(db: Db, body: unknown, authorId: number): Promise<Announcement> {
  const input = await readInput(body);
  const id = await db.transaction(async (tx) => {
    const created = await insertAnnouncement(tx, input, authorId);
    await replaceAnnouncementTexts(tx, created, input.translations);
    return created;
  });
  invalidateCache(CACHE_KEYS.announcements);
  return requireAnnouncement(db, id);
}

export async function editAnnouncement(db: Db, id: number, body: unknown): Promise<Announcement> {
  const input = await readInput(body);
  await requireAnnouncement(db, id);
  await db.transaction(async (tx) => {
    await updateAnnouncement(tx, id, input);
    await replaceAnnouncementTexts(tx, id, input.translations);
  });
  invalidateCache(CACHE_KEYS.announcements);
  return requireAnnouncement(db, id);
}

export async function removeAnnouncement(db: Db, id: number): Promise<void> {
  await requireAnnouncement(db, id);
  await deleteAnnouncement(db, id);
  invalidateCache(CACHE_KEYS.announcements);
}
