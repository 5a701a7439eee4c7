import { optionalAccount, requireAccount } from "../accounts/account-context";
import { readJsonBody, readJsonValueBody } from "../../infra/http/body";
import { parseChoice, parseId, parseLanguageId, parseOptionalId, parseOptionalLanguageId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { PlatformResponse } from "../../infra/http/types";
import { createPage, deletePage, removeGalleryItem, updatePage, updateTree } from "./page-write.service";
import { getPage, getPageTree, mayEditGroupPages, type PageFormat } from "./page.service";

const FORMATS: readonly PageFormat[] = ["minimal", "full"];
const NO_STORE = { "cache-control": "no-store" };


function jsonBoolean(value: boolean): PlatformResponse {
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE }, body: JSON.stringify(value) };
}

/** pages-api/api/v1/page/... (reference §3.3) */
export function registerPageRoutes(router: Router): void {
  router.get("pages", "/v1/page/tree", async ({ request, deps }) => {
    const userGroupId = parseOptionalId(queryValue(request.query, "userGroupId"), "userGroupId");
    const languageId = parseLanguageId(queryValue(request.query, "languageId"));
    return json(await getPageTree(deps.db, userGroupId, languageId));
  });

  router.get("pages", "/v1/page/:id", async ({ request, params, deps }) => {
    const id = parseId(params.id, "id");
    const format = parseChoice(queryValue(request.query, "format"), "format", FORMATS, "minimal");
    const languageId = parseOptionalLanguageId(queryValue(request.query, "languageId"));
    return json(await getPage(deps.db, id, format, languageId));
  });

  // Writes: signed-in (401), allowed for the page's group (403), valid body (400 VALIDATION_FAILED).
  router.post("pages", "/v1/page", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await createPage(ctx.deps.db, account, readJsonBody(ctx)), 200, NO_STORE);
  });

  router.put("pages", "/v1/page", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await updatePage(ctx.deps.db, account, readJsonBody(ctx)), 200, NO_STORE);
  });

  router.delete("pages", "/v1/page/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await deletePage(ctx.deps.db, account, parseId(ctx.params.id, "id")), 200, NO_STORE);
  });

  router.put("pages", "/v1/page/updateTree", async (ctx) => {
    const account = await requireAccount(ctx);
    const languageId = parseOptionalLanguageId(queryValue(ctx.request.query, "languageId"));
    return json(await updateTree(ctx.deps.db, account, readJsonValueBody(ctx), languageId), 200, NO_STORE);
  });

  router.put("pages", "/v1/page/gallery/remove/:pageId/:galleryId", async (ctx) => {
    const account = await requireAccount(ctx);
    const pageId = parseId(ctx.params.pageId, "pageId");
    const galleryId = parseId(ctx.params.galleryId, "galleryId");
    return json(await removeGalleryItem(ctx.deps.db, account, pageId, galleryId), 200, NO_STORE);
  });

  // Whether the caller may write the pages of a group (false for visitors); 404 for an unknown group.
  router.get("userGroup", "/v1/group/enable/edit/:groupId", async (ctx) => {
    const groupId = parseId(ctx.params.groupId, "groupId");
    return jsonBoolean(await mayEditGroupPages(ctx.deps.db, await optionalAccount(ctx), groupId));
  });
}
