/**
 * A bounded fuzz run over every route the platform router has (issue 18): malformed path parameters,
 * queries, bodies, content types and tokens, with a fixed seed so a failure reproduces. Nothing may
 * answer 5xx or hang, and requests that only read (GET, HEAD) must leave the database as it was.
 * A failure prints the requests that broke, ready to replay. `FUZZ_SEED` and `FUZZ_ROUNDS` change the run.
 */
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { tokensOf } from "./helpers/accounts";
import { isRead } from "./helpers/platform-routes";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";
import { ENTRY_KINDS, searchIndexOf } from "@/server/modules/search/search-index.service";

const SEED = Number(process.env.FUZZ_SEED || 20261124);
/** Requests per route and method (≈ 80 routes × 30 rounds ≈ 2,400 requests). */
const ROUNDS = Number(process.env.FUZZ_ROUNDS || 30);
const HANG_MS = 15_000;

let api: TestPlatform;
const tokens: Record<string, string> = {};

/** A small seeded generator (mulberry32): the same seed gives the same run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const PARAM_VALUES = [
  "0", "-1", "1", "7", "45", "2147483648", "99999999999999999999999", "1e309", "NaN", "1.5", "0x10", "abc", "null", "undefined",
  "%00", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..", "%25", "%E0%A4", "%F0%9F%92%A5", "a".repeat(3000), "'%20or%201%3D1--", "%3Cscript%3E", "%20",
  "master", "sacred-grove-survey", "myUploads", "en", "hi",
];
const QUERY_KEYS = ["offset", "limit", "max", "language", "languageId", "id", "userId", "query", "sort", "orderBy", "state", "usergroups", "groupId",
  "shortName", "filterTemplate", "viewTemplate", "bbox", "format", "username", "email", "token", "lat", "lon", "type", "page", "q", "area-ha", "constructor", "__proto__", "toString"];
const QUERY_VALUES = ["", "-5", "0", "1", "101", "100000000000000000000", "abc", "1,2,x", "[1,2]", "{}", "%", "_", "\u0000", "1..", "..5",
  "77.5,12.9,77.6", "91,181,92,182", "hi", "xx", "<b>", "a".repeat(5000), "2024-02-30", "true", "null"];
// Issue 27 item 1: content HTML naming Next's data script (DOM clobbering) in every field that holds HTML.
const CLOBBER_HTML = '<div id="__NEXT_DATA__">{"page":"/","buildId":"x","assetPrefix":"http://127.0.0.2:9"}</div><a name="__NEXT_DATA__">a</a><form id="__next"></form>';
const CLOBBER = JSON.stringify({
  title: "Clobber", content: CLOBBER_HTML, pageType: "Content", languageId: 205, parentId: 0, color: "#ffffff", bgColor: "#1d4044", enabled: true,
  translations: { "205": CLOBBER_HTML }, moreLinks: "/data/list", shortName: "master", usergroups: [], id: 1,
  ccaFieldValues: Object.fromEntries(Object.entries({ "name-of-cca": "Clobber", state: { valueId: "state-karnataka" }, "ecosystem-type": [{ valueId: "eco-sacred-grove" }], "case-study": CLOBBER_HTML }).map(([fieldId, value]) => [fieldId, { fieldId, value }])),
});
const BODIES: { type: string; body: string | Buffer }[] = [
  { type: "application/json", body: "{" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: "42" },
  { type: "application/json", body: '"text"' },
  { type: "application/json", body: "{}" },
  { type: "application/json", body: JSON.stringify({ id: "x", name: 5, fields: "no", ccaFieldValues: [], usergroups: "a", shortName: {}, body: [], language: 9 }) },
  { type: "application/json", body: JSON.stringify({ id: -1, title: "a".repeat(100_000), languageId: "hi", parentId: 1e20, userIds: [null, "x"], followers: {} }) },
  { type: "application/json", body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  { type: "application/json", body: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }) },
  { type: "application/x-www-form-urlencoded", body: "username=%E0%A4&password=&mode=manual&x=%zz" },
  { type: "multipart/form-data; boundary=XYZ", body: "--XYZ\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"../../a.pdf\"\r\n\r\n%PDF-broken" },
  { type: "multipart/form-data", body: "no boundary at all" },
  { type: "text/plain", body: "plain" },
  { type: "application/octet-stream", body: Buffer.from([0xff, 0xfe, 0x00, 0x01]) },
  { type: "application/json", body: CLOBBER },
];


/** Stored content HTML (pages, translations, slides, announcements, record rich text) that names `__NEXT_DATA__` / `__next`. */
async function clobberedContent(pattern = /\s(id|name)="(__NEXT_DATA__|__next)"/): Promise<string[]> {
  const rows = await api.db.query<{ at: string; html: string | null }>(
    `select 'page ' || id as at, content as html from page union all select 'page_translation ' || page_id, content from page_translation
     union all select 'home_slide_translation ' || slide_id, description from home_slide_translation
     union all select 'announcement_translation ' || announcement_id, description from announcement_translation
     union all select 'cca_data ' || id, e.value ->> 'value' from cca_data, jsonb_each(field_values) e where e.value ->> 'type' = 'RICHTEXT'`,
  );
  return rows.filter((r) => pattern.test(r.html ?? "")).map((r) => r.at);
}

async function forgedToken(): Promise<string> {
  return new SignJWT({ id: SEED_USER_BY_ROLE.admin.id, roles: ["ROLE_ADMIN"] })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("not-the-platform-secret-but-32-characters-long"));
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function makeRequest(g: ReturnType<typeof generator>, route: { method: string; service: string; pattern: string }): FuzzRequest {
  const path = route.pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? g.pick(PARAM_VALUES) : part.startsWith("*") ? `${g.pick(PARAM_VALUES)}/${g.pick(PARAM_VALUES)}` : part))
    .join("/");
  const query = new URLSearchParams();
  const n = Math.floor(g.next() * 4);
  for (let i = 0; i < n; i += 1) query.append(g.pick(QUERY_KEYS), g.pick(QUERY_VALUES));
  const headers: Record<string, string> = {};
  const who = g.pick(["anonymous", "anonymous", "member", "admin", "garbage", "forged"]);
  if (who === "garbage") headers.authorization = g.pick(["Bearer ", "Bearer x.y.z", "Basic YTpi", "Bearer " + "a".repeat(9000)]);
  else if (who !== "anonymous") headers.authorization = `Bearer ${tokens[who]}`;
  let body: Buffer | undefined;
  if (route.method !== "GET" && route.method !== "HEAD" && g.next() < 0.9) {
    const chosen = g.pick(BODIES);
    headers["content-type"] = chosen.type;
    body = Buffer.isBuffer(chosen.body) ? chosen.body : Buffer.from(chosen.body);
  }
  const qs = query.toString();
  return { method: route.method, url: `${route.service}-api/api${path}${qs ? `?${qs}` : ""}`, headers, body };
}

const describeRequest = (r: FuzzRequest, outcome: string) =>
  `${outcome}: ${r.method} /${r.url.slice(0, 300)} headers=${JSON.stringify(r.headers).slice(0, 200)} body=${r.body ? JSON.stringify(r.body.toString("utf8").slice(0, 200)) : "none"}`;

async function send(r: FuzzRequest): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), HANG_MS);
  });
  try {
    const answer = await Promise.race([api.request(r.method, r.url, { headers: r.headers, body: r.body, clientAddress: "10.9.8.7" }), hang]);
    if (answer === "hang") return describeRequest(r, `no answer in ${HANG_MS} ms`);
    return answer.status >= 500 ? describeRequest(r, `HTTP ${answer.status}`) : null;
  } catch (error) {
    return describeRequest(r, `threw ${String(error).slice(0, 200)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** One digest per table of the public schema: what reading must not change. */
async function databaseChecksum(): Promise<Record<string, string>> {
  const tables = await api.db.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename");
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const row = await api.db.one<{ sum: string | null }>(`select md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum from "${name}" t`);
    sums[name] = row.sum ?? "empty";
  }
  return sums;
}

beforeAll(async () => {
  api = await createTestPlatform();
  tokens.member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
  tokens.admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  tokens.forged = await forgedToken();
});

afterAll(async () => {
  await api?.close();
});

describe(`[FUZZ] malformed requests over every platform route (${TEST_DB}, seed ${SEED})`, () => {
  it("reading requests answer without 5xx or hangs and leave the database unchanged", async () => {
    const routes = api.router.describeRoutes().filter(isRead);
    expect(routes.length).toBeGreaterThan(30);
    // As the platform's boot does: site search's index in step with its sources (a read may otherwise fill it).
    await searchIndexOf(api.db, api.deps.fileStore, api.deps.logger).fresh(ENTRY_KINDS);
    const before = await databaseChecksum();
    const g = generator(SEED);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const route of routes) {
        const failure = await send(makeRequest(g, route));
        if (failure) failures.push(failure);
      }
    }
    expect(failures.slice(0, 15), `${failures.length} failing requests`).toEqual([]);
    const after = await databaseChecksum();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, "tables a read changed").toEqual([]);
  }, 600_000);

  it("writing requests answer without 5xx or hangs", async () => {
    const routes = api.router.describeRoutes().filter((r) => !isRead(r));
    expect(routes.length).toBeGreaterThan(30);
    const g = generator(SEED + 1);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const route of routes) {
        const failure = await send(makeRequest(g, route));
        if (failure) failures.push(failure);
      }
    }
    expect(failures.slice(0, 15), `${failures.length} failing requests`).toEqual([]);
    expect(await clobberedContent(), "content storing a clobbering id").toEqual([]);
  }, 600_000);

  it("the clobbering payload sent to every content write route by an administrator and a member is stored with no id/name of the application", async () => {
    const routes = api.router.describeRoutes().filter((r) => /^(POST|PUT)$/.test(r.method) && /page|announcement|data\/(save|update)/i.test(r.pattern));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const who of ["admin", "member"]) {
        const url = `${route.service}-api/api${route.pattern.replace(/:[^/]+/g, "1").replace(/\*[^/]+$/, "a/b")}`;
        const failure = await send({ method: route.method, url, headers: { authorization: `Bearer ${tokens[who]}`, "content-type": "application/json" }, body: Buffer.from(CLOBBER) });
        expect(failure).toBeNull();
      }
    }
    expect(await clobberedContent()).toEqual([]);
    // It was stored (a page, a translation, an announcement, a record), cleaned.
    expect((await clobberedContent(/\sid="user-content-__NEXT_DATA__"/)).length).toBeGreaterThan(2);
  }, 120_000);

  // Issue 27 item 8: every write has a body limit, refused with 413 and a reason whoever sends it.
  it("oversized bodies are refused with 413 before the handler runs: a declared length past the limit, or the bytes themselves", async () => {
    // GET and HEAD bodies are never read.
    const routes = api.router.describeRoutes().filter((r) => r.method !== "GET" && r.method !== "HEAD");
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.pattern.replace(/:[^/]+/g, "1").replace(/\*[^/]+$/, "a/b");
      const headers = { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" };
      const base: FuzzRequest = { method: route.method, url: `${route.service}-api/api${path}`, headers };
      const declared = await api.request(route.method, base.url, { headers: { ...headers, "content-length": String(route.maxBodyBytes + 1) }, body: Buffer.from("{}") });
      if (declared.status !== 413 || !/at most/.test(JSON.stringify(declared.body))) failures.push(`declared: ${describeRequest(base, `HTTP ${declared.status}`)}`);
      if (route.maxBodyBytes <= 1024 * 1024) {
        const sent = await api.request(route.method, base.url, { headers, body: Buffer.alloc(route.maxBodyBytes + 1, 0x20) });
        if (sent.status !== 413) failures.push(`sent: ${describeRequest(base, `HTTP ${sent.status}`)}`);
      }
    }
    expect(failures.slice(0, 15), `${failures.length} failing requests`).toEqual([]);
    expect(routes.filter((r) => r.maxBodyBytes > 1024 * 1024).map((r) => `${r.method} ${r.service} ${r.pattern}`).length).toBeGreaterThan(5);
  }, 120_000);
});
