import crypto from "node:crypto";
import { requireAccount } from "../accounts/account-context";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { AppError } from "../../infra/http/app-error";
import { readMultipart } from "../../infra/http/multipart";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { isFileDirectory, storedFileKey, unknownDirectory } from "../../infra/files/file-storage";
import { UPLOAD_MAX_PIXELS } from "../../infra/files/image-limits";

export type MediaKind = "image" | "video" | "audio";

const MB = 1024 * 1024;
export const UPLOAD_LIMITS: Record<MediaKind, number> = { image: 10 * MB, audio: 20 * MB, video: 100 * MB };
const HASH = /^[A-Za-z0-9_-]{1,64}$/;

export interface SniffedType {
  kind: MediaKind;
  ext: "jpg" | "png" | "mp4" | "mov" | "webm" | "wav" | "mp3";
}

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString("latin1");

/** The media type by the file's first bytes (never by its name); null for anything not accepted. */
export function sniffMedia(b: Buffer): SniffedType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: "image", ext: "jpg" };
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { kind: "image", ext: "png" };
  if (b.length >= 12 && ascii(b, 4, 8) === "ftyp") {
    const brand = ascii(b, 8, 12);
    if (brand === "qt  ") return { kind: "video", ext: "mov" };
    // Still images (HEIF/AVIF) and audio-only MPEG-4 are not accepted as video.
    if (["heic", "heix", "heim", "heis", "hevc", "mif1", "msf1", "avif", "avis", "M4A ", "M4B ", "M4P "].includes(brand)) return null;
    return { kind: "video", ext: "mp4" };
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    return ascii(b, 0, Math.min(b.length, 64)).includes("webm") ? { kind: "video", ext: "webm" } : null;
  }
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE") return { kind: "audio", ext: "wav" };
  if (b.length >= 3 && ascii(b, 0, 3) === "ID3") return { kind: "audio", ext: "mp3" };
  // An MPEG audio frame: 11 sync bits, layer III (bits 01), a valid bitrate.
  if (b.length >= 3 && b[0] === 0xff && (b[1]! & 0xe6) === 0xe2 && (b[2]! & 0xf0) !== 0xf0) return { kind: "audio", ext: "mp3" };
  return null;
}

export interface Multipart {
  fields: Record<string, string>;
  file: { data: Buffer; truncated: boolean } | null;
}

/** Reads the multipart body (already in memory); the `upload` file is cut at the largest limit. */
export async function parseMultipart(ctx: RequestContext): Promise<Multipart> {
  const { fields, files } = await readMultipart(ctx, {
    notMultipart: "Send the upload as multipart/form-data",
    limits: { fileSize: UPLOAD_LIMITS.video, files: 1, fields: 20, fieldSize: 1024 },
    keepFile: (field, kept) => field === "upload" && kept === 0,
  });
  const file = files[0];
  return { fields, file: file ? { data: file.data, truncated: file.truncated } : null };
}

const megabytes = (n: number) => `${Math.round((n / MB) * 10) / 10} MB`;

/**
 * Re-encodes an image: orientation applied (`rotate()`), every metadata block (EXIF with GPS, XMP, IPTC)
 * dropped. More than UPLOAD_MAX_PIXELS is refused (413) from its header, before anything is decoded.
 */
async function cleanImage(data: Buffer, ext: "jpg" | "png"): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  let size: { width?: number; height?: number };
  try {
    // The header only (nothing is decoded): the size is known before the pixel limit applies.
    size = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`);
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0);
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This image is ${size.width} × ${size.height} pixels (${Math.round(pixels / 100_000) / 10} megapixels): images may have at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
      { upload: `editor:upload.too_many_pixels|${JSON.stringify({ max: UPLOAD_MAX_PIXELS / 1_000_000 })}` },
    );
  }
  try {
    const pipeline = sharp(data, { failOn: "error", limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
    return ext === "jpg" ? await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer() : await pipeline.png().toBuffer();
  } catch (error) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`);
  }
}

export interface UploadAnswer {
  hashKey: string;
  fileName: string;
  type: MediaKind;
  uri: string;
  size: number;
  error: null;
  uploaded: true;
}

/** files-api/api/upload/resource-upload (reference §3.4): signed-in users; images, video and audio only. */
export function registerUploadRoutes(router: Router): void {
  router.post("files", "/upload/resource-upload", async (ctx) => {
    const account = await requireAccount(ctx);
    const { fields, file } = await parseMultipart(ctx);
    const hash = fields.hash ?? "";
    if (!HASH.test(hash)) throw new AppError("BAD_REQUEST", "hash must be 1 to 64 letters, digits, '-' or '_'", { hash: FORM_ERRORS.invalid });
    const directory = fields.directory || "pages";
    if (!isFileDirectory(directory)) throw unknownDirectory(directory, { directory: FORM_ERRORS.invalid });
    if (directory === "site" && !account.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may upload to the site directory");
    if (!file || file.data.length === 0) throw new AppError("BAD_REQUEST", "Attach the file as the multipart field \"upload\"", { upload: FORM_ERRORS.required });

    const type = sniffMedia(file.data);
    if (!type) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only JPEG or PNG images, MP4, MOV or WebM videos and WAV or MP3 audio can be uploaded (checked by content, not by name)");
    }
    const limit = UPLOAD_LIMITS[type.kind];
    if (file.truncated || file.data.length > limit) {
      throw new AppError("PAYLOAD_TOO_LARGE", `This ${type.kind} is too large: ${type.kind === "image" ? "images" : type.kind} may be at most ${megabytes(limit)}${file.truncated ? "" : ` (got ${megabytes(file.data.length)})`}`);
    }
    const data = type.kind === "image" ? await cleanImage(file.data, type.ext as "jpg" | "png") : file.data;

    const fileName = `${crypto.randomUUID()}.${type.ext}`;
    await ctx.deps.fileStore.put(storedFileKey(directory, [hash, fileName]), data);
    const answer: UploadAnswer = { hashKey: hash, fileName, type: type.kind, uri: `/${hash}/${fileName}`, size: data.length, error: null, uploaded: true };
    return json(answer, 200, { "cache-control": "no-store" });
  });
}
