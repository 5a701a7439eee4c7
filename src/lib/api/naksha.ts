import type { AxiosInstance } from "axios";
import type { DownloadFormat, LayerPreview, NakshaLayer } from "@/contracts/naksha-layer";
import type { PlaceMatch } from "@/contracts/place-search";

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

/** POST layer/upload: the metadata (JSON) and the layer's files; administrators. */
export async function uploadLayer(client: AxiosInstance, metadata: object, files: File[], onProgress?: (fraction: number) => void): Promise<NakshaLayer> {
  const form = new FormData();
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }), "metadata.json");
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) form.append(file.name.split(".").pop()?.toLowerCase() || "file", file, file.name);
  const { data } = await client.post<NakshaLayer>(`${L}/upload`, form, {
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(e.loaded / e.total);
    },
  });
  return data;
}

/** POST layer/preview: what the files hold (columns, first rows, extent), nothing stored; administrators. */
export async function previewLayer(client: AxiosInstance, files: File[]): Promise<LayerPreview> {
  const form = new FormData();
  for (const file of files) form.append(file.name.split(".").pop()?.toLowerCase() || "file", file, file.name);
  const { data } = await client.post<LayerPreview>(`${L}/preview`, form);
  return data;
}

/** GET layer/places: states, districts and tahsils of India whose name matches `q` (offline; open). */
export async function findPlaces(client: AxiosInstance, q: string, limit?: number): Promise<PlaceMatch[]> {
  const { data } = await client.get<PlaceMatch[]>(`${L}/places`, { params: { q, ...(limit ? { limit } : {}) } });
  return data;
}
