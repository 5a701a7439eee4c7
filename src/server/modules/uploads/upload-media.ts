/**
 * What an uploaded file is, by its first bytes (never by its name), how large it may be, and the
 * multipart body it comes in. Pure helpers of the upload routes (and of the body limits in app/).
 */
import { readMultipart } from "../../infra/http/multipart";
import type { RequestContext } from "../../infra/http/types";

export type MediaKind = "image" | "video" | "audio";

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS: Record<MediaKind, number> = { image: 10 * MB, audio: 20 * MB, video: 100 * MB };
export const PDF_LIMIT = 50 * MB;
/** A path of my-uploads as its answers give it: `/<hash>/<uuid>.<ext>`. */
export const MY_UPLOAD_PATH = /^\/[A-Za-z0-9_-]{1,64}\/[0-9a-f-]{36}\.(pdf|mp4|mov|webm)$/;

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

/** A PDF or a video by its first bytes (documents' files); null otherwise. */
export function sniffDocument(b: Buffer): { ext: "pdf" | "mp4" | "mov" | "webm"; limit: number } | null {
  // "%PDF-" within the first 1024 bytes, as readers accept.
  if (b.subarray(0, 1024).includes(Buffer.from("%PDF-"))) return { ext: "pdf", limit: PDF_LIMIT };
  const media = sniffMedia(b);
  if (media?.kind === "video") return { ext: media.ext as "mp4" | "mov" | "webm", limit: UPLOAD_LIMITS.video };
  return null;
}
