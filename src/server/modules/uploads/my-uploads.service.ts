/**
 * A signed-in user's document files (PDF and video, accepted by their first bytes), kept in
 * `myUploads/<hash>/<uuid>.<ext>` and listed in `my_upload` until removed. A file a document uses
 * cannot be removed; only its uploader (or an admin) may remove it.
 */
import crypto from "node:crypto";
import type { MyUpload } from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { myUploadSchema, removeMyUploadSchema } from "@/contracts/upload.schema";
import type { Account } from "../accounts/account-context";
import { AppError, notFound } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { storedFileKey } from "../../infra/files/file-storage";
import { MB, sniffDocument, type Multipart } from "./upload-media";
import { deleteMyUpload, findMyUpload, insertMyUpload, listUnusedUploads, uploadInUse } from "./my-uploads.repository";

const MIME: Record<string, string> = { pdf: "application/pdf", mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** Checks (the upload contract) and stores an upload of the caller's (multipart fields `hash`, `module`, file `upload`). */
export async function addMyUpload(deps: PlatformDeps, account: Account, { fields, file }: Multipart): Promise<MyUpload> {
  const { hash, module: moduleName } = await validateWith(myUploadSchema, fields);
  if (!file || file.data.length === 0) throw new AppError("BAD_REQUEST", "Attach the file as the multipart field \"upload\"", { upload: FORM_ERRORS.required });
  const type = sniffDocument(file.data);
  if (!type) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only PDF files and MP4, MOV or WebM videos can be uploaded as documents (checked by content, not by name)", {
      upload: "document:errors.file_type",
    });
  }
  if (file.truncated || file.data.length > type.limit) {
    throw new AppError("PAYLOAD_TOO_LARGE", `This file is too large: ${type.ext === "pdf" ? "PDF files" : "videos"} may be at most ${type.limit / MB} MB`, {
      upload: "editor:upload.too_large_server",
    });
  }
  const fileName = `${crypto.randomUUID()}.${type.ext}`;
  await deps.fileStore.put(storedFileKey("myUploads", [hash, fileName]), file.data);
  return insertMyUpload(deps.db, { userId: account.id, module: moduleName, path: `/${hash}/${fileName}`, fileName, mimeType: MIME[type.ext]!, size: file.data.length });
}

/** The caller's uploads of a module that no document uses yet. */
export function listMyUploads(deps: PlatformDeps, account: Account, moduleName: string): Promise<MyUpload[]> {
  return listUnusedUploads(deps.db, account.id, moduleName);
}

/** Removes an upload of the caller's (body `{path}`; any for admins): 404 when it is not theirs, 409 while a document uses it. */
export async function removeMyUpload(deps: PlatformDeps, account: Account, body: unknown): Promise<true> {
  const { path: filePath } = await validateWith(removeMyUploadSchema, body);
  const row = await findMyUpload(deps.db, filePath);
  if (!row || (row.user_id !== account.id && !account.isAdmin)) throw notFound(`No upload of yours at ${filePath}`);
  if (await uploadInUse(deps.db, filePath)) throw new AppError("CONFLICT", "A document uses this file; delete the document first");
  await deleteMyUpload(deps.db, filePath);
  await deps.fileStore.delete(storedFileKey("myUploads", filePath.split("/").slice(1)));
  return true;
}
