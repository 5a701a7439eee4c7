/**
 * utility-api/api/v1/services/announcement/* (reference §3.8, §4.8).
 *
 * Only the public read exists so far: the original front end reads the first element of this list on
 * every page, so it must always be a JSON array. Announcements themselves (the table, `all`, create,
 * edit, remove and the banner) come with issue 15; `activeAnnouncements` is the one place it fills in.
 */
import type { Announcement } from "@/contracts/announcement";
import type { Db } from "../db/db";
import { json, type Router } from "../http/router";

/** The enabled announcements, every language (the client picks `translations[languageId]`). None are stored yet. */
export async function activeAnnouncements(_db: Db): Promise<Announcement[]> {
  return [];
}

export function registerAnnouncementRoutes(router: Router): void {
  router.get("utility", "/v1/services/announcement/active", async (ctx) => json(await activeAnnouncements(ctx.deps.db)));
}
