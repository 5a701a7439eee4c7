/**
 * files-api/api/upload/my-uploads and remove-file (reference §3.4): a signed-in user's document files
 * (PDF and video, accepted by their first bytes), kept in `myUploads/<hash>/<uuid>.<ext>` and listed in
 * `my_upload` until removed. A file a document uses cannot be removed.
 */
import crypto from "node:crypto";
import type { MyUpload } from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { requireAccount } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { queryValue } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import { storedFileKey } from "../../infra/files/file-storage";
import { parseMultipart, sniffMedia, UPLOAD_LIMITS } from "./upload";

const MB = 1024 * 1024;
export const PDF_LIMIT = 50 * MB;
const HASH = /^[A-Za-z0-9_-]{1,64}$/;
const MODULES = ["document"] as const;
export const MY_UPLOAD_PATH = /^\/[A-Za-z0-9_-]{1,64}\/[0-9a-f-]{36}\.(pdf|mp4|mov|webm)$/;

const MIME: Record<string, string> = { pdf: "application/pdf", mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** A PDF or a video by its first bytes; null otherwise. */
export function sniffDocument(b: Buffer): { ext: "pdf" | "mp4" | "mov" | "webm"; limit: number } | null {
  // "%PDF-" within the first 1024 bytes, as readers accept.
  if (b.subarray(0, 1024).includes(Buffer.from("%PDF-"))) return { ext: "pdf", limit: PDF_LIMIT };
  const media = sniffMedia(b);
  if (media?.kind === "video") return { ext: media.ext as "mp4" | "mov" | "webm", limit: UPLOAD_LIMITS.video };
  return null;
}

interface MyUploadRow {
  path: string;
  file_name: string;
  mime_type: string;
  size: string | number;
  created_on: Date;
}

const toUpload = (r: MyUploadRow): MyUpload => ({
  hashKey: r.path.split("/")[1] ?? "",
  fileName: r.file_name,
  type: r.mime_type,
  path: r.path,
  dateCreated: r.created_on.toISOString(),
  dateUploaded: r.created_on.toISOString(),
  fileSize: Number(r.size),
});

/** The upload at `path` if `userId` made it (any user's for admins); null otherwise. */
export function findMyUpload(db: Queryable, filePath: string): Promise<(MyUploadRow & { user_id: number }) | null> {
  return db.maybeOne("select path, file_name, mime_type, size, created_on, user_id from my_upload where path = $1", [filePath]);
}

export function registerMyUploadRoutes(router: Router): void {
  router.post("files", "/upload/my-uploads", async (ctx) => {
    const account = await requireAccount(ctx);
    const { fields, file } = await parseMultipart(ctx);
    const hash = fields.hash ?? "";
    if (!HASH.test(hash)) throw new AppError("BAD_REQUEST", "hash must be 1 to 64 letters, digits, '-' or '_'", { hash: FORM_ERRORS.invalid });
    const moduleName = fields.module || "document";
    if (!(MODULES as readonly string[]).includes(moduleName)) throw new AppError("BAD_REQUEST", `module must be one of ${MODULES.join(", ")}`, { module: FORM_ERRORS.invalid });
    if (!file || file.data.length === 0) throw new AppError("BAD_REQUEST", "Attach the file as the multipart field \"upload\"", { upload: FORM_ERRORS.required });
    const type = sniffDocument(file.data);
    if (!type) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only PDF files and MP4, MOV or WebM videos can be uploaded as documents (checked by content, not by name)");
    if (file.truncated || file.data.length > type.limit) {
      throw new AppError("PAYLOAD_TOO_LARGE", `This file is too large: ${type.ext === "pdf" ? "PDF files" : "videos"} may be at most ${type.limit / MB} MB`);
    }
    const fileName = `${crypto.randomUUID()}.${type.ext}`;
    await ctx.deps.fileStore.put(storedFileKey("myUploads", [hash, fileName]), file.data);
    const row = await ctx.deps.db.one<MyUploadRow>(
      `insert into my_upload (user_id, module, path, file_name, mime_type, size) values ($1, $2, $3, $4, $5, $6)
       returning path, file_name, mime_type, size, created_on`,
      [account.id, moduleName, `/${hash}/${fileName}`, fileName, MIME[type.ext]!, file.data.length],
    );
    return json(toUpload(row), 200, { "cache-control": "no-store" });
  });

  router.get("files", "/upload/my-uploads", async (ctx) => {
    const account = await requireAccount(ctx);
    const moduleName = queryValue(ctx.request.query, "module") ?? "document";
    const rows = await ctx.deps.db.query<MyUploadRow>(
      `select path, file_name, mime_type, size, created_on from my_upload m
        where user_id = $1 and module = $2
          and not exists (select 1 from document d where d.file_path = m.path and not d.is_deleted)
        order by created_on desc limit 100`,
      [account.id, moduleName],
    );
    return json(rows.map(toUpload), 200, { "cache-control": "no-store" });
  });

  router.post("files", "/upload/remove-file", async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    const filePath = typeof body.path === "string" ? body.path : "";
    if (!MY_UPLOAD_PATH.test(filePath)) throw new AppError("BAD_REQUEST", "path must be a path of my-uploads (/<hash>/<name>)", { path: FORM_ERRORS.invalid });
    const row = await findMyUpload(ctx.deps.db, filePath);
    if (!row || (row.user_id !== account.id && !account.isAdmin)) throw notFound(`No upload of yours at ${filePath}`);
    const used = await ctx.deps.db.maybeOne("select 1 as x from document where file_path = $1 and not is_deleted", [filePath]);
    if (used) throw new AppError("CONFLICT", "A document uses this file; delete the document first");
    await ctx.deps.db.query("delete from my_upload where path = $1", [filePath]);
    await ctx.deps.fileStore.delete(storedFileKey("myUploads", filePath.split("/").slice(1)));
    return jsonText("true", 200, { "cache-control": "no-store" });
  });
}
