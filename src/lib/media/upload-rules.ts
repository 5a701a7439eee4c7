/**
 * What the page editor lets through before uploading (the files service checks again by content):
 * images jpg/jpeg/png up to 10 MB, the page video picker mp4 only, up to 100 MB.
 */
const MB = 1024 * 1024;

export interface UploadRule {
  /** Lower-case extensions with the dot. */
  extensions: readonly string[];
  mimeTypes: readonly string[];
  maxBytes: number;
  /** The file input's `accept`. */
  accept: string;
}

export const IMAGE_UPLOAD: UploadRule = {
  extensions: [".jpg", ".jpeg", ".png"],
  mimeTypes: ["image/jpeg", "image/png"],
  maxBytes: 10 * MB,
  accept: "image/jpeg,image/png,.jpg,.jpeg,.png",
};

export const PAGE_VIDEO_UPLOAD: UploadRule = {
  extensions: [".mp4"],
  mimeTypes: ["video/mp4"],
  maxBytes: 100 * MB,
  accept: "video/mp4",
};

/** Longest side of an uploaded image, in pixels (spec: scaled to at most 1000 px). */
export const IMAGE_MAX_DIMENSION = 1000;

/** A failure the editor shows: a translation key with its values. */
export class MediaError extends Error {
  constructor(
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = "MediaError";
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * Null when the file may be uploaded; else the reason (wrong type: by extension and, when the browser
 * knows it, MIME type; too large). Both must match: a `.png` named JPEG is fine, a `.gif` is not.
 */
export function checkUploadFile(file: Pick<File, "name" | "type" | "size">, rule: UploadRule): MediaError | null {
  const ext = extensionOf(file.name);
  const typeOk = rule.extensions.includes(ext) && (file.type === "" || rule.mimeTypes.includes(file.type.toLowerCase()));
  if (!typeOk) {
    return new MediaError("editor:upload.wrong_type", { name: file.name, types: rule.extensions.map((e) => e.slice(1).toUpperCase()).join(", ") });
  }
  if (file.size > rule.maxBytes) {
    return new MediaError("editor:upload.too_large", { name: file.name, max: Math.round(rule.maxBytes / MB) });
  }
  if (file.size === 0) return new MediaError("editor:upload.selection_failed");
  return null;
}
