/**
 * The one multipart/form-data reader of the platform (busboy over the body already in memory): file
 * uploads, the BibTeX import and map layer uploads. It answers the usual failures the same way:
 * not multipart → 415 (with the caller's message), a header busboy refuses or a body cut short → 400
 * (a cut-short body also fails the file's own stream; that error is heard here, since an unheard
 * stream error would end the process), too many files → the caller's error, all files together over
 * `maxTotalBytes` → the caller's error. A file over `limits.fileSize` comes back cut, `truncated: true`,
 * for the caller to refuse with its own limits.
 */
import path from "node:path";
import Busboy from "busboy";
import { AppError } from "./app-error";
import { headerValue } from "./body";
import type { RequestContext } from "./types";

export interface MultipartFile {
  /** The form field the file came in. */
  field: string;
  /** The file's base name as sent (empty when none was sent). */
  fileName: string;
  data: Buffer;
  /** Cut at `limits.fileSize`. */
  truncated: boolean;
}

export interface MultipartBody {
  /** Text fields; the first value wins when a name repeats. */
  fields: Record<string, string>;
  /** The files kept, in the order they were sent. */
  files: MultipartFile[];
}

export interface MultipartOptions {
  /** The 415 message when the body is not multipart/form-data (what to send, and how). */
  notMultipart: string;
  limits: { fileSize: number; files?: number; fields?: number; fieldSize?: number };
  /** Whether to keep a file part (`kept`: files kept so far); the others are read past. Default: all. */
  keepFile?: (field: string, kept: number) => boolean;
  /** When the files kept are together larger than `max`, the answer is `error()`. */
  maxTotalBytes?: { max: number; error: () => AppError };
  /** The answer when more than `limits.files` files are sent (default: the extra files are ignored). */
  tooManyFiles?: () => AppError;
}

const unreadable = (error: unknown) => new AppError("BAD_REQUEST", `The multipart body cannot be read: ${(error as Error).message}`);

export function readMultipart(ctx: RequestContext, options: MultipartOptions): Promise<MultipartBody> {
  const contentType = headerValue(ctx, "content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) return Promise.reject(new AppError("UNSUPPORTED_MEDIA_TYPE", options.notMultipart));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const slots: Array<MultipartFile | null> = [];
    let total = 0;
    let tooLarge = false;
    let failed: AppError | null = null;
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: { "content-type": contentType }, limits: options.limits });
    } catch (error) {
      reject(unreadable(error));
      return;
    }
    busboy.on("field", (name, value) => {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    });
    busboy.on("file", (field, stream, info) => {
      stream.on("error", () => undefined);
      if (options.keepFile && !options.keepFile(field, slots.length)) {
        stream.resume();
        return;
      }
      const slot = slots.length;
      slots.push(null);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (options.maxTotalBytes && total > options.maxTotalBytes.max) tooLarge = true;
        else chunks.push(chunk);
      });
      stream.on("end", () => {
        slots[slot] = {
          field,
          fileName: info.filename ? path.basename(info.filename) : "",
          data: Buffer.concat(chunks),
          truncated: (stream as unknown as { truncated?: boolean }).truncated === true,
        };
      });
    });
    busboy.on("filesLimit", () => {
      if (options.tooManyFiles) failed ??= options.tooManyFiles();
    });
    busboy.on("error", (error) => reject(unreadable(error)));
    busboy.on("close", () => {
      if (failed) reject(failed);
      else if (tooLarge && options.maxTotalBytes) reject(options.maxTotalBytes.error());
      else resolve({ fields, files: slots.filter((f): f is MultipartFile => f !== null) });
    });
    busboy.end(ctx.request.body ?? Buffer.alloc(0));
  });
}
