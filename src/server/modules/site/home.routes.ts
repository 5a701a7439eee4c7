/**
 * The configurable homes (reference §3.8 and the homePage rows of §3.2):
 * site — `utility-api/api/v1/services/homePage…` (writes: ROLE_ADMIN);
 * group — `userGroup-api/api/v1/group/homePage/…` (writes: ROLE_ADMIN or a founder of that group).
 * Unlike the original, mini galleries are role-checked like the rest (it let any signed-in user edit them).
 * Writes answer the home in the admin view (every item, every language's texts).
 */
import SITE_CONFIG from "@site-config";
import type { HomePageData } from "@/contracts/home";
import { optionalAccount, requireAccount, requireAdminAccount } from "../accounts/account-context";
import { readJsonBody, readJsonValueBody } from "../../infra/http/body";
import { parseBoolean, parseId, parseLanguageId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { requireGroupEditor, standingIn } from "../groups/group-access";
import { createMiniGallery, createSlide, editMiniGallery, editSlide, loadHome, removeMiniGallery, removeSlide, reorderSlides, saveSettings, SITE_HOME } from "./home.service";

const NO_STORE = { "cache-control": "no-store" };
const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

/** Who may write a home: the admin for the site, the admin or a founder for a group; returns the caller's id. */
type Gate = (ctx: RequestContext) => Promise<{ groupKey: number; userId: number }>;

const siteGate: Gate = async (ctx) => ({ groupKey: SITE_HOME, userId: (await requireAdminAccount(ctx)).id });

const groupGate =
  (param: string): Gate =>
  async (ctx) => {
    const account = await requireAccount(ctx);
    const groupId = parseId(ctx.params[param], param);
    await requireGroupEditor(ctx.deps.db, account, groupId);
    return { groupKey: groupId, userId: account.id };
  };

/** The write routes shared by both variants; `paths` maps each action to its path under the service. */
interface HomePaths {
  settings: string;
  slideCreate: [method: "put" | "post", path: string];
  slideEdit: string;
  slideRemove: [method: "put" | "delete", path: string];
  slideReorder: string;
  miniSlideInsert: string;
  miniSlideEdit: string;
  miniSlideRemove: [method: "put" | "delete", path: string];
  miniSlideReorder: string;
  miniCreate: string;
  miniEdit: string;
  miniRemove: string;
}

/** The item id of a write path (`galleryId`, or `sliderId` in the group's mini-slide removal). */
function itemId(ctx: RequestContext): number {
  return ctx.params.galleryId !== undefined ? parseId(ctx.params.galleryId, "galleryId") : parseId(ctx.params.sliderId, "sliderId");
}

/** The language a write's answer (the admin view) is in: `?languageId=`, English by default. */
const answerLanguage = (ctx: RequestContext) => parseLanguageId(queryValue(ctx.request.query, "languageId"), DEFAULT_LANGUAGE);
const adminJson = (home: HomePageData) => json(home, 200, NO_STORE);

function registerWrites(router: Router, service: string, gate: Gate, p: HomePaths): void {
  router.put(service, p.settings, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await saveSettings(ctx.deps.db, groupKey, readJsonBody(ctx), answerLanguage(ctx)));
  });
  router[p.slideCreate[0]](service, p.slideCreate[1], async (ctx) => {
    const { groupKey, userId } = await gate(ctx);
    return adminJson(await createSlide(ctx.deps, groupKey, readJsonBody(ctx), false, userId, answerLanguage(ctx)));
  });
  router.put(service, p.slideEdit, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await editSlide(ctx.deps, groupKey, itemId(ctx), readJsonBody(ctx), false, answerLanguage(ctx)));
  });
  router[p.slideRemove[0]](service, p.slideRemove[1], async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await removeSlide(ctx.deps.db, groupKey, itemId(ctx), false, answerLanguage(ctx)));
  });
  router.put(service, p.slideReorder, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await reorderSlides(ctx.deps.db, groupKey, readJsonValueBody(ctx), false, answerLanguage(ctx)));
  });
  router.put(service, p.miniSlideInsert, async (ctx) => {
    const { groupKey, userId } = await gate(ctx);
    return adminJson(await createSlide(ctx.deps, groupKey, readJsonBody(ctx), true, userId, answerLanguage(ctx)));
  });
  router.put(service, p.miniSlideEdit, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await editSlide(ctx.deps, groupKey, itemId(ctx), readJsonBody(ctx), true, answerLanguage(ctx)));
  });
  router[p.miniSlideRemove[0]](service, p.miniSlideRemove[1], async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await removeSlide(ctx.deps.db, groupKey, itemId(ctx), true, answerLanguage(ctx)));
  });
  router.put(service, p.miniSlideReorder, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return adminJson(await reorderSlides(ctx.deps.db, groupKey, readJsonValueBody(ctx), true, answerLanguage(ctx)));
  });
  router.post(service, p.miniCreate, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return json(await createMiniGallery(ctx.deps.db, groupKey, readJsonBody(ctx)), 201, NO_STORE);
  });
  router.put(service, p.miniEdit, async (ctx) => {
    const { groupKey } = await gate(ctx);
    return json(await editMiniGallery(ctx.deps.db, groupKey, itemId(ctx), readJsonBody(ctx)), 200, NO_STORE);
  });
  router.delete(service, p.miniRemove, async (ctx) => {
    const { groupKey } = await gate(ctx);
    await removeMiniGallery(ctx.deps.db, groupKey, itemId(ctx));
    return json({ removed: true }, 200, NO_STORE);
  });
}

export function registerHomeRoutes(router: Router): void {
  // Site: public view, or every item and language for an admin with adminList=true.
  router.get("utility", "/v1/services/homePage", async (ctx) => {
    const languageId = parseLanguageId(queryValue(ctx.request.query, "languageId"));
    const wantsAdmin = parseBoolean(queryValue(ctx.request.query, "adminList"), "adminList", false);
    const admin = wantsAdmin && ((await optionalAccount(ctx))?.isAdmin ?? false);
    return json(await loadHome(ctx.deps.db, SITE_HOME, languageId, admin), 200, wantsAdmin ? NO_STORE : {});
  });
  registerWrites(
    router,
    "utility",
    siteGate,
    {
      settings: "/v1/services/homePage/insert",
      slideCreate: ["put", "/v1/services/homePage/create"],
      slideEdit: "/v1/services/homePage/edit/:galleryId",
      slideRemove: ["delete", "/v1/services/homePage/remove/:galleryId"],
      slideReorder: "/v1/services/homePage/reorder",
      miniSlideInsert: "/v1/services/homePage/insert/miniSlider",
      miniSlideEdit: "/v1/services/homePage/edit/miniSlider/:galleryId",
      miniSlideRemove: ["delete", "/v1/services/homePage/remove/miniSlider/:galleryId"],
      miniSlideReorder: "/v1/services/homePage/miniSlider/reorder",
      miniCreate: "/v1/services/homePage/miniGallery/create",
      miniEdit: "/v1/services/homePage/miniGallery/edit/:galleryId",
      miniRemove: "/v1/services/homePage/miniGallery/remove/:galleryId",
    },
  );

  // Group: public view, or (adminList=true, admins and the group's founders) every item and language.
  router.get("userGroup", "/v1/group/homePage/:groupId/:languageId", async (ctx) => {
    const groupId = parseId(ctx.params.groupId, "groupId");
    const languageId = parseLanguageId(ctx.params.languageId);
    const wantsAdmin = parseBoolean(queryValue(ctx.request.query, "adminList"), "adminList", false);
    const standing = await standingIn(ctx.deps.db, wantsAdmin ? await optionalAccount(ctx) : null, groupId);
    return json(await loadHome(ctx.deps.db, groupId, languageId, wantsAdmin && standing.canEdit), 200, wantsAdmin ? NO_STORE : {});
  });
  const G = "/v1/group/homePage";
  registerWrites(
    router,
    "userGroup",
    groupGate("userGroupId"),
    {
      settings: `${G}/update/:userGroupId`,
      slideCreate: ["put", `${G}/insert/:userGroupId`],
      slideEdit: `${G}/edit/:userGroupId/:galleryId`,
      slideRemove: ["put", `${G}/remove/:userGroupId/:galleryId`],
      slideReorder: `${G}/reordering/:userGroupId`,
      miniSlideInsert: `${G}/miniSlider/insert/:userGroupId`,
      miniSlideEdit: `${G}/miniSlider/edit/:userGroupId/:galleryId`,
      miniSlideRemove: ["put", `${G}/miniSlider/remove/:userGroupId/:sliderId`],
      miniSlideReorder: `${G}/miniSlider/reordering/:userGroupId`,
      miniCreate: `${G}/miniGallery/create/:userGroupId`,
      miniEdit: `${G}/miniGallery/edit/:userGroupId/:galleryId`,
      miniRemove: `${G}/miniGallery/remove/:userGroupId/:galleryId`,
    },
  );
}
