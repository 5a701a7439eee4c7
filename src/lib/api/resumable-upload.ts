/**
 * Resumable uploads from the browser (issue 32 item 4): the tus 1.0 protocol with tus-js-client (loaded
 * on use, never with a page), to `/files-api/api/upload/tus`, then `POST files-api/api/upload/tus-complete/{id}`
 * through the API client, which answers what the multipart endpoint answers for the same file.
 *
 * The file goes in 5 MB chunks; a failed request (the link dropped, a 5xx, an offset conflict) is retried after
 * growing delays, resuming from the offset the server reports, so a video cut off at 60 % goes on from
 * there; offline (as the browser says) it gives up at once with a network error (status 0), so a caller
 * such as the submission queue can wait for the network. A file larger than one chunk is remembered (in the browser's storage, by name, type, size, date
 * and the account) until it is completed: chosen again after a reload, it resumes where it stopped. The
 * Authorization header is the API client's access token, renewed first when it is about to expire
 * (and once more if the server refuses it).
 */
import type { AxiosInstance } from "axios";
import type { ApiErrorBody } from "@/contracts/api-error";
import { decodeSessionUser, isTokenExpired } from "@/lib/auth/session";
import { ApiError } from "./api-error";

/** The tus endpoint (the portal server maps it like every platform address). */
export const RESUMABLE_ENDPOINT = "files-api/api/upload/tus";
const COMPLETE = "files-api/api/upload/tus-complete";
/** Bytes per PATCH. */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** Waits before each retry (ms): about two and a half minutes of trying before the upload fails. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 60_000];
/** A token expiring within this many seconds is renewed before a request. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * What the completed upload becomes: a resource of a directory, one of the member's uploads of a module,
 * or a file of a map layer (administrators; named by its id when the layer is sent, never completed alone).
 */
export type ResumableTarget = { directory: string; hash: string } | { module: string; hash: string } | { layer: "1" };

export interface ResumableOptions {
  /** Share of the bytes sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The key under which an upload is remembered for resuming after a reload: only for a chosen file
 * (a File, with its name and date) larger than one chunk; smaller ones simply start again.
 */
export function fingerprintOf(file: Blob, owner: number | string, target: ResumableTarget): string | null {
  if (typeof File === "undefined" || !(file instanceof File) || file.size <= CHUNK_SIZE) return null;
  const where = "directory" in target ? `directory:${target.directory}` : "module" in target ? `module:${target.module}` : "layer";
  return ["cca-tus", owner, where, file.name, file.type, file.size, file.lastModified].join("/");
}

/**
 * What to do after a failed request of the protocol: try again, renew the token then try again, or give
 * up. Offline (the browser says so) it gives up at once: the caller tries again when the network is
 * back (the submission queue does), and a file larger than a chunk resumes where it stopped.
 */
export function retryDecision(status: number, renewedAlready: boolean, online = true): "retry" | "renew" | "stop" {
  if (!online) return "stop";
  if (status === 401) return renewedAlready ? "stop" : "renew";
  // No answer (offline, cut off), the server's trouble, a busy upload or an offset that moved on.
  if (status === 0 || status >= 500 || status === 409 || status === 423 || status === 429) return "retry";
  return "stop";
}

interface TusResponseLike {
  getStatus(): number;
  getBody(): string;
}

/** A failure of tus-js-client as the front end's one error type (the platform's JSON error body when there is one). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = (error as { originalResponse?: TusResponseLike | null } | null)?.originalResponse;
  if (response) {
    const status = response.getStatus();
    let body: Partial<ApiErrorBody> = {};
    try {
      const parsed: unknown = JSON.parse(response.getBody() || "{}");
      if (parsed && typeof parsed === "object") body = parsed as Partial<ApiErrorBody>;
    } catch {
      // A tus text body ("Upload-Offset conflict"): the status says enough.
    }
    return new ApiError(
      status,
      typeof body.code === "string" ? body.code : "HTTP_ERROR",
      typeof body.message === "string" ? body.message : `Request failed with status ${status}`,
      body.fieldErrors,
    );
  }
  return new ApiError(0, "NETWORK_ERROR", error instanceof Error ? error.message : "The server could not be reached");
}

const canceled = () => new ApiError(0, "NETWORK_ERROR", "canceled");
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A file whose every byte is on the server. */
export interface SentUpload {
  /** The upload's id (what `tus-complete` and a layer's `uploads` name). */
  id: string;
  /** Forgets the file in the browser's storage (once what it was for is done). */
  forget(): Promise<void>;
}

/**
 * Sends every byte of `file` over tus (resuming a remembered upload of the same file), without
 * completing it; rejects with an ApiError (the platform's status, code and field errors).
 */
export async function sendResumable(client: AxiosInstance, file: Blob, target: ResumableTarget, { onProgress, signal }: ResumableOptions = {}): Promise<SentUpload> {
  if (signal?.aborted) throw canceled();
  const [tus, { currentAccessToken, renewSession }] = await Promise.all([import("tus-js-client"), import("./client")]);

  let forceRenewal = false;
  let renewedFor401 = false;
  /** The access token to send: the client's, renewed first when it is about to expire (or was refused). */
  const bearer = async (): Promise<string | undefined> => {
    let token = currentAccessToken(client);
    if (forceRenewal || !token || isTokenExpired(token, Date.now() / 1000, RENEW_BEFORE_SECONDS)) {
      forceRenewal = false;
      token = (await renewSession(client)) ?? token;
    }
    return token;
  };
  const owner = decodeSessionUser(await bearer())?.id ?? "anonymous";
  const fingerprint = fingerprintOf(file, owner, target);
  const base = client.defaults.baseURL ?? "/";
  const endpoint = new URL(`${base}${RESUMABLE_ENDPOINT}`, typeof window === "undefined" ? "http://localhost/" : window.location.href).href;
  const metadata: Record<string, string> = { filename: file instanceof File ? file.name : "upload", filetype: file.type, ...target };

  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata,
      // A file is remembered until its completion (below), not only until its last byte.
      storeFingerprintForResuming: fingerprint !== null,
      removeFingerprintOnSuccess: false,
      fingerprint: async () => fingerprint as string,
      onBeforeRequest: async (req) => {
        const token = await bearer();
        if (token) req.setHeader("Authorization", `Bearer ${token}`);
      },
      onShouldRetry: (error) => {
        const online = typeof navigator === "undefined" || navigator.onLine !== false;
        const decision = retryDecision(error.originalResponse?.getStatus() ?? 0, renewedFor401, online);
        if (decision === "renew") {
          renewedFor401 = true;
          forceRenewal = true;
        }
        return decision !== "stop";
      },
      onProgress: onProgress ? (sent, total) => onProgress(total ? Math.min(1, sent / total) : 0) : null,
      onSuccess: () => (upload.url ? resolve(upload.url) : reject(new ApiError(0, "NETWORK_ERROR", "The upload has no address"))),
      onError: (error) => reject(toApiError(error)),
    });
    signal?.addEventListener(
      "abort",
      () => {
        // Stopped and dropped on the server (termination); the promise ends at once.
        void upload.abort(true).catch(() => undefined);
        reject(canceled());
      },
      { once: true },
    );
    const begin = async () => {
      if (fingerprint !== null) {
        const previous = await upload.findPreviousUploads().catch(() => []);
        const newest = [...previous].sort((a, b) => String(b.creationTime).localeCompare(String(a.creationTime)))[0];
        if (newest) upload.resumeFromPreviousUpload(newest);
      }
      if (!signal?.aborted) upload.start();
    };
    void begin();
  });

  const forget = async () => {
    if (fingerprint === null) return;
    const storage = tus.defaultOptions.urlStorage;
    const stored = await storage.findUploadsByFingerprint(fingerprint).catch(() => []);
    await Promise.all(stored.map((entry) => storage.removeUpload(entry.urlStorageKey).catch(() => undefined)));
  };
  return { id: uploadUrl.replace(/\/+$/, "").split("/").pop() ?? "", forget };
}

/**
 * Uploads `file` over tus and completes it: resolves with the multipart endpoint's answer (T) for the
 * target, rejects with an ApiError (the platform's status, code and field errors).
 */
export async function resumableUpload<T>(client: AxiosInstance, file: Blob, target: ResumableTarget, options: ResumableOptions = {}): Promise<T> {
  const { signal } = options;
  const { id, forget } = await sendResumable(client, file, target, options);
  // Every byte is there: the platform checks and stores it. Completing again answers the same, so a
  // lost answer is asked for again.
  let answer: T | undefined;
  for (let attempt = 0; answer === undefined; attempt += 1) {
    if (signal?.aborted) throw canceled();
    try {
      answer = (await client.post<T>(`${COMPLETE}/${id}`, null, { signal, timeout: 10 * 60_000 })).data;
    } catch (error) {
      const failure = ApiError.from(error);
      if (attempt >= 3 || (failure.status !== 0 && failure.status < 500) || signal?.aborted) throw failure;
      await wait(1000 * 3 ** attempt);
    }
  }
  await forget();
  return answer;
}
