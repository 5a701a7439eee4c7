/**
 * Completing a resumable upload (`POST files-api/api/upload/tus-complete/{id}`): once every byte has
 * arrived over tus, the same checks and storing as the multipart endpoints run on the file — sniffing
 * by content, size limits, images re-encoded without their metadata (upload.service.ts), a member's
 * document file listed in `my_upload` (my-uploads.service.ts) — and the answer is theirs. The answer is
 * kept (partial-uploads.ts), so completing again (a lost answer, a retry) gives the same one and
 * stores nothing twice.
 */
import fs from "node:fs/promises";
import type { MyUpload } from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import type { Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { addMyUpload } from "./my-uploads.service";
import { findPartialUpload, partialUploadsDir, readCompleted, removePartialUpload, saveCompleted, type PartialUpload } from "./partial-uploads";
import { readResumableMetadata, RESUMABLE_EXPIRY_MS, RESUMABLE_ID, RESUMABLE_PATH } from "./resumable-rules";
import { storeResourceUpload, type UploadAnswer } from "./upload.service";

const notYours = (id: string) =>
  new AppError("NOT_FOUND", `No upload ${id} of yours: it was never created by you, or it expired (${RESUMABLE_EXPIRY_MS / 3_600_000} h after its creation)`, {
    upload: "editor:upload.failed",
  });

/** Completions under way in this process, so two calls for one upload store it once. */
const running = new Map<string, Promise<ResumableAnswer>>();

/** What the multipart endpoint of the upload's target answers. */
export type ResumableAnswer = UploadAnswer | MyUpload;

/**
 * The answer of the upload `id` of the caller: POST upload/resource-upload's (`directory`) or POST
 * upload/my-uploads' (`module`). 404 when it is not the caller's (or is gone), 409 while bytes are
 * missing, and what the multipart endpoint answers for its content (400, 403, 413, 415).
 */
export async function completeResumableUpload(deps: PlatformDeps, account: Account, id: string): Promise<ResumableAnswer> {
  if (!RESUMABLE_ID.test(id)) throw notYours(id);
  // Keyed by caller too: another member's call never waits on (or learns from) this one.
  const key = `${partialUploadsDir(deps)}\u0000${id}\u0000${account.id}`;
  let completion = running.get(key);
  if (!completion) {
    completion = complete(deps, account, id).finally(() => running.delete(key));
    running.set(key, completion);
  }
  return completion;
}

async function complete(deps: PlatformDeps, account: Account, id: string): Promise<ResumableAnswer> {
  const dir = partialUploadsDir(deps);
  const done = await readCompleted<ResumableAnswer>(dir, id);
  if (done) {
    if (done.owner !== account.id) throw notYours(id);
    return done.answer;
  }
  const upload = await findPartialUpload(dir, id);
  if (!upload || upload.owner !== account.id) throw notYours(id);
  if (Date.now() - upload.createdAt > RESUMABLE_EXPIRY_MS) {
    throw new AppError("GONE", "This upload expired before it was complete; upload the file again", { upload: "editor:upload.failed" });
  }
  if (upload.offset < upload.size) {
    throw new AppError("CONFLICT", `This upload is not complete: ${upload.offset} of ${upload.size} bytes have arrived; send the rest first`);
  }
  const metadata = readResumableMetadata(upload.metadata);
  if ("problem" in metadata) throw new AppError("BAD_REQUEST", metadata.problem, { upload: FORM_ERRORS.invalid });
  if (metadata.kind === "layerFile") {
    throw new AppError("BAD_REQUEST", "A map layer's file is not completed on its own: name its id in `uploads` of nakshaIntegrator-api/api/layer/upload (or preview)");
  }

  const data = await fs.readFile(upload.file);
  const multipart = { fields: metadata.fields, file: { data, truncated: false } };
  let answer: ResumableAnswer;
  try {
    answer = metadata.kind === "resource" ? await storeResourceUpload(deps, account, multipart) : await addMyUpload(deps, account, multipart);
  } catch (error) {
    // Refused for what it is (content, size, fields): sending it again changes nothing, so it goes now.
    if (error instanceof AppError && error.status >= 400 && error.status < 500) await removePartialUpload(dir, id);
    throw error;
  }
  await saveCompleted(dir, id, { owner: account.id, answer });
  await removePartialUpload(dir, id);
  return answer;
}

/** At most this many files make one layer (as the multipart layer upload). */
const MAX_LAYER_FILES = 30;

export interface LayerFiles {
  /** Each file's name (as the client named it) and bytes. */
  files: { name: string; data: Buffer }[];
  /** Removes the partial uploads (once the layer is stored). */
  release(): Promise<void>;
}

/**
 * The files of a map layer sent ahead over tus (`layer` uploads of the caller, every byte there), by
 * their ids (`uploads` of `layer/upload` and `layer/preview`): 400 for a list that is not 1 to 30 ids,
 * 404 for an id that is not the caller's layer file, 409 while bytes are missing, 413 past `maxBytes`
 * together. They stay until `release()` (a preview and then the upload use the same files) or the sweep.
 */
export async function takeLayerFiles(deps: PlatformDeps, account: Account, ids: unknown, maxBytes: number): Promise<LayerFiles> {
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_LAYER_FILES || ids.some((id) => typeof id !== "string" || !RESUMABLE_ID.test(id)) || new Set(ids).size !== ids.length) {
    throw new AppError("BAD_REQUEST", `\`uploads\` must list the ids of 1 to ${MAX_LAYER_FILES} files sent over ${RESUMABLE_PATH}`, { files: FORM_ERRORS.invalid });
  }
  const dir = partialUploadsDir(deps);
  const uploads: { upload: PartialUpload; name: string }[] = [];
  for (const id of ids as string[]) {
    const upload = await findPartialUpload(dir, id);
    const metadata = upload ? readResumableMetadata(upload.metadata) : null;
    if (!upload || upload.owner !== account.id || !metadata || "problem" in metadata || metadata.kind !== "layerFile") throw notYours(id);
    if (Date.now() - upload.createdAt > RESUMABLE_EXPIRY_MS) throw new AppError("GONE", `The upload ${id} expired; send the file again`);
    if (upload.offset < upload.size) throw new AppError("CONFLICT", `The upload ${id} is not complete: ${upload.offset} of ${upload.size} bytes have arrived`);
    uploads.push({ upload, name: metadata.filename.split(/[\\/]/).pop() || `file-${uploads.length + 1}` });
  }
  const total = uploads.reduce((sum, { upload }) => sum + upload.size, 0);
  if (total > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A layer's files may be at most ${maxBytes / 1024 / 1024} MB together`, { files: "editor:upload.too_large_server" });
  }
  const files = await Promise.all(uploads.map(async ({ upload, name }) => ({ name, data: await fs.readFile(upload.file) })));
  return {
    files,
    release: async () => {
      await Promise.all(uploads.map(({ upload }) => removePartialUpload(dir, upload.id)));
    },
  };
}
