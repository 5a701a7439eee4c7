/**
 * The Local Contexts Hub sync (issue 30, item 3), on both databases, against a local stand-in of the Hub
 * API v2 (`GET /api/v2/projects/{uuid}/`, `X-Api-Key`): a group's founder sets the group's key (never read
 * back), a record's keeper syncs its labels from a project — the Hub's TK and BC labels mapped to the
 * shipped catalogue with the community's text per language, the restricting ones driving the treatments —
 * and every failure is a 4xx/5xx with a key, never a crash: no Hub configured, no key, a refused key, an
 * unknown project, a Hub that does not answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData } from "@/contracts/cca-data";
import type { HubSyncResult } from "@/contracts/local-contexts-hub";
import { catalogueIdOf, labelsFromHub } from "@/contracts/local-contexts-hub";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { SACRED_GROVES } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const PROJECT = "3f2b9c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b";
const KEY = "hub-key-of-the-sacred-groves";

/** The stand-in Hub: one project, answered only with the right key. */
const PROJECT_BODY = {
  unique_id: PROJECT,
  title: "Sacred groves of the Western Ghats",
  tk_labels: [
    { unique_id: "a1", name: "TK Secret / Sacred", label_type: "secret_sacred", language: "English", label_text: "Only the elders visit this grove." },
    { unique_id: "a2", name: "TK Secret / Sacred", label_type: "secret_sacred", language: "Hindi", label_text: "इस उपवन में केवल बुज़ुर्ग जाते हैं।" },
    { unique_id: "a3", name: "TK Attribution", label_type: "attribution", language: "English", label_text: "Credit the village of the grove." },
    { unique_id: "a4", name: "TK Rain Dance", label_type: "rain_dance", language: "English", label_text: "Not a Local Contexts type." },
  ],
  bc_labels: [{ unique_id: "b1", name: "BC Provenance", label_type: "provenance", language: "en", label_text: "" }],
};
let hub: http.Server;
let hubUrl = "";
let slow = false;
const seenKeys: string[] = [];

let api: TestPlatform;
let unconfigured: TestPlatform;
const tokens = { founder: "", member: "", admin: "" };
let recordId = 0;

const put = (platform: TestPlatform, url: string, body: unknown, token?: string) => sendJson(platform, "PUT", url, body, token ? { token } : {});
const fieldErrors = (res: ApiResult) => (res.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};

beforeAll(async () => {
  hub = http.createServer((req, res) => {
    seenKeys.push(String(req.headers["x-api-key"] ?? ""));
    if (slow) return; // never answers: the portal's time bound must end the call
    const match = /^\/api\/v2\/projects\/([^/]+)\/$/.exec(req.url ?? "");
    if (req.headers["x-api-key"] !== KEY) return void res.writeHead(401, { "content-type": "application/json" }).end('{"detail":"Invalid API key"}');
    if (!match || match[1] !== PROJECT) return void res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not found."}');
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(PROJECT_BODY));
  });
  await new Promise<void>((resolve) => hub.listen(0, "127.0.0.1", resolve));
  hubUrl = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
  api = await createTestPlatform({ settings: { localContextsApiUrl: hubUrl } });
  unconfigured = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.founder = await sign(SEED_USER_BY_ROLE.groupFounder);
  tokens.member = await sign(SEED_USER_BY_ROLE.user);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  const founder = await api.db.one<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.groupFounder.email!]);
  recordId = (
    await api.db.one<{ id: number }>(
      `select min(d.id) as id from cca_data d join cca_data_user_group g on g.data_id = d.id
        where g.user_group_id = $1 and d.is_public and d.user_id = $2 and not exists (select 1 from cca_data_label l where l.data_id = d.id)`,
      [SACRED_GROVES.id, founder.id],
    )
  ).id;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await unconfigured?.close();
  hub?.closeAllConnections();
  await new Promise((resolve) => hub?.close(resolve));
});

describe(`[HUB] Local Contexts Hub sync (${TEST_DB})`, () => {
  it("maps Hub label types to the catalogue and keeps the community's text per language", () => {
    expect(catalogueIdOf("TK", { label_type: "secret_sacred" })).toBe("tk-secret-sacred");
    expect(catalogueIdOf("TK", { name: "TK Women Restricted" })).toBe("tk-women-restricted");
    expect(catalogueIdOf("BC", { label_type: "consent_verified" })).toBe("bc-consent-verified");
    expect(catalogueIdOf("BC", { label_type: "secret_sacred" })).toBeNull();
    const { labels, unmatched } = labelsFromHub(PROJECT_BODY);
    expect(labels).toEqual([
      { labelId: "tk-secret-sacred", text: { en: "Only the elders visit this grove.", hi: "इस उपवन में केवल बुज़ुर्ग जाते हैं।" } },
      { labelId: "tk-attribution", text: { en: "Credit the village of the grove." } },
      { labelId: "bc-provenance", text: null },
    ]);
    expect(unmatched).toEqual(["TK Rain Dance"]);
  });

  it("a group's founder sets its key, never read back; members may not", async () => {
    expect((await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: KEY }, tokens.member)).status).toBe(403);
    expect((await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: "short" }, tokens.founder)).status).toBe(400);
    const set = await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: KEY }, tokens.founder);
    expect(set.status, set.raw.toString()).toBe(200);
    const read = await getAs(api, `${D}/hub/key/${SACRED_GROVES.id}`, tokens.founder);
    expect(read.body).toEqual({ configured: true, hub: true });
    expect(read.raw.toString()).not.toContain(KEY);
  });

  it("a keeper syncs the record's labels from its project: labels, texts, treatments, history", async () => {
    const res = await put(api, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, tokens.founder);
    expect(res.status, res.raw.toString()).toBe(200);
    const result = res.body as HubSyncResult;
    expect(result.labels.map((l) => l.labelId)).toEqual(["tk-attribution", "tk-secret-sacred", "bc-provenance"]);
    expect(result.labels[1]!.text).toEqual({ en: "Only the elders visit this grove.", hi: "इस उपवन में केवल बुज़ुर्ग जाते हैं।" });
    expect(result.unmatched).toEqual(["TK Rain Dance"]);
    expect(seenKeys.at(-1)).toBe(KEY);
    // "Secret / Sacred" withholds its places from the public at once.
    const record = (await getAs(api, `${D}/${recordId}`)).body as CCAData;
    expect(record.labels).toContain("tk-secret-sacred");
    expect(record.restrictions?.boundary).toMatchObject({ treatment: "WITHHOLD", labelId: "tk-secret-sacred" });
    const history = (await getAs(api, `activity-api/api/v1/service/ibp/ccaData/${recordId}`)).raw.toString();
    expect(history).toContain("Labels synced from the Local Contexts Hub");
  });

  it("refuses clearly: a member, a bad id, an unknown project, a refused key, no Hub, a Hub that does not answer", async () => {
    expect((await put(api, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, tokens.member)).status).toBe(403);
    const bad = await put(api, `${D}/labels/${recordId}/hub`, { projectId: "../../admin" }, tokens.founder);
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toEqual({ projectId: "governance:hub.errors.project" });
    const unknown = await put(api, `${D}/labels/${recordId}/hub`, { projectId: "00000000-0000-4000-8000-000000000000" }, tokens.founder);
    expect(unknown.status).toBe(422);
    expect(fieldErrors(unknown)).toEqual({ projectId: "governance:hub.errors.not_found" });
    await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: "a-key-the-hub-refuses" }, tokens.admin);
    const refused = await put(api, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, tokens.founder);
    expect(refused.status).toBe(422);
    expect(fieldErrors(refused)).toEqual({ projectId: "governance:hub.errors.no_key" });
    await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: null }, tokens.admin);
    const noKey = await put(api, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, tokens.founder);
    expect(noKey.status).toBe(409);
    expect(fieldErrors(noKey)).toEqual({ projectId: "governance:hub.errors.no_key" });
    const founderThere = (await tokensOf(unconfigured, SEED_USER_BY_ROLE.groupFounder.email!, SEED_USER_BY_ROLE.groupFounder.password)).access_token;
    const off = await put(unconfigured, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, founderThere);
    expect(off.status).toBe(409);
    expect(fieldErrors(off)).toEqual({ projectId: "governance:hub.errors.not_configured" });
  });

  it("a Hub that never answers ends in 503 within the time bound, and the labels stay as they were", async () => {
    await put(api, `${D}/hub/key/${SACRED_GROVES.id}`, { apiKey: KEY }, tokens.founder);
    slow = true;
    try {
      const started = Date.now();
      const res = await put(api, `${D}/labels/${recordId}/hub`, { projectId: PROJECT }, tokens.founder);
      expect(res.status).toBe(503);
      expect(fieldErrors(res)).toEqual({ projectId: "governance:hub.errors.unreachable" });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      slow = false;
    }
    expect(((await getAs(api, `${D}/labels/${recordId}`)).body as Array<{ labelId: string }>).map((l) => l.labelId)).toEqual(["tk-attribution", "tk-secret-sacred", "bc-provenance"]);
  }, 30_000);
});
