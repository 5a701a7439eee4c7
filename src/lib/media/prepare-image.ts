import { IMAGE_MAX_DIMENSION, MediaError } from "./upload-rules";

/**
 * Scales an image to at most IMAGE_MAX_DIMENSION px on its long side, with its EXIF orientation
 * applied, before upload (browser only). browser-image-compression is loaded on first use, and runs
 * without its web worker, which would fetch the library from a CDN.
 */
export async function prepareImage(file: File, { signal }: { signal?: AbortSignal } = {}): Promise<File> {
  if (typeof window === "undefined") throw new Error("prepareImage runs in the browser only");
  let compress: (typeof import("browser-image-compression"))["default"];
  try {
    compress = (await import("browser-image-compression")).default;
  } catch {
    throw new MediaError("editor:upload.failed");
  }
  try {
    const out = await compress(file, {
      maxWidthOrHeight: IMAGE_MAX_DIMENSION,
      // Under the files service's 10 MB image limit.
      maxSizeMB: 9,
      initialQuality: 0.9,
      useWebWorker: false,
      preserveExif: false,
      signal,
    });
    // Keep the original name (the library may return a Blob-like File without one).
    return out.name === file.name ? out : new File([out], file.name, { type: out.type || file.type, lastModified: file.lastModified });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MediaError("editor:upload.unsupported_browser");
  }
}
