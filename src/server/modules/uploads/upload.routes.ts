import { requireAccount } from "../accounts/account-context";
import { json, type Router } from "../../infra/http/router";
import { parseMultipart } from "./upload-media";
import { storeResourceUpload } from "./upload.service";

/** files-api/api/upload/resource-upload (reference §3.4): signed-in users; images, video and audio only. */
export function registerUploadRoutes(router: Router): void {
  router.post("files", "/upload/resource-upload", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await storeResourceUpload(ctx.deps, account, await parseMultipart(ctx)), 200, { "cache-control": "no-store" });
  });
}
