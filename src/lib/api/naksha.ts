import type { AxiosInstance } from "axios";
import type { DownloadFormat, LayerPreview, NakshaLayer } from "@/contracts/naksha-layer";
import type { PlaceMatch } from "@/contracts/place-search";
import { ApiError } from "./api-error";
import { sendResumable, type SentUpload } from "./resumable-upload";

const L = "nakshaIntegrator-api/api/layer";

/** GET layer/all: published layers (administrators also get unpublished ones). */
export async function fetchLayers(client: AxiosInstance): Promise<NakshaLayer[]> {
  const { data } = await client.get<NakshaLayer[]>(`${L}/all`);
  return data;
}

/** PUT layer/active/{id} (publish) or layer/pending/{id} (unpublish); administrators. */
export async function setLayerPublished(client: AxiosInstance, id: number, published: boolean): Promise<NakshaLayer> {
  const { data } = await client.put<NakshaLayer>(`${L}/${published ? "active" : "pending"}/${id}`);
  return data;
}

/** DELETE layer/{id}; administrators. */
export async function deleteLayer(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`${L}/${id}`);
}

/** POST layer/download: the layer as a file (GeoJSON, zipped Shapefile or CSV). */
export async function downloadLayer(client: AxiosInstance, layer: Pick<NakshaLayer, "name" | "title">, format: DownloadFormat): Promise<Blob> {
  const { data } = await client.post<Blob>(
    `${L}/download`,
    { layerName: layer.name, layerTitle: layer.title, attributeList: [], filterArray: [], format },
    { responseType: "blob" },
  );
  return data;
}

/** Layer files already on the server (sent over tus for a preview), kept for the upload of the same files. */
const sentLayerFiles = new WeakMap<File, SentUpload>();

/**
 * Sends the files of a layer over tus (resumable, one after the other; those sent for an earlier
 * preview are not sent again) and answers their ids in the files' order.
 */
async function sendLayerFiles(client: AxiosInstance, files: File[], onProgress?: (fraction: number) => void): Promise<SentUpload[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let before = 0;
  const sent: SentUpload[] = [];
  for (const file of files) {
    let upload = sentLayerFiles.get(file);
    if (!upload) {
      const done = before;
      upload = await sendResumable(client, file, { layer: "1" }, { onProgress: onProgress ? (f) => onProgress(Math.min(1, (done + f * file.size) / total)) : undefined });
      sentLayerFiles.set(file, upload);
    }
    sent.push(upload);
    before += file.size;
  }
  onProgress?.(1);
  return sent;
}

/**
 * Calls `post` with the ids of the layer's files; when the server no longer has one (swept after a day,
 * or used by an earlier upload), sends the files again once.
 */
async function withLayerFiles<T>(client: AxiosInstance, files: File[], onProgress: ((fraction: number) => void) | undefined, post: (ids: string[]) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const sent = await sendLayerFiles(client, files, onProgress);
    try {
      return await post(sent.map((upload) => upload.id));
    } catch (error) {
      const status = ApiError.from(error).status;
      if (attempt > 0 || (status !== 404 && status !== 409 && status !== 410)) throw error;
      for (const file of files) sentLayerFiles.delete(file);
    }
  }
}

/**
 * POST layer/upload: the metadata and the layer's files (administrators). The files go first over tus
 * (resumable, src/lib/api/resumable-upload.ts), then the layer names them: `{metadata, uploads: [ids]}`.
 */
export async function uploadLayer(client: AxiosInstance, metadata: object, files: File[], onProgress?: (fraction: number) => void): Promise<NakshaLayer> {
  const layer = await withLayerFiles(client, files, onProgress, async (uploads) => (await client.post<NakshaLayer>(`${L}/upload`, { metadata, uploads })).data);
  // Used up by the layer: the server has removed them.
  await Promise.all(
    files.map(async (file) => {
      await sentLayerFiles.get(file)?.forget();
      sentLayerFiles.delete(file);
    }),
  );
  return layer;
}

/** POST layer/preview: what the files hold (columns, first rows, extent), nothing stored; administrators. The files stay on the server for the upload. */
export async function previewLayer(client: AxiosInstance, files: File[]): Promise<LayerPreview> {
  return withLayerFiles(client, files, undefined, async (uploads) => (await client.post<LayerPreview>(`${L}/preview`, { uploads })).data);
}

/** GET layer/places: states, districts and tahsils of India whose name matches `q` (offline; open). */
export async function findPlaces(client: AxiosInstance, q: string, limit?: number): Promise<PlaceMatch[]> {
  const { data } = await client.get<PlaceMatch[]>(`${L}/places`, { params: { q, ...(limit ? { limit } : {}) } });
  return data;
}
