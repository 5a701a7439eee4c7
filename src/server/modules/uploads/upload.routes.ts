import { requireAccount } from "../accounts/account-context";
import { json, type Router } from "../../infra/http/router";
import { completeResumableUpload } from "./resumable.service";
import { parseMultipart } from "./upload-media";
import { storeResourceUpload } from "./upload.service";

const NO_STORE = { "cache-control": "no-store" };

/** files-api/api/upload/resource-upload (reference §3.4): signed-in users; images, video and audio only. */
export function registerUploadRoutes(router: Router): void {
  router.post("files", "/upload/resource-upload", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await storeResourceUpload(ctx.deps, account, await parseMultipart(ctx)), 200, NO_STORE);
  });

  // A resumable upload (tus, resumable.handler.ts) whose bytes have all arrived: checked and stored as
  // the multipart endpoints do, answering what they answer (resource-upload's or my-uploads'). Its uploader only.
  router.post("files", "/upload/tus-complete/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await completeResumableUpload(ctx.deps, account, ctx.params.id ?? ""), 200, NO_STORE);
  });
}
