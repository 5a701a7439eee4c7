import type { AxiosInstance } from "axios";
import type { FileDirectory } from "@/lib/files";

/** What `POST files-api/api/upload/resource-upload` answers; `uri` is `/<hash>/<file>` inside the directory. */
export interface UploadedResource {
  hashKey: string;
  fileName: string;
  type: "image" | "video" | "audio";
  uri: string;
  size: number;
}

function uploadHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `ibpmu-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * POST files-api/api/upload/resource-upload (signed in): stores an image, video or audio file in
 * `directory`; `onProgress` gets 0–100 while the file travels.
 */
export async function uploadResource(
  client: AxiosInstance,
  file: File,
  directory: FileDirectory,
  onProgress?: (percent: number) => void,
): Promise<UploadedResource> {
  const body = new FormData();
  body.append("hash", uploadHash());
  body.append("directory", directory);
  body.append("resource", "true");
  body.append("upload", file);
  const { data } = await client.post<UploadedResource>("files-api/api/upload/resource-upload", body, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data;
}
