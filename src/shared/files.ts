/** URLs of files served by the platform's files service (same origin). */
export type FileDirectory = "pages" | "userGroups" | "users" | "myUploads" | "documentSocialPreview" | "traits" | "homePage";

export interface CropOptions {
  w?: number;
  h?: number;
}

/**
 * The sizes (pixels, width or height) the files service renders crops at: a requested size is served
 * at the next one up (the largest for anything above it), so each image has a bounded number of
 * variants. Every size the portal asks for is one of these (tests/unit/crop-sizes.test.ts), so its
 * screens get exactly what they ask for.
 */
export const CROP_SIZES: readonly number[] = [
  10, 16, 24, 32, 40, 48, 56, 64, 72, 80, 96, 100, 112, 128, 144, 160, 192, 224, 256, 300, 320, 330, 384, 416, 480, 512, 600, 640, 720,
  800, 960, 1024, 1280, 1440, 1600, 1920, 2400, 3000,
];

/** The crop size a requested size is served at: the next allowed size up, capped at the largest. */
export function snapCropSize(size: number): number {
  return CROP_SIZES.find((allowed) => allowed >= size) ?? CROP_SIZES[CROP_SIZES.length - 1]!;
}

export function fileRawUrl(directory: FileDirectory, path: string): string {
  return `/files-api/api/get/raw/${directory}${path.startsWith("/") ? path : `/${path}`}`;
}

export function fileCropUrl(directory: FileDirectory, path: string, { w, h }: CropOptions = {}): string {
  const params = new URLSearchParams();
  if (w) params.set("w", String(w));
  if (h) params.set("h", String(h));
  const query = params.toString();
  return `/files-api/api/get/crop/${directory}${path.startsWith("/") ? path : `/${path}`}${query ? `?${query}` : ""}`;
}
