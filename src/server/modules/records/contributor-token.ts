/**
 * The token of a "request to contribute" link (`/continue/verify-token?type=cca-contibutor-request&token=`).
 *
 * `<requestId>.<nonce>.<signature>`: the request row's id, 24 random bytes, and an HMAC-SHA256 of both
 * under a key derived from the platform's JWT secret. A token the platform did not issue fails the
 * signature before any database read; the row keeps only the token's SHA-256 (a copy of the table
 * grants nothing) and says whether it was used (single use) and until when it is valid.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const PURPOSE = "cca-contributor-request-v1";
const FORMAT = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

export interface TokenParts {
  requestId: number;
  nonce: string;
}

function keyOf(secret: Uint8Array): Buffer {
  return createHmac("sha256", secret).update(PURPOSE).digest();
}

function signatureOf(secret: Uint8Array, requestId: number, nonce: string): Buffer {
  return createHmac("sha256", keyOf(secret)).update(`${requestId}.${nonce}`).digest();
}

/** A new token for request `requestId` (the nonce is random unless given, for tests). */
export function issueToken(secret: Uint8Array, requestId: number, nonce: string = randomBytes(24).toString("base64url")): string {
  return `${requestId}.${nonce}.${signatureOf(secret, requestId, nonce).toString("base64url")}`;
}

/** The request a token names when its signature is right; null for anything malformed or forged. */
export function verifyToken(secret: Uint8Array, token: unknown): TokenParts | null {
  if (typeof token !== "string") return null;
  const match = FORMAT.exec(token.trim());
  if (!match) return null;
  const requestId = Number(match[1]);
  if (requestId > 2_147_483_647) return null;
  const nonce = match[2]!;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = signatureOf(secret, requestId, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { requestId, nonce };
}

/** What the table stores of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token.trim()).digest("hex");
}

/** Whether the stored hash is this token's (constant time). */
export function hashMatches(storedHash: string, token: string): boolean {
  const a = Buffer.from(storedHash, "hex");
  const b = Buffer.from(tokenHash(token), "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export type TokenState = "pending" | "granted" | "expired";

/** A request's state at `now`: used once → granted (whatever its age), else expired after `expiresOn`. */
export function tokenState(row: { usedOn: Date | null; expiresOn: Date }, now: Date = new Date()): TokenState {
  if (row.usedOn) return "granted";
  return now.getTime() >= row.expiresOn.getTime() ? "expired" : "pending";
}

/** When a token issued at `issuedAt` stops working. */
export function expiryOf(issuedAt: Date, days: number): Date {
  return new Date(issuedAt.getTime() + days * 24 * 60 * 60 * 1000);
}
