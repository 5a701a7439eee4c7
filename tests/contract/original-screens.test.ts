/**
 * The compatibility suite (issue 34): the calls of the original platform's web front end
 * (original-screens.ts), replayed in order against the platform, on PGlite and on the PostgreSQL server
 * like every back-end test. Each call must answer its status and hold every field the original reads;
 * and every call of the reference catalogue (platform-catalogue.ts) that the platform answers and the
 * original's screens make has a call here.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { simplePdf } from "@/server/modules/documents/simple-pdf";
import { freshIdentity, lastCode, tokensOf } from "../integration/helpers/accounts";
import { FOREST_BLOCKS, multipart, shapefileParts } from "../integration/helpers/layer-fixtures";
import { TEST_DB } from "../integration/helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "../integration/helpers/test-platform";
import { ORIGINAL_CALLS, type Caller, type ContractCall, type Ctx } from "./original-screens";
import { CATALOGUE } from "./platform-catalogue";

let api: TestPlatform;
const ctx = { tokens: {} } as Ctx;

beforeAll(async () => {
  api = await createTestPlatform();
  const signIn = async (role: keyof typeof SEED_USER_BY_ROLE) => (await tokensOf(api, SEED_USER_BY_ROLE[role].email!, SEED_USER_BY_ROLE[role].password)).access_token;
  const roles: Array<[Caller, keyof typeof SEED_USER_BY_ROLE]> = [
    ["member", "user"],
    ["admin", "admin"],
    ["dataCurator", "dataCurator"],
    ["templateCurator", "templateCurator"],
    ["pageEditor", "pageEditor"],
    ["documentContributor", "documentContributor"],
    ["founder", "groupFounder"],
  ];
  for (const [caller, role] of roles) ctx.tokens[caller] = await signIn(role);
  ctx.memberId = SEED_USER_BY_ROLE.user.id;
  ctx.memberEmail = SEED_USER_BY_ROLE.user.email;
  ctx.adminId = SEED_USER_BY_ROLE.admin.id;
  ctx.founderId = SEED_USER_BY_ROLE.groupFounder.id;
  ctx.newcomerEmail = freshIdentity().email.replace("tester", "contract");
  ctx.roleUserId = (await api.db.one<{ id: number }>("select id from role where authority = 'ROLE_USER'")).id;
  ctx.png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 34, g: 84, b: 61 } } }).png().toBuffer();
  ctx.pdf = simplePdf("Contract report", [["A report of the contract suite."]]);
  ctx.shapefile = shapefileParts(FOREST_BLOCKS, null);
  ctx.shownOwnerEmail = (await api.db.one<{ email: string }>("select u.email from cca_data d join app_user u on u.id = d.user_id where d.id = 1")).email;
  ctx.codeFor = (address) => lastCode(api, address);
  ctx.linkTokenFor = async (address) => {
    const row = await api.db.one<{ body: string }>("select body from outbox where recipient = $1 order by id desc limit 1", [address]);
    const token = /[?&]token=([^&\s"<]+)/.exec(row.body)?.[1];
    if (!token) throw new Error(`No link with a token in the last message to ${address}`);
    return decodeURIComponent(token);
  };
});

afterAll(async () => {
  await api?.close();
});

// Paths of the answer the original reads ------------------------------------------------------------

function check(value: unknown, path: string[], where: string, problems: string[]): void {
  if (path.length === 0) return;
  const [head, ...rest] = path as [string, ...string[]];
  const array = /^(.*)\[(\+?)\]$/.exec(head);
  const key = array ? array[1]! : head.replace(/!$/, "");
  const required = head.endsWith("!");
  const here = key === "" ? value : (value as Record<string, unknown> | null)?.[key];
  const at = key === "" ? where : `${where}.${key}`;
  if (key !== "" && (value === null || typeof value !== "object" || !(key in (value as object)))) {
    problems.push(`${at} is missing`);
    return;
  }
  if (array) {
    if (!Array.isArray(here)) return void problems.push(`${at} is not an array`);
    if (array[2] === "+" && here.length === 0) return void problems.push(`${at} is empty`);
    here.slice(0, 3).forEach((item, i) => check(item, rest, `${at}[${i}]`, problems));
    return;
  }
  if (required && (here === null || here === undefined)) return void problems.push(`${at} is null`);
  check(here, rest, at, problems);
}

/** The problems of an answer against the paths the original reads (none: it reads them all). */
export function readProblems(body: unknown, reads: readonly string[]): string[] {
  const problems: string[] = [];
  for (const read of reads) check(body, read.split("."), "answer", problems);
  return problems;
}

// Replaying ----------------------------------------------------------------------------------------

async function replay(call: ContractCall): Promise<ApiResult> {
  const url = typeof call.url === "function" ? call.url(ctx) : call.url;
  const headers: Record<string, string> = {};
  const token = call.as && call.as !== "anonymous" ? ctx.tokens[call.as] : undefined;
  if (call.as && call.as !== "anonymous" && !token) throw new Error(`No token for ${call.as}`);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (call.upload) {
    const upload = call.upload(ctx);
    const files = upload.files ?? (upload.file ? [upload.file] : []);
    const parts = [...Object.entries(upload.fields).map(([field, data]) => ({ field, data, contentType: "text/plain" })), ...files.map((f) => ({ field: f.field, fileName: f.name, data: f.data, contentType: f.type }))];
    const built = multipart(parts);
    headers["content-type"] = built.contentType;
    body = built.body;
  } else if (call.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = Buffer.from(new URLSearchParams(await call.form(ctx)).toString());
  } else if (call.json !== undefined) {
    const json = typeof call.json === "function" ? await (call.json as (c: Ctx) => unknown)(ctx) : call.json;
    headers["content-type"] = "application/json";
    body = Buffer.from(JSON.stringify(json));
  }
  return api.request(call.method, url, { headers, body, clientAddress: `10.34.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` });
}

describe.sequential(`[CONTRACT] the original front end's calls, replayed (${TEST_DB})`, () => {
  it.each(ORIGINAL_CALLS.map((call, i) => [`${String(i + 1).padStart(3, "0")} ${call.screen} · ${call.call} · ${call.method}`, call] as const))("%s", async (_name, call) => {
    const res = await replay(call);
    const detail = `${call.method} ${typeof call.url === "function" ? call.url(ctx) : call.url} → ${res.status} ${res.raw.toString("utf8").slice(0, 400)}`;
    expect(res.status, detail).toBe(call.status);
    expect(readProblems(res.body, call.reads ?? []), detail).toEqual([]);
    call.keep?.(res.body, ctx);
  });
});

describe("[CONTRACT] the suite covers every call of the catalogue the original's screens make", () => {
  const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{path\}/g, ".+").replace(/\{[^}]+\}/g, "[^/]+")}/?$`);
  const parsed = ORIGINAL_CALLS.map((call) => {
    const url = typeof call.url === "function" ? call.url(new Proxy(ctx, { get: (t, k) => (k in t ? t[k as string] : 1) })) : call.url;
    const match = /^([A-Za-z-]+)-api\/api(\/[^?]*)/.exec(url)!;
    return { method: call.method, service: match[1]!, path: match[2]! };
  });

  it("has a call for every answered row that the original's screens use", () => {
    // Answered, but not asked by the original's screens (reference §3.5 "not used by the UI").
    const notAsked = new Set(["GET cca /v1/data/page", "PUT cca /v1/data/restore/{id}", "PUT cca /v1/template/restore/{shortName}"]);
    const used = CATALOGUE.filter((row) => row.status !== "not served" && !/unused by the original/.test(row.reason ?? "") && !notAsked.has(`${row.method} ${row.service} ${row.path}`));
    const missing = used.filter((row) => !parsed.some((p) => p.method === row.method && p.service === row.service && pattern(row.path).test(p.path)));
    expect(missing.map((row) => `${row.method} ${row.service} ${row.path}`)).toEqual([]);
  });
});
