/**
 * Issue 32 item 4, the pure parts and the browser side of resumable uploads: the server's rules
 * (metadata, limits by declared type, ids), that the public path reaches the tus API route rather than
 * the platform's catch-all, and `uploadResource` / `uploadDocumentFile` over tus-js-client (replaced
 * here by a fake that plays the client's callbacks) with the API client's token and the completion call.
 */
import type { AxiosInstance } from "axios";
import { getSortedRoutes } from "next/dist/shared/lib/router/utils/sorted-routes";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/config/env";
import { ApiError } from "@/lib/api/api-error";
import { uploadDocumentFile } from "@/lib/api/documents";
import { uploadResource } from "@/lib/api/files";
import { previewLayer, uploadLayer } from "@/lib/api/naksha";
import { CHUNK_SIZE, fingerprintOf, retryDecision, toApiError } from "@/lib/api/resumable-upload";
import { declaredLimit, ownerOf, readResumableMetadata, storedMetadata, uploadIdOf } from "@/server/modules/uploads/resumable-rules";
import { internalUrlOf } from "@/web-server/public-paths";

const MB = 1024 * 1024;

// The API client's session: an access token the test sets, and the renewal.
const session = vi.hoisted(() => ({ token: "" as string | undefined, renewed: "" as string | null, renewals: 0 }));
vi.mock("@/lib/api/client", () => ({
  currentAccessToken: () => session.token,
  renewSession: async () => {
    session.renewals += 1;
    if (session.renewed) session.token = session.renewed;
    return session.renewed;
  },
}));

interface FakeOptions {
  endpoint: string;
  chunkSize: number;
  metadata: Record<string, string>;
  storeFingerprintForResuming: boolean;
  fingerprint: () => Promise<string | null>;
  onBeforeRequest: (req: { setHeader(name: string, value: string): void }) => Promise<void>;
  onShouldRetry: (error: { originalResponse: { getStatus(): number } | null }, attempt: number) => boolean;
  onProgress: ((sent: number, total: number) => void) | null;
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** How the fake client behaves: succeed, fail with a response, or wait (to be aborted). */
const tus = vi.hoisted(() => ({
  behaviour: "succeed" as "succeed" | "fail" | "hang",
  failure: null as unknown,
  previous: [] as { uploadUrl: string; creationTime: string; urlStorageKey: string }[],
  uploads: [] as { file: Blob; options: FakeOptions; headers: Record<string, string>; resumedFrom: string | null; aborted: boolean | null }[],
  removed: [] as string[],
  /** Addresses the next uploads get (else one fixed address). */
  urls: [] as string[],
}));
vi.mock("tus-js-client", () => {
  class Upload {
    url: string | null = null;
    record: (typeof tus.uploads)[number];
    constructor(
      file: Blob,
      public options: FakeOptions,
    ) {
      this.record = { file, options, headers: {}, resumedFrom: null, aborted: null };
      tus.uploads.push(this.record);
    }
    async findPreviousUploads() {
      return tus.previous;
    }
    resumeFromPreviousUpload(previous: { uploadUrl: string }) {
      this.url = previous.uploadUrl;
      this.record.resumedFrom = previous.uploadUrl;
    }
    start() {
      void (async () => {
        await this.options.onBeforeRequest({ setHeader: (name, value) => (this.record.headers[name] = value) });
        if (tus.behaviour === "hang") return;
        if (tus.behaviour === "fail") return this.options.onError(tus.failure);
        this.url ??= tus.urls.shift() ?? "http://localhost:3000/files-api/api/upload/tus/0123456789abcdef0123456789abcdef";
        this.options.onProgress?.(1, 4);
        this.options.onSuccess();
      })();
    }
    async abort(terminate: boolean) {
      this.record.aborted = terminate;
    }
  }
  const urlStorage = {
    findUploadsByFingerprint: async () => tus.previous,
    removeUpload: async (key: string) => {
      tus.removed.push(key);
    },
  };
  return { Upload, defaultOptions: { urlStorage } };
});

/** A token the client can read (never verified here): `exp` seconds from now. */
function tokenExpiringIn(seconds: number, id = 7): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ id, name: "Member", roles: ["ROLE_USER"], exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

function fakeClient(answers: (() => unknown)[]) {
  const post = vi.fn(async (_url: string, _body: unknown, _config?: unknown) => {
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return { data: next() };
  });
  return { client: { post, defaults: { baseURL: "/" } } as unknown as AxiosInstance, post };
}

beforeEach(() => {
  session.token = tokenExpiringIn(3600);
  session.renewed = null;
  session.renewals = 0;
  tus.behaviour = "succeed";
  tus.failure = null;
  tus.previous = [];
  tus.uploads = [];
  tus.removed = [];
  tus.urls = [];
});

describe("[UPLOADS] the resumable-upload rules of the platform", () => {
  it("reads an upload's id from its address, and nothing else as one", () => {
    expect(uploadIdOf("/files-api/api/upload/tus/0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
    expect(uploadIdOf("/api/platform/files/upload/tus/0123456789abcdef0123456789abcdef/")).toBe("0123456789abcdef0123456789abcdef");
    for (const path of ["/files-api/api/upload/tus", "/files-api/api/upload/tus/..", "/files-api/api/upload/tus/0123456789ABCDEF0123456789ABCDEF", "/x/0123"]) {
      expect(uploadIdOf(path), path).toBeNull();
    }
  });

  it("takes the target from the metadata: a directory or a module, never both or neither", () => {
    expect(readResumableMetadata({ filename: "a.mp4", filetype: "Video/MP4", hash: "h1", directory: "pages" })).toEqual({
      kind: "resource",
      fields: { hash: "h1", directory: "pages" },
      filename: "a.mp4",
      filetype: "video/mp4",
    });
    expect(readResumableMetadata({ hash: "h1", module: "document" })).toMatchObject({ kind: "myUpload", fields: { hash: "h1", module: "document" } });
    expect(readResumableMetadata({ hash: "h1" })).toHaveProperty("problem");
    expect(readResumableMetadata({ hash: "h1", directory: "pages", module: "document" })).toHaveProperty("problem");
  });

  it("limits an upload by its declared type as the multipart endpoints do; a 100 MB video fits", () => {
    expect(declaredLimit("resource", "image/jpeg")).toBe(10 * MB);
    expect(declaredLimit("resource", "audio/mpeg")).toBe(20 * MB);
    expect(declaredLimit("resource", "video/mp4")).toBe(100 * MB);
    expect(declaredLimit("resource", "")).toBe(100 * MB);
    expect(declaredLimit("myUpload", "application/pdf")).toBe(50 * MB);
    expect(declaredLimit("myUpload", "video/webm")).toBe(100 * MB);
  });

  it("keeps only the known metadata, with the owner the server names", () => {
    expect(storedMetadata({ filename: "a".repeat(300), hash: "h", directory: "pages", owner: "1", relativePath: "x/y" }, 42)).toEqual({
      filename: "a".repeat(255),
      hash: "h",
      directory: "pages",
      owner: "42",
    });
    expect(ownerOf({ owner: "42" })).toBe(42);
    expect(ownerOf({ owner: "0" })).toBeNull();
    expect(ownerOf({ owner: "4 2" })).toBeNull();
    expect(ownerOf(undefined)).toBeNull();
  });

  it("keeps partial uploads in the data folder unless PARTIAL_UPLOADS_DIR names a shared one", () => {
    expect(parseEnv({ DATA_DIR: "/srv/cca" }).partialUploadsDir).toBe("/srv/cca/uploads-partial");
    expect(parseEnv({ DATA_DIR: "/srv/cca", PARTIAL_UPLOADS_DIR: "/mnt/shared/partial" }).partialUploadsDir).toBe("/mnt/shared/partial");
  });

  it("the public path reaches the tus API route, more specific than the platform's catch-all", () => {
    expect(internalUrlOf("/files-api/api/upload/tus")).toBe("/api/platform/files/upload/tus");
    expect(internalUrlOf("/files-api/api/upload/tus/0123456789abcdef0123456789abcdef")).toBe("/api/platform/files/upload/tus/0123456789abcdef0123456789abcdef");
    const sorted = getSortedRoutes(["/api/platform/[...path]", "/api/platform/files/upload/tus/[[...id]]", "/api/ogc/[[...path]]"]);
    expect(sorted.indexOf("/api/platform/files/upload/tus/[[...id]]")).toBeLessThan(sorted.indexOf("/api/platform/[...path]"));
  });
});

describe("[UPLOADS] uploads from the browser go over tus and complete through the API client", () => {
  it("sends a resource in 5 MB chunks with its target and the client's token, then answers resource-upload's answer", async () => {
    const answer = { hashKey: "h", fileName: "x.jpg", type: "image", uri: "/ibpmu-1/x.jpg", size: 3, error: null, uploaded: true };
    const { client, post } = fakeClient([() => answer]);
    const progress: number[] = [];
    const result = await uploadResource(client, new File(["abc"], "x.jpg", { type: "image/jpeg" }), "pages", { onProgress: (f) => progress.push(f) });
    expect(result).toEqual(answer);
    expect(progress).toEqual([0.25]);
    const [upload] = tus.uploads;
    expect(upload!.options.endpoint).toMatch(/^https?:\/\/[^/]+\/files-api\/api\/upload\/tus$/);
    expect(upload!.options.chunkSize).toBe(CHUNK_SIZE);
    expect(upload!.options.metadata).toMatchObject({ filename: "x.jpg", filetype: "image/jpeg", directory: "pages" });
    expect(upload!.options.metadata.hash).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(upload!.headers.Authorization).toBe(`Bearer ${session.token}`);
    // Small files are not remembered across reloads.
    expect(upload!.options.storeFingerprintForResuming).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe("files-api/api/upload/tus-complete/0123456789abcdef0123456789abcdef");
    expect(session.renewals).toBe(0);
  });

  it("sends a document file to the member's uploads and answers my-uploads' answer", async () => {
    const mine = { hashKey: "d", fileName: "f.pdf", type: "application/pdf", path: "/d/f.pdf", dateCreated: "", dateUploaded: "", fileSize: 3 };
    const { client } = fakeClient([() => mine]);
    const fractions: number[] = [];
    expect(await uploadDocumentFile(client, new File(["%PDF-"], "f.pdf", { type: "application/pdf" }), "ibpmu-doc", (f) => fractions.push(f))).toEqual(mine);
    expect(tus.uploads[0]!.options.metadata).toEqual({ filename: "f.pdf", filetype: "application/pdf", module: "document", hash: "ibpmu-doc" });
    expect(fractions).toEqual([0.25]);
  });

  it("renews a token about to expire before the upload starts", async () => {
    session.token = tokenExpiringIn(20);
    session.renewed = tokenExpiringIn(3600, 7);
    const { client } = fakeClient([() => ({ uri: "/a/b.mp4" })]);
    await uploadResource(client, new Blob(["x"]), "myUploads");
    expect(session.renewals).toBe(1);
    expect(tus.uploads[0]!.headers.Authorization).toBe(`Bearer ${session.renewed}`);
  });

  it("resumes a large file remembered from an earlier visit, and forgets it once completed", async () => {
    tus.previous = [
      { uploadUrl: "http://localhost/files-api/api/upload/tus/older", creationTime: "2026-01-01T00:00:00.000Z", urlStorageKey: "tus::k1" },
      { uploadUrl: "http://localhost/files-api/api/upload/tus/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", creationTime: "2026-01-02T00:00:00.000Z", urlStorageKey: "tus::k2" },
    ];
    const big = new File([new Uint8Array(CHUNK_SIZE + 1)], "walk.mp4", { type: "video/mp4", lastModified: 1 });
    const { client, post } = fakeClient([() => ({ uri: "/h/v.mp4" })]);
    await uploadResource(client, big, "myUploads");
    const upload = tus.uploads[0]!;
    expect(upload.options.storeFingerprintForResuming).toBe(true);
    expect(await upload.options.fingerprint()).toBe(fingerprintOf(big, 7, { directory: "myUploads", hash: "x" }));
    expect(upload.resumedFrom).toBe("http://localhost/files-api/api/upload/tus/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(post.mock.calls[0]![0]).toBe("files-api/api/upload/tus-complete/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(tus.removed.sort()).toEqual(["tus::k1", "tus::k2"]);
  });

  it("rejects with the platform's answer as an ApiError (status, code, field errors)", async () => {
    tus.behaviour = "fail";
    tus.failure = {
      message: "tus: unexpected response while creating upload",
      originalResponse: {
        getStatus: () => 413,
        getBody: () => JSON.stringify({ message: "This file is too large", code: "PAYLOAD_TOO_LARGE", fieldErrors: { upload: "editor:upload.too_large_server" } }),
      },
    };
    const { client, post } = fakeClient([]);
    const error = (await uploadResource(client, new Blob(["x"]), "pages").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "This file is too large", fieldErrors: { upload: "editor:upload.too_large_server" } });
    expect(post).not.toHaveBeenCalled();
  });

  it("asks for the completion again when its answer is lost, but not when it is refused", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const lost = Object.assign(new Error("Network Error"), { code: "ERR_NETWORK" });
      const { client, post } = fakeClient([
        () => {
          throw lost;
        },
        () => ({ uri: "/h/a.mp4" }),
      ]);
      const done = uploadResource(client, new Blob(["x"]), "pages");
      await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(1000);
      expect(await done).toEqual({ uri: "/h/a.mp4" });
      expect(post).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
    const refused = Object.assign(new Error("Request failed"), { response: { status: 415, data: { message: "Only JPEG…", code: "UNSUPPORTED_MEDIA_TYPE", fieldErrors: { upload: "editor:upload.wrong_type_server" } } } });
    const { client, post } = fakeClient([
      () => {
        throw refused;
      },
    ]);
    await expect(uploadResource(client, new Blob(["x"]), "pages")).rejects.toMatchObject({ status: 415, fieldErrors: { upload: "editor:upload.wrong_type_server" } });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("stops and drops the upload on the server when its signal aborts", async () => {
    tus.behaviour = "hang";
    const controller = new AbortController();
    const { client } = fakeClient([]);
    const done = uploadResource(client, new Blob(["x"]), "pages", { signal: controller.signal });
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(1));
    controller.abort();
    await expect(done).rejects.toMatchObject({ status: 0, message: "canceled" });
    expect(tus.uploads[0]!.aborted).toBe(true);
  });

  it("sends a layer's files over tus once for the preview and the upload, then names them by id", async () => {
    tus.urls = ["a", "b", "c", "d"].map((c) => `http://localhost/files-api/api/upload/tus/${c.repeat(32)}`);
    const files = [new File(["shp"], "blocks.shp"), new File(["dbf!"], "blocks.dbf")];
    const preview = { kind: "VECTOR", featureCount: 3 };
    const layer = { id: 1, name: "lyr_1" };
    const gone = Object.assign(new Error("gone"), { response: { status: 404, data: { message: "No upload", code: "NOT_FOUND" } } });
    const { client, post } = fakeClient([
      () => preview,
      () => {
        throw gone;
      },
      () => layer,
    ]);
    expect(await previewLayer(client, files)).toEqual(preview);
    expect(tus.uploads.map((u) => u.options.metadata)).toEqual([
      { filename: "blocks.shp", filetype: "", layer: "1" },
      { filename: "blocks.dbf", filetype: "", layer: "1" },
    ]);
    expect(post.mock.calls[0]).toEqual(["nakshaIntegrator-api/api/layer/preview", { uploads: ["a".repeat(32), "b".repeat(32)] }]);
    // The upload names the same files; when the server no longer has them they are sent again, once.
    const fractions: number[] = [];
    expect(await uploadLayer(client, { layerName: "Blocks" }, files, (f) => fractions.push(f))).toEqual(layer);
    expect(post.mock.calls[1]).toEqual(["nakshaIntegrator-api/api/layer/upload", { metadata: { layerName: "Blocks" }, uploads: ["a".repeat(32), "b".repeat(32)] }]);
    expect(post.mock.calls[2]).toEqual(["nakshaIntegrator-api/api/layer/upload", { metadata: { layerName: "Blocks" }, uploads: ["c".repeat(32), "d".repeat(32)] }]);
    expect(tus.uploads).toHaveLength(4);
    expect(fractions.at(-1)).toBe(1);
  });

  it("retries what a flaky link causes, renews a refused token once, and gives up on refusals", () => {
    expect(retryDecision(0, false)).toBe("retry");
    expect(retryDecision(502, false)).toBe("retry");
    expect(retryDecision(409, false)).toBe("retry");
    expect(retryDecision(423, false)).toBe("retry");
    expect(retryDecision(401, false)).toBe("renew");
    expect(retryDecision(401, true)).toBe("stop");
    for (const status of [400, 403, 404, 410, 413, 415]) expect(retryDecision(status, false), String(status)).toBe("stop");
    // Offline: at once, so that the submission queue can say "waiting" and send again when the network is back.
    expect(retryDecision(0, false, false)).toBe("stop");
  });

  it("remembers only chosen files larger than a chunk, per account and target", () => {
    const big = new File([new Uint8Array(CHUNK_SIZE + 1)], "walk.mp4", { type: "video/mp4", lastModified: 5 });
    expect(fingerprintOf(new Blob([new Uint8Array(CHUNK_SIZE + 1)]), 7, { directory: "pages", hash: "h" })).toBeNull();
    expect(fingerprintOf(new File(["x"], "a.jpg"), 7, { directory: "pages", hash: "h" })).toBeNull();
    const mine = fingerprintOf(big, 7, { directory: "pages", hash: "h" });
    expect(mine).toContain("walk.mp4");
    expect(fingerprintOf(big, 8, { directory: "pages", hash: "h" })).not.toBe(mine);
    expect(fingerprintOf(big, 7, { module: "document", hash: "h" })).not.toBe(mine);
    // The random hash of each call does not change it.
    expect(fingerprintOf(big, 7, { directory: "pages", hash: "other" })).toBe(mine);
  });

  it("turns a failure without an answer into a network error", () => {
    expect(toApiError(new Error("tus: failed to upload chunk"))).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(toApiError({ originalResponse: { getStatus: () => 409, getBody: () => "Upload-Offset conflict\n" } })).toMatchObject({ status: 409, code: "HTTP_ERROR" });
  });
});
