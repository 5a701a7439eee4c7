import { parseCount, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { readJsonBody } from "../../infra/http/body";
import { requireAccount } from "../accounts/account-context";
import { addPageComment, listPageComments } from "./page-comment.service";

/** pages-api POST v1/page/add/comment (signed-in) and activity-api GET v1/service/ibp/page/{pageId} (open). */
export function registerPageCommentRoutes(router: Router): void {
  router.post("pages", "/v1/page/add/comment", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await addPageComment(ctx.deps.db, account, readJsonBody(ctx)), 200, { "cache-control": "no-store" });
  });

  router.get("activity", "/v1/service/ibp/page/:pageId", async (ctx) => {
    const pageId = parseId(ctx.params.pageId, "pageId");
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 10, 100);
    return json(await listPageComments(ctx.deps.db, pageId, offset, limit), 200, { "cache-control": "no-store" });
  });
}
