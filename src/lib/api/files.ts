import type { AxiosInstance } from "axios";
import type { FileDirectory } from "@/shared/files";

/** Answer of POST files-api/api/upload/resource-upload; the file is then at get/raw/{directory}{uri}. */
export interface UploadedResource {
  hashKey: string;
  fileName: string;
  type: "image" | "video" | "audio";
  /** `/<hash>/<uuid>.<ext>` */
  uri: string;
  size: number;
  error: string | null;
  uploaded: boolean;
}

export interface UploadOptions {
  /** Share of the bytes sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A random `hash` as the platform accepts it (`[A-Za-z0-9_-]{1,64}`): the upload's folder. */
export function uploadHash(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `ibpmu-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Uploads one file (signed-in users; multipart `upload`, `hash`, `directory`), reporting progress. */
export async function uploadResource(client: AxiosInstance, file: Blob, directory: FileDirectory, { onProgress, signal }: UploadOptions = {}): Promise<UploadedResource> {
  const form = new FormData();
  form.append("hash", uploadHash());
  form.append("directory", directory);
  form.append("upload", file, file instanceof File ? file.name : "upload");
  const { data } = await client.post<UploadedResource>("files-api/api/upload/resource-upload", form, {
    signal,
    // Large videos take longer than the client's usual 15 s.
    timeout: 10 * 60_000,
    onUploadProgress: onProgress ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0) : undefined,
  });
  return data;
}
