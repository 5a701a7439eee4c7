/**
 * Idempotency keys of `data/save` (issue 32, item 3): the offline submission queue sends each record with
 * an `Idempotency-Key` header (8–64 letters, digits, `-`, `_`; the queue uses a UUID). The first request
 * with a key makes the record; a later one with the same key and the same body answers that record again
 * (200, `idempotent-replayed: true`) without making another, also when both arrive at once (the key is
 * claimed in the record's transaction; the second waits for the first to commit). The same key with
 * another body is refused (422): a key names one submission. Keys belong to their member.
 */
import crypto from "node:crypto";
import { AppError } from "../../infra/http/app-error";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export interface SubmissionKey {
  key: string;
  bodyHash: string;
}

/** The request's key (none when the header is absent); 400 with a reason when it is malformed. */
export function submissionKeyOf(headers: Record<string, string | string[] | undefined>, body: Buffer | undefined): SubmissionKey | null {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw.join(",") : raw).trim();
  if (!KEY_SHAPE.test(value)) throw new AppError("BAD_REQUEST", "The Idempotency-Key header must be 8 to 64 letters, digits, '-' or '_'");
  return { key: value, bodyHash: crypto.createHash("sha256").update(body ?? Buffer.alloc(0)).digest("hex") };
}

export const keyReusedError = () =>
  new AppError("UNPROCESSABLE_CONTENT", "This Idempotency-Key was already used for another record: send a new record with a new key");

/** Thrown inside the record's transaction when another request holds the key: rolls it back. */
export class KeyTaken extends Error {
  constructor() {
    super("idempotency key taken");
  }
}
