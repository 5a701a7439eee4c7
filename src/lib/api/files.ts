import type { AxiosInstance } from "axios";
import type { FileDirectory } from "@/shared/files";
import { resumableUpload } from "./resumable-upload";

/** Answer of POST files-api/api/upload/resource-upload (and of a completed resumable upload); the file is then at get/raw/{directory}{uri}. */
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

/**
 * Uploads one file (signed-in users) to `directory`, reporting progress: resumable over tus in 5 MB
 * chunks (src/lib/api/resumable-upload.ts), so a flaky link resumes where it stopped; the answer is
 * POST files-api/api/upload/resource-upload's for the same file.
 */
export async function uploadResource(client: AxiosInstance, file: Blob, directory: FileDirectory, { onProgress, signal }: UploadOptions = {}): Promise<UploadedResource> {
  return resumableUpload<UploadedResource>(client, file, { directory, hash: uploadHash() }, { onProgress, signal });
}
