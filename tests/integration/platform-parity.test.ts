/**
 * Calls an existing client of the original platform makes (reference §3.8, §3.11, §3.12) and the CORS
 * allow-list that lets such a client run on another origin (issue 19).
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { ReferenceUserProfile } from "@/contracts/user";
import { SEED_USER_BY_ROLE } from "@/server/db/seed/demo";
import { getAs, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createPlatformRouter } from "@/server/platform-router";
import { callRouter, createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const PARTNER = "https://partner.example.org";
const STRANGER = "https://evil.example.net";

let api: TestPlatform;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  api = await createTestPlatform({ settings: { corsOrigins: [PARTNER, "http://localhost:3100"] } });
  adminToken = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  memberToken = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

describe(`[PARITY] announcements and licences (${TEST_DB})`, () => {
  it("the banner call of every page answers a JSON array, empty while nothing is announced", async () => {
    const res = await api.get("utility-api/api/v1/services/announcement/active");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual([]);
    // Unknown query parameters (the original sends UI state) are ignored.
    expect((await api.get("utility-api/api/v1/services/announcement/active?languageId=206&offset=0")).body).toEqual([]);
  });

  it("the licence list has the platform's eight ids with names and Creative Commons addresses, cacheable for a day", async () => {
    const res = await api.get("resources-api/api/v1/license/all");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    const list = res.body as { id: number; name: string; url: string | null }[];
    expect(list.map((l) => l.id).sort()).toEqual([821, 822, 823, 824, 825, 826, 827, 828]);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(["id", "name", "url"]);
    expect(list.find((l) => l.id === 822)).toEqual({ id: 822, name: "CC_BY", url: "https://creativecommons.org/licenses/by/4.0/" });
    expect(list.find((l) => l.id === 827)).toEqual({ id: 827, name: "CC_BY_NC_ND", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/" });
    expect(list.find((l) => l.id === 821)?.name).toBe("CC_PUBLIC_DOMAIN");
    expect(list.find((l) => l.id === 828)).toEqual({ id: 828, name: "UNSPECIFIED", url: null });
    for (const item of list.filter((l) => l.url !== null)) expect(item.url).toMatch(/^https:\/\/creativecommons\.org\//);
  });
});

const PROFILE = (id: number) => `cca-integrator-api/api/v1/services/read/profile/${id}`;
const REFERENCE_USER_KEYS = [
  "aboutMe",
  "accountExpired",
  "accountLocked",
  "dateCreated",
  "email",
  "enabled",
  "hideEmial",
  "id",
  "identificationMail",
  "institution",
  "isAdmin",
  "lastLoginDate",
  "latitude",
  "location",
  "longitude",
  "mobileNumber",
  "name",
  "occupation",
  "passwordExpired",
  "profilePic",
  "roles",
  "sendDigest",
  "sendNotification",
  "sendPushNotification",
  "sexType",
  "userName",
  "website",
].sort();

describe(`[PARITY] the profile screens' call cca-integrator read/profile (${TEST_DB})`, () => {
  const member = SEED_USER_BY_ROLE.user;

  it("a visitor gets the reference's User shape with isAdmin, without e-mail or mobile number", async () => {
    const res = await api.get(PROFILE(member.id));
    expect(res.status).toBe(200);
    const profile = res.body as ReferenceUserProfile;
    expect(Object.keys(profile).sort()).toEqual(REFERENCE_USER_KEYS);
    expect(profile).toMatchObject({ id: member.id, name: member.name, email: null, mobileNumber: null, isAdmin: false, accountExpired: false, passwordExpired: false });
    expect(profile.roles.map((r) => r.authority)).toEqual(["ROLE_USER"]);
    expect(res.headers["cache-control"]).toBeUndefined();
  });

  it("is the same data user-api serves, for the user themself and for an administrator with contact details", async () => {
    for (const token of [memberToken, adminToken]) {
      const res = await getAs(api, PROFILE(member.id), token);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const own = (await getAs(api, `user-api/api/v1/user/${member.id}`, token)).body as Record<string, unknown>;
      const profile = res.body as ReferenceUserProfile;
      expect(profile).toMatchObject(own);
      expect(profile.email).toBe(member.email);
      expect(profile.mobileNumber).toBe(member.mobileNumber);
    }
    const other = (await getAs(api, PROFILE(SEED_USER_BY_ROLE.admin.id), memberToken)).body as ReferenceUserProfile;
    expect(other).toMatchObject({ isAdmin: true, email: null });
  });

  it("an unknown or malformed id is a 404 or a 400 JSON error", async () => {
    const missing = await api.get(PROFILE(999_999));
    expect(missing.status).toBe(404);
    expect((missing.body as ApiErrorBody).code).toBe("USER_NOT_FOUND");
    const bad = await api.get("cca-integrator-api/api/v1/services/read/profile/abc");
    expect(bad.status).toBe(400);
  });

  it("next.config.js rewrites the hyphenated service to the platform adapter", async () => {
    const config = createRequire(import.meta.url)("../../next.config.js") as { rewrites(): Promise<{ source: string; destination: string }[]> };
    expect(await config.rewrites()).toContainEqual({ source: "/cca-integrator-api/api/:path*", destination: "/api/platform/cca-integrator/:path*" });
  });
});

describe(`[PARITY] cross-origin clients on the CORS_ORIGINS allow-list (${TEST_DB})`, () => {
  const preflight = (origin: string, method = "POST", headers = "authorization, content-type") =>
    api.request("OPTIONS", "user-api/api/v1/authenticate/change-password", {
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
    });

  it("a listed origin's preflight is answered with the platform's methods and headers, credentials allowed", async () => {
    const res = await preflight(PARTNER);
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    for (const method of ["GET", "POST", "PUT", "DELETE"]) expect(res.headers["access-control-allow-methods"]).toContain(method);
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");
    expect(res.headers.vary).toContain("Origin");
  });

  it("a listed origin's actual request gets its own origin back, credentials and Vary: Origin, on success and on errors", async () => {
    const ok = await api.get("resources-api/api/v1/license/all", { headers: { origin: PARTNER } });
    expect(ok.status).toBe(200);
    expect(ok.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    expect(ok.headers.vary).toBe("Origin");
    const signedIn = await api.get(PROFILE(SEED_USER_BY_ROLE.user.id), { headers: { origin: "http://localhost:3100", authorization: `Bearer ${memberToken}` } });
    expect(signedIn.headers["access-control-allow-origin"]).toBe("http://localhost:3100");
    const missing = await api.get("user-api/api/v1/user/999999", { headers: { origin: PARTNER } });
    expect(missing.status).toBe(404);
    expect(missing.headers["access-control-allow-origin"]).toBe(PARTNER);
  });

  it("an unlisted origin gets no CORS headers, and its preflight is refused", async () => {
    const res = await preflight(STRANGER);
    expect(res.status).toBe(403);
    expect((res.body as ApiErrorBody).code).toBe("FORBIDDEN");
    for (const h of Object.keys(res.headers)) expect(h.startsWith("access-control-")).toBe(false);
    const actual = await api.get("resources-api/api/v1/license/all", { headers: { origin: STRANGER } });
    expect(actual.status).toBe(200);
    for (const h of Object.keys(actual.headers)) expect(h.startsWith("access-control-")).toBe(false);
    expect(actual.headers.vary).toBe("Origin");
    // An origin is matched exactly: another scheme, port or a look-alike host is another origin.
    for (const origin of ["http://partner.example.org", "https://partner.example.org:8443", "https://partner.example.org.evil.net", "null"]) {
      expect((await preflight(origin)).status).toBe(403);
      const res2 = await api.get("resources-api/api/v1/license/all", { headers: { origin } });
      expect(res2.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  it("never answers * (credentials are allowed), and a plain OPTIONS without Origin still lists the route's methods", async () => {
    const res = await api.get("resources-api/api/v1/license/all", { headers: { origin: PARTNER } });
    expect(res.headers["access-control-allow-origin"]).not.toBe("*");
    const plain = await api.request("OPTIONS", "pages-api/api/v1/page/45");
    expect(plain.status).toBe(204);
    expect(plain.headers.allow).toContain("GET");
  });

  it("without an allow-list (the default) no response carries CORS headers and preflights are refused", async () => {
    const closed = createPlatformRouter({ ...api.deps, settings: { ...api.deps.settings, corsOrigins: [] } });
    const res = await callRouter(closed, "GET", "resources-api/api/v1/license/all", { headers: { origin: PARTNER } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    const pre = await callRouter(closed, "OPTIONS", "resources-api/api/v1/license/all", { headers: { origin: PARTNER, "access-control-request-method": "GET" } });
    expect(pre.status).toBe(403);
  });
});
