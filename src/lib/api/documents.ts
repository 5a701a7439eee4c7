/** document-api (reference §3.6), files-api my-uploads and the document activity, over the one API client. */
import type { AxiosInstance } from "axios";
import type { ActivityEntry, ActivityEntryList } from "@/contracts/activity";
import type { DocumentDownloadLog } from "@/contracts/download-log";
import type { RecordLabel, RecordLabelsInput } from "@/contracts/local-contexts";
import type {
  DocumentCreateData,
  DocumentEditData,
  DocumentGroup,
  DocumentListResponse,
  DocumentPermissions,
  DocumentTag,
  FlagShow,
  MyUpload,
  ShowDocument,
} from "@/contracts/document";
import { resumableUpload } from "./resumable-upload";

const DOC = "document-api/api/v1/services";

export type DocumentQueryParams = Record<string, string | number | string[] | undefined>;

export async function listDocuments(client: AxiosInstance, params: DocumentQueryParams): Promise<DocumentListResponse> {
  const { data } = await client.post<DocumentListResponse>(`${DOC}/list/document/_doc`, {}, { params, skipAuth: true });
  return data;
}

export async function fetchDocument(client: AxiosInstance, id: number): Promise<ShowDocument> {
  const { data } = await client.get<ShowDocument>(`${DOC}/show/${id}`, { skipAuth: true });
  return data;
}

export async function fetchDocumentEdit(client: AxiosInstance, id: number): Promise<DocumentEditData> {
  const { data } = await client.get<DocumentEditData>(`${DOC}/edit/${id}`);
  return data;
}

export async function createDocument(client: AxiosInstance, body: DocumentCreateData): Promise<ShowDocument> {
  const { data } = await client.put<ShowDocument>(`${DOC}/create`, body);
  return data;
}

export async function updateDocument(client: AxiosInstance, body: DocumentEditData): Promise<ShowDocument> {
  const { data } = await client.put<ShowDocument>(`${DOC}/update`, body);
  return data;
}

export async function deleteDocument(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`${DOC}/delete/${id}`);
}

export async function fetchDocumentPermissions(client: AxiosInstance, id: number): Promise<DocumentPermissions> {
  const { data } = await client.get<DocumentPermissions>(`${DOC}/permission/${id}`);
  return data;
}

export async function followDocument(client: AxiosInstance, id: number, follow: boolean): Promise<{ following: boolean; followerCount: number }> {
  const { data } = await client.post<{ following: boolean; followerCount: number }>(`${DOC}/${follow ? "follow" : "unfollow"}/${id}`);
  return data;
}

export async function flagDocument(client: AxiosInstance, id: number, flag: string, notes: string): Promise<FlagShow[]> {
  const { data } = await client.post<FlagShow[]>(`${DOC}/flag/${id}`, { flag, notes });
  return data;
}

export async function unflagDocument(client: AxiosInstance, id: number, flagId: number): Promise<FlagShow[]> {
  const { data } = await client.put<FlagShow[]>(`${DOC}/unflag/${id}/${flagId}`);
  return data;
}

export async function saveDocumentGroups(client: AxiosInstance, id: number, groupIds: number[]): Promise<DocumentGroup[]> {
  const { data } = await client.put<DocumentGroup[]>(`${DOC}/update/usergroup/${id}`, groupIds);
  return data;
}

export async function saveDocumentTags(client: AxiosInstance, id: number, tags: string[]): Promise<DocumentTag[]> {
  const { data } = await client.put<DocumentTag[]>(`${DOC}/update/tags`, { objectId: id, tags });
  return data;
}

/** Features (or stops featuring) the document in groups the caller moderates. */
export async function setDocumentFeatured(client: AxiosInstance, id: number, groupIds: number[], featured: boolean): Promise<void> {
  if (featured) await client.post(`${DOC}/featured`, { objectId: id, objectType: "document", userGroup: groupIds, notes: "" });
  else await client.put(`${DOC}/unfeatured/${id}`, groupIds);
}

export async function logDocumentDownload(client: AxiosInstance, body: { filePath: string; filterUrl: string; fileType: string }): Promise<DocumentDownloadLog> {
  const { data } = await client.post<DocumentDownloadLog>(`${DOC}/log/download`, { ...body, status: "success", sourceType: "Document" });
  return data;
}

export async function addDocumentComment(client: AxiosInstance, input: { documentId: number; body: string; languageId: number }): Promise<ActivityEntry> {
  const { data } = await client.post<ActivityEntry>(`${DOC}/add/comment`, { body: input.body, languageId: input.languageId, rootHolderId: input.documentId, rootHolderType: "document" });
  return data;
}

export async function fetchDocumentActivity(client: AxiosInstance, id: number, page: { offset: number; limit: number }): Promise<ActivityEntryList> {
  const { data } = await client.get<ActivityEntryList>(`activity-api/api/v1/service/ibp/document/${id}`, { params: page, skipAuth: true });
  return data;
}

export async function fetchBibFields(client: AxiosInstance, itemTypeId: number): Promise<Record<string, boolean>> {
  const { data } = await client.get<Record<string, boolean>>(`${DOC}/bib/fields/${itemTypeId}`, { skipAuth: true });
  return data;
}

/**
 * The first entry of a .bib file as the form's fields (document contributors and admins): 400 with the
 * line and column for a bad file; 413, 422 or 503 with a translation key on `file` for a file too
 * large, too complex to read in time, or while other files are being read.
 */
export async function parseBibFile(client: AxiosInstance, file: File): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append("file", file);
  const { data } = await client.post<Record<string, unknown>>(`${DOC}/upload/bib`, form);
  return data;
}

/**
 * Uploads a PDF or a video to the caller's my-uploads, reporting progress from 0 to 1: resumable over tus
 * (src/lib/api/resumable-upload.ts); the answer is POST files-api/api/upload/my-uploads' for the same file.
 */
export async function uploadDocumentFile(client: AxiosInstance, file: File, hash: string, onProgress: (fraction: number) => void): Promise<MyUpload> {
  return resumableUpload<MyUpload>(client, file, { module: "document", hash }, { onProgress });
}

export async function fetchMyUploads(client: AxiosInstance): Promise<MyUpload[]> {
  const { data } = await client.get<MyUpload[]>("files-api/api/upload/my-uploads", { params: { module: "document" } });
  return data;
}

/** The document's Local Contexts labels (anyone; 404 for an unknown or deleted document). */
export async function fetchDocumentLabels(client: AxiosInstance, id: number): Promise<RecordLabel[]> {
  const { data } = await client.get<RecordLabel[]>(`${DOC}/labels/${id}`, { skipAuth: true });
  return data;
}

/** Replaces the document's labels with `input.labels` (its uploader, admins); answers the labels as stored. */
export async function saveDocumentLabels(client: AxiosInstance, id: number, input: RecordLabelsInput): Promise<RecordLabel[]> {
  const { data } = await client.put<RecordLabel[]>(`${DOC}/labels/${id}`, input);
  return data;
}
