import type { Translate } from "next-translate";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { translateMessage } from "@/lib/api/error-message";
import { uploadResource, type UploadedResource } from "@/lib/api/files";
import { prepareImage } from "@/lib/media/prepare-image";
import { checkUploadFile, IMAGE_UPLOAD, MediaError, PAGE_VIDEO_UPLOAD } from "@/lib/media/upload-rules";

export type PageUploadKind = "image" | "video";

/**
 * One file of the page form to the files service (`pages` directory): checked for type and size
 * first, images scaled to at most 1000 px with orientation applied. Throws MediaError or ApiError.
 */
export async function uploadPageFile(file: File, kind: PageUploadKind, onProgress?: (fraction: number) => void): Promise<UploadedResource> {
  const problem = checkUploadFile(file, kind === "image" ? IMAGE_UPLOAD : PAGE_VIDEO_UPLOAD);
  if (problem) throw problem;
  const ready = kind === "image" ? await prepareImage(file) : file;
  return uploadResource(getBrowserClient(), ready, "pages", { onProgress });
}

/** The translated reason an upload failed ('Upload failed' when nothing more precise is known). */
export function uploadErrorMessage(t: Translate, error: unknown): string {
  if (error instanceof MediaError) return t(error.key, error.values);
  const e = ApiError.from(error);
  // An image with too many pixels says so (`editor:upload.too_many_pixels`); other 413s are about bytes.
  if (e.status === 413) return (e.fieldErrors?.upload && translateMessage(t, e.fieldErrors.upload)) || t("editor:upload.too_large_server");
  if (e.status === 415) return t("editor:upload.wrong_type_server");
  if (e.status === 401) return t("auth:codes.unauthorized");
  return t("editor:upload.failed");
}
