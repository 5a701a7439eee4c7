import { describe, expect, it } from "vitest";
import { CONTRIBUTOR_REQUEST_TYPE, verifyTokenLink } from "@/contracts/cca-social";
import { expiryOf, hashMatches, issueToken, tokenHash, tokenState, verifyToken } from "@/server/modules/records/contributor-token";

const SECRET = new TextEncoder().encode("unit-test-secret-of-at-least-32-characters");
const OTHER = new TextEncoder().encode("another-secret-of-at-least-32-characters!");

describe("[CONTRIBUTE] the token of a request's link", () => {
  it("names its request and verifies with the secret that signed it", () => {
    const token = issueToken(SECRET, 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(SECRET, token)).toMatchObject({ requestId: 42 });
    // Two tokens for the same request differ (random nonce).
    expect(issueToken(SECRET, 42)).not.toBe(token);
  });

  it("refuses a token signed with another secret, or with a changed id, nonce or signature", () => {
    const token = issueToken(SECRET, 42, "n".repeat(32));
    const [, nonce, signature] = token.split(".") as [string, string, string];
    expect(verifyToken(OTHER, token)).toBeNull();
    expect(verifyToken(SECRET, issueToken(OTHER, 42, nonce))).toBeNull();
    expect(verifyToken(SECRET, `43.${nonce}.${signature}`)).toBeNull();
    expect(verifyToken(SECRET, `42.${"m".repeat(32)}.${signature}`)).toBeNull();
    expect(verifyToken(SECRET, `42.${nonce}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBeNull();
  });

  it("refuses anything that is not a token", () => {
    for (const value of [undefined, null, 42, "", "abc", "42", "42.x.y", "0.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "99999999999.a.b", {}]) {
      expect(verifyToken(SECRET, value), String(value)).toBeNull();
    }
    expect(verifyToken(SECRET, issueToken(SECRET, 3_000_000_000))).toBeNull();
  });

  it("is stored as a hash that matches only the same token", () => {
    const token = issueToken(SECRET, 7);
    const hash = tokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token.split(".")[1]);
    expect(hashMatches(hash, token)).toBe(true);
    expect(hashMatches(hash, issueToken(SECRET, 7))).toBe(false);
    expect(hashMatches("", token)).toBe(false);
  });

  it("is pending until it expires, and granted once used, whatever its age", () => {
    const issued = new Date("2026-11-01T10:00:00Z");
    const expiresOn = expiryOf(issued, 7);
    expect(expiresOn.toISOString()).toBe("2026-11-08T10:00:00.000Z");
    expect(tokenState({ usedOn: null, expiresOn }, new Date("2026-11-08T09:59:59Z"))).toBe("pending");
    expect(tokenState({ usedOn: null, expiresOn }, new Date("2026-11-08T10:00:00Z"))).toBe("expired");
    expect(tokenState({ usedOn: new Date("2026-11-02T00:00:00Z"), expiresOn }, new Date("2026-12-01T00:00:00Z"))).toBe("granted");
  });

  it("travels in the link of the message, in the reference's form", () => {
    const token = issueToken(SECRET, 5);
    const link = verifyTokenLink("https://cca.example.org/", token);
    const url = new URL(link);
    expect(url.pathname).toBe("/continue/verify-token");
    expect(url.searchParams.get("type")).toBe(CONTRIBUTOR_REQUEST_TYPE);
    expect(url.searchParams.get("token")).toBe(token);
  });
});
