/**
 * Calls an existing client of the original platform makes (reference §3.8, §3.11, §3.12) and the CORS
 * allow-list that lets such a client run on another origin (issue 19).
 */
import { internalUrlOf } from "@/web-server/public-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { ReferenceUserProfile, UserSearchResponse } from "@/contracts/user";
import { insertUser } from "@/server/modules/accounts/user.repository";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createPlatformRouter } from "@/server/app/platform-router";
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

  it("the portal server sends the hyphenated service to the platform adapter", () => {
    expect(internalUrlOf("/cca-integrator-api/api/v1/services/read/profile/7")).toBe("/api/platform/cca-integrator/v1/services/read/profile/7");
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

const SEARCH = "user-api/api/v1/user/list/extended_user/_doc";
const search = (query = "", token?: string) =>
  api.request("POST", `${SEARCH}${query ? `?${query}` : ""}`, {
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: Buffer.from(JSON.stringify({ location: "" })),
  });
type Search = UserSearchResponse;

describe(`[PARITY] the user directory of the original front end: list with counts per filter (${TEST_DB})`, () => {
  // Five users with the fields the counts are about; one of them locked (not verified).
  beforeAll(async () => {
    const people = [
      { name: "Parity Asha", institution: "ATREE", occupation: "Ecologist", sexType: "Female", roles: ["ROLE_USER", "ROLE_DATACURATOR"], locked: false },
      { name: "Parity Bhanu", institution: "ATREE", occupation: "Forester", sexType: "Male", roles: ["ROLE_USER"], locked: false },
      { name: "Parity Chitra", institution: "WII", occupation: "Ecologist", sexType: "Female", roles: ["ROLE_USER"], locked: false },
      { name: "Parity Dev", institution: "WII", occupation: "Ecologist", sexType: "Male", roles: ["ROLE_USER"], locked: false },
      { name: "Parity Locked", institution: "ATREE", occupation: "Student", sexType: "Others", roles: [], locked: true },
    ];
    for (const [i, person] of people.entries()) {
      const id = await insertUser(api.db, {
        name: person.name,
        email: `parity.${i}@example.com`,
        mobileNumber: null,
        passwordHash: "x",
        roles: person.roles,
        sexType: person.sexType,
        occupation: person.occupation,
        institution: person.institution,
        accountLocked: person.locked,
        emailValidated: !person.locked,
        mobileValidated: false,
      });
      if (i < 2) await api.db.query("insert into user_group_member (user_group_id, user_id, role) values (3, $1, 'member')", [id]);
    }
  });

  it("a visitor gets the reference's shape: userList of {id, user, userGroup, taxonomy, locationInformation}, aggregationData, totalCount", async () => {
    const res = await search();
    expect(res.status).toBe(200);
    const body = res.body as Search;
    expect(Object.keys(body).sort()).toEqual(["aggregationData", "limit", "offset", "totalCount", "userList"]);
    expect(Object.keys(body.aggregationData).sort()).toEqual(["institution", "profession", "role", "sex", "taxonomyRole", "userGroup"]);
    expect(body.aggregationData.taxonomyRole).toEqual({});
    // 8 seeded users and the 4 verified ones above; the locked account is for administrators only.
    expect(body.totalCount).toBe(12);
    expect(body.userList).toHaveLength(10);
    for (const item of body.userList) {
      expect(Object.keys(item).sort()).toEqual(["id", "locationInformation", "taxonomy", "user", "userGroup"]);
      expect(item.user.id).toBe(item.id);
      expect(item.user.email).toBeNull();
      expect(item.taxonomy).toEqual([]);
    }
    expect(body.aggregationData.role).toMatchObject({ ROLE_USER: 12, ROLE_ADMIN: 1, ROLE_DATACURATOR: 2 });
    expect(body.aggregationData.institution).toEqual({ ATREE: 2, WII: 2 });
    expect(body.aggregationData.profession).toEqual({ Ecologist: 3, Forester: 1 });
    expect(body.aggregationData.sex).toEqual({ Female: 2, Male: 2 });
    expect(body.aggregationData.userGroup).toEqual({ "1": 2, "2": 1, "3": 2 });
    const founder = body.userList.find((u) => u.id === SEED_USER_BY_ROLE.groupFounder.id)!;
    expect(founder.userGroup.map((g) => [g.id, g.role])).toEqual(expect.arrayContaining([[1, "founder"], [2, "founder"]]));
  });

  it("filters combine with AND, values of one field with OR, and each field's counts ignore that field's own filter", async () => {
    const body = (await search("institution=ATREE,WII&sex=Female")).body as Search;
    expect(body.totalCount).toBe(2);
    expect(body.userList.map((u) => u.user.name).sort()).toEqual(["Parity Asha", "Parity Chitra"]);
    // sex counts apply the institution filter but not the sex filter, and vice versa.
    expect(body.aggregationData.sex).toEqual({ Female: 2, Male: 2 });
    expect(body.aggregationData.institution).toEqual({ ATREE: 1, WII: 1 });
    expect(body.aggregationData.profession).toEqual({ Ecologist: 2 });

    const repeated = (await search("profession=Ecologist&profession=Forester&role=ROLE_DATACURATOR")).body as Search;
    expect(repeated.userList.map((u) => u.user.name)).toEqual(["Parity Asha"]);
    expect(repeated.aggregationData.role).toMatchObject({ ROLE_USER: 4, ROLE_DATACURATOR: 1 });

    const inGroup = (await search("userGroupList=3")).body as Search;
    expect(inGroup.totalCount).toBe(2);
    expect(inGroup.aggregationData.userGroup).toEqual({ "1": 2, "2": 1, "3": 2 });
    expect(inGroup.aggregationData.institution).toEqual({ ATREE: 2 });

    const named = (await search("name=parity%20d&user=1,2")).body as Search;
    expect(named.totalCount).toBe(0);
    expect((await search(`user=${SEED_USER_BY_ROLE.admin.id},${SEED_USER_BY_ROLE.user.id}`)).body).toMatchObject({ totalCount: 2 });
  });

  it("pages with max and offset (at most 50), sorts by creation or last sign-in, filters by dates", async () => {
    const first = (await search("max=3&offset=0")).body as Search;
    const second = (await search("max=3&offset=3")).body as Search;
    expect(first.userList).toHaveLength(3);
    expect(first.totalCount).toBe(second.totalCount);
    expect(new Set([...first.userList, ...second.userList].map((u) => u.id)).size).toBe(6);
    expect(((await search("max=500")).body as Search).limit).toBe(50);
    // The last sign-in is private (issue 27 item 16): administrators sort and filter by it; for others the
    // order falls back to the newest accounts and the bounds are ignored.
    const byLogin = (await search("sort=user.lastLoginDate", adminToken)).body as Search;
    // Signed in by beforeAll: the member first (the latest sign-in), then the admin.
    expect(byLogin.userList.slice(0, 2).map((u) => u.id)).toEqual([SEED_USER_BY_ROLE.user.id, SEED_USER_BY_ROLE.admin.id]);
    const ids = async (query: string) => ((await search(query)).body as Search).userList.map((u) => u.id);
    expect(await ids("sort=user.lastLoginDate")).toEqual(await ids("sort=user.dateCreated"));
    expect(((await search("createdOnMinDate=2999-01-01")).body as Search).totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await search(`createdOnMinDate=2000-01-01&createdOnMaxDate=${today}`)).body as Search).totalCount).toBe(12);
    expect(((await search(`lastLoggedInMinDate=${Date.now() - 3_600_000}`, adminToken)).body as Search).totalCount).toBe(2);
    expect(((await search(`lastLoggedInMinDate=${Date.now() - 3_600_000}`)).body as Search).totalCount).toBe(first.totalCount);
  });

  it("bad parameters are a 400 with a reason", async () => {
    for (const query of ["role=ROLE_WIZARD", "sex=robot", "createdOnMinDate=yesterday", "offset=-1", "sort=name", "userGroupList=abc"]) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect((res.body as ApiErrorBody).message.length).toBeGreaterThan(5);
    }
  });

  it("administrators see every account with contact details and may search by e-mail or mobile number; others may not", async () => {
    const admin = (await search("", adminToken)).body as Search;
    expect(admin.totalCount).toBe(13);
    expect(admin.aggregationData.sex).toEqual({ Female: 2, Male: 2, Others: 1 });
    expect(admin.userList.every((u) => u.user.email !== null)).toBe(true);
    const byEmail = (await search("email=PARITY.4@", adminToken)).body as Search;
    expect(byEmail.userList.map((u) => u.user.name)).toEqual(["Parity Locked"]);
    expect(((await search("phoneNumber=98765", adminToken)).body as Search).totalCount).toBe(1);

    const member = await search("", memberToken);
    const own = (member.body as Search).userList.find((u) => u.id === SEED_USER_BY_ROLE.user.id)!;
    expect(own.user.email).toBe(SEED_USER_BY_ROLE.user.email);
    expect((member.body as Search).userList.filter((u) => u.id !== own.id).every((u) => u.user.email === null)).toBe(true);
    for (const query of ["email=example", "phoneNumber=98"]) {
      expect((await search(query)).status).toBe(403);
      expect((await search(query, memberToken)).status).toBe(403);
    }
  });
});
