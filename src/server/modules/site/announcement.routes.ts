/**
 * utility-api/api/v1/services/announcement/* (reference §3.8, §4.8): site-wide banners.
 * `active` is open (every page shows it; always a JSON array); `all`, create, edit and remove are for
 * administrators (the original left the writes open to any signed-in user). One row per announcement
 * holds every language's HTML (`translations`), sanitised when stored; colours must keep a 4.5:1 contrast.
 */
import { requireAdminAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseId } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import { activeAnnouncements, allAnnouncements, createAnnouncement, editAnnouncement, removeAnnouncement } from "./announcement.service";

const NO_STORE = { "cache-control": "no-store" };

export function registerAnnouncementRoutes(router: Router): void {
  router.get("utility", "/v1/services/announcement/active", async (ctx) => json(await activeAnnouncements(ctx.deps.db)));

  router.get("utility", "/v1/services/announcement/all", async (ctx) => {
    await requireAdminAccount(ctx);
    return json(await allAnnouncements(ctx.deps.db), 200, NO_STORE);
  });

  router.post("utility", "/v1/services/homePage/announcement/create", async (ctx) => {
    const admin = await requireAdminAccount(ctx);
    return json(await createAnnouncement(ctx.deps.db, readJsonBody(ctx), admin.id), 201, NO_STORE);
  });

  router.put("utility", "/v1/services/announcement/edit/:announcementId", async (ctx) => {
    await requireAdminAccount(ctx);
    const id = parseId(ctx.params.announcementId, "announcementId");
    return json(await editAnnouncement(ctx.deps.db, id, readJsonBody(ctx)), 200, NO_STORE);
  });

  router.delete("utility", "/v1/services/announcement/remove/:announcementId", async (ctx) => {
    await requireAdminAccount(ctx);
    const id = parseId(ctx.params.announcementId, "announcementId");
    await removeAnnouncement(ctx.deps.db, id);
    return jsonText("true", 200, NO_STORE);
  });
}
