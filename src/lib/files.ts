/** URLs of files served by the platform's files service (same origin). */
export type FileDirectory = "pages" | "userGroups" | "users" | "myUploads" | "documentSocialPreview" | "traits" | "homePage";

export interface CropOptions {
  w?: number;
  h?: number;
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
