/**
 * files-api/api/upload/my-uploads and remove-file (reference §3.4): a signed-in user's document files.
 * Rules in my-uploads.service.ts.
 */
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { queryValue } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import { parseMultipart } from "./upload-media";
import { addMyUpload, listMyUploads, removeMyUpload } from "./my-uploads.service";

const NO_STORE = { "cache-control": "no-store" };

export function registerMyUploadRoutes(router: Router): void {
  router.post("files", "/upload/my-uploads", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await addMyUpload(ctx.deps, account, await parseMultipart(ctx)), 200, NO_STORE);
  });

  router.get("files", "/upload/my-uploads", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await listMyUploads(ctx.deps, account, queryValue(ctx.request.query, "module") ?? "document"), 200, NO_STORE);
  });

  router.post("files", "/upload/remove-file", async (ctx) => {
    const account = await requireAccount(ctx);
    return jsonText(JSON.stringify(await removeMyUpload(ctx.deps, account, readJsonBody(ctx))), 200, NO_STORE);
  });
}
