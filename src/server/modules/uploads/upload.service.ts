/**
 * Resource uploads (images, video, audio of pages, groups and the site): checked by content and size,
 * images re-encoded without their metadata, then stored under `<directory>/<hash>/<uuid>.<ext>`.
 */
import crypto from "node:crypto";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { resourceUploadSchema } from "@/contracts/upload.schema";
import type { Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { FILE_DIRECTORIES, storedFileKey } from "../../infra/files/file-storage";
import { UPLOAD_MAX_PIXELS } from "../../infra/files/image-limits";
import { MB, sniffMedia, UPLOAD_LIMITS, type MediaKind, type Multipart } from "./upload-media";

/** The text fields of a resource upload (the contract), in this files store. */
const uploadFieldsSchema = resourceUploadSchema(FILE_DIRECTORIES);

const megabytes = (n: number) => `${Math.round((n / MB) * 10) / 10} MB`;

/** The reasons of refused content, as the forms translate them (fieldErrors of the answer). */
export const UPLOAD_REFUSALS = { wrongType: { upload: "editor:upload.wrong_type_server" }, tooLarge: { upload: "editor:upload.too_large_server" } } as const;

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
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`, { ...UPLOAD_REFUSALS.wrongType });
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
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`, { ...UPLOAD_REFUSALS.wrongType });
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

/** Stores a resource upload of a signed-in user; only admins may upload to the `site` directory. */
export async function storeResourceUpload(deps: PlatformDeps, account: Account, { fields, file }: Multipart): Promise<UploadAnswer> {
  const { hash, directory } = await validateWith(uploadFieldsSchema, fields);
  if (directory === "site" && !account.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may upload to the site directory");
  if (!file || file.data.length === 0) throw new AppError("BAD_REQUEST", "Attach the file as the multipart field \"upload\"", { upload: FORM_ERRORS.required });

  const type = sniffMedia(file.data);
  if (!type) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Only JPEG or PNG images, MP4, MOV or WebM videos and WAV or MP3 audio can be uploaded (checked by content, not by name)",
      { ...UPLOAD_REFUSALS.wrongType },
    );
  }
  const limit = UPLOAD_LIMITS[type.kind];
  if (file.truncated || file.data.length > limit) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This ${type.kind} is too large: ${type.kind === "image" ? "images" : type.kind} may be at most ${megabytes(limit)}${file.truncated ? "" : ` (got ${megabytes(file.data.length)})`}`,
      { ...UPLOAD_REFUSALS.tooLarge },
    );
  }
  const data = type.kind === "image" ? await cleanImage(file.data, type.ext as "jpg" | "png") : file.data;

  const fileName = `${crypto.randomUUID()}.${type.ext}`;
  await deps.fileStore.put(storedFileKey(directory, [hash, fileName]), data);
  return { hashKey: hash, fileName, type: type.kind, uri: `/${hash}/${fileName}`, size: data.length, error: null, uploaded: true };
}
