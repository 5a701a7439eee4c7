/**
 * Resumable uploads (the tus 1.0 protocol, issue 32 item 4), the pure rules: where the protocol is
 * answered, what an upload's id looks like, which metadata an upload carries and how large it may be
 * by what it says it is (the file is still sniffed by its first bytes when it is completed).
 */
import { LAYER_UPLOAD_MAX_BYTES } from "@/contracts/naksha-layer";
import { MB, PDF_LIMIT, UPLOAD_LIMITS } from "./upload-media";

/**
 * The public address of the tus endpoint: `POST` creates an upload here, `HEAD`, `PATCH` and `DELETE`
 * act on `${RESUMABLE_PATH}/{id}`. The portal server maps it to the Next API route
 * `src/pages/api/platform/files/upload/tus/[[...id]].ts` (more specific than the platform's catch-all).
 */
export const RESUMABLE_PATH = "/files-api/api/upload/tus";
/** An upload's id as the server names it: 16 random bytes in hex. */
export const RESUMABLE_ID = /^[0-9a-f]{32}$/;
/** A partial upload (or a finished one nobody completed) is removed this long after its creation. */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often the partial uploads are swept. */
export const RESUMABLE_SWEEP_MS = 60 * 60 * 1000;
/** The largest upload of any kind (a video). */
export const RESUMABLE_MAX_BYTES = UPLOAD_LIMITS.video;

/** Metadata keys a client may send; any other is dropped. `owner` is set by the server only. */
const CLIENT_KEYS = ["filename", "filetype", "hash", "directory", "module", "layer"] as const;
const MAX_TEXT = 255;

/**
 * What a resumable upload becomes once complete: a resource (`directory`: POST upload/resource-upload's
 * answer), one of the member's own uploads (`module`: POST upload/my-uploads' answer), or a file of a map
 * layer (`layer`, administrators: named by its id in nakshaIntegrator-api/api/layer/upload or preview).
 */
export type ResumableKind = "resource" | "myUpload" | "layerFile";

export interface ResumableMetadata {
  kind: ResumableKind;
  /** The text fields of the matching multipart endpoint (`hash` and `directory`, or `hash` and `module`). */
  fields: Record<string, string>;
  filename: string;
  filetype: string;
}

/** The upload's id from a request path (its last segment), or null when there is none or it is not an id. */
export function uploadIdOf(pathname: string): string | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return RESUMABLE_ID.test(last) ? last : null;
}

/**
 * Reads the metadata a client declared at creation (tus `Upload-Metadata`, already decoded): exactly
 * one of `directory` or `module` says what the upload is for; `hash`, `filename` and `filetype` travel
 * along. Null with a reason when neither or both are there.
 */
export function readResumableMetadata(raw: Readonly<Record<string, string | null | undefined>>): ResumableMetadata | { problem: string } {
  const text = (key: string) => (typeof raw[key] === "string" ? raw[key]!.slice(0, MAX_TEXT) : "");
  const targets = (["directory", "module", "layer"] as const).filter((key) => key in raw && raw[key] !== undefined);
  if (targets.length !== 1) {
    return {
      problem: "Upload-Metadata must name one target: the `directory` of a resource upload, the `module` of one of your uploads (document) or `layer` for a map layer's file",
    };
  }
  const common = { filename: text("filename"), filetype: text("filetype").toLowerCase() };
  if (targets[0] === "directory") return { kind: "resource", fields: { hash: text("hash"), directory: text("directory") }, ...common };
  if (targets[0] === "module") return { kind: "myUpload", fields: { hash: text("hash"), module: text("module") }, ...common };
  return { kind: "layerFile", fields: {}, ...common };
}

/**
 * The largest upload its declared type may be: the limits of the multipart endpoints (images 10 MB,
 * audio 20 MB, video 100 MB; PDF documents 50 MB). An unknown or absent type may be as large as the
 * largest kind; the limit of what it turns out to be applies when it is completed. A layer's file: the
 * limit of a whole layer (100 MB; its files together are checked when the layer is sent).
 */
export function declaredLimit(kind: ResumableKind, filetype: string): number {
  if (kind === "layerFile") return LAYER_UPLOAD_MAX_BYTES;
  if (kind === "myUpload") return filetype === "application/pdf" ? PDF_LIMIT : UPLOAD_LIMITS.video;
  if (filetype.startsWith("image/")) return UPLOAD_LIMITS.image;
  if (filetype.startsWith("audio/")) return UPLOAD_LIMITS.audio;
  return UPLOAD_LIMITS.video;
}

/** "10 MB", "100 MB", "1.5 MB". */
export const megabytesOf = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The metadata kept with the upload: the client's known keys (cut at 255 characters) and its owner. */
export function storedMetadata(raw: Readonly<Record<string, string | null | undefined>>, ownerId: number): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of CLIENT_KEYS) {
    const value = raw[key];
    if (typeof value === "string") kept[key] = value.slice(0, MAX_TEXT);
  }
  kept.owner = String(ownerId);
  return kept;
}

/** The owner's id stored with an upload, or null. */
export function ownerOf(metadata: Readonly<Record<string, string | null | undefined>> | undefined): number | null {
  const value = metadata?.owner;
  return typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}
