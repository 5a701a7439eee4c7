/**
 * Local Contexts TK and BC labels on documents and on groups (issue 30, item 3), on both databases:
 * anyone reads the labels of a live document (`GET document-api … services/labels/{id}`) or group
 * (`GET userGroup-api … group/labels/{id}`); the document's uploader and admins, and the group's founders
 * and admins, set the complete set with the community's own text per language; anonymous writes are 401,
 * everyone else 403 with a translation key on `labels`, unknown ids 404, bad bodies 400 with field keys.
 * The demo seed carries labels on one document and one group.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntryList } from "@/contracts/activity";
import type { RecordLabel } from "@/contracts/local-contexts";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { DEMO_DOCUMENT_LABELS } from "@/server/seed/demo-labels";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { BANNI, NAGALAND } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const DOC = "document-api/api/v1/services/labels";
const GRP = "userGroup-api/api/v1/group/labels";

let api: TestPlatform;
/** uploader: the document contributor (the demo documents' uploader); moderator: made a moderator of Nagaland here. */
const tokens = { uploader: "", member: "", moderator: "", founder: "", admin: "" };
type Who = keyof typeof tokens | "anonymous";
/** A document the uploader uploaded, without labels; the seed's labelled document. */
let documentId = 0;
let seededDocumentId = 0;

const get = (url: string, who: Who) => getAs(api, url, who === "anonymous" ? undefined : tokens[who]);
const put = (url: string, body: unknown, who: Who) => sendJson(api, "PUT", url, body, who === "anonymous" ? {} : { token: tokens[who] });
const fieldErrors = (res: ApiResult) => (res.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.uploader = await sign(SEED_USER_BY_ROLE.documentContributor);
  tokens.member = await sign(SEED_USER_BY_ROLE.user);
  tokens.moderator = await sign(SEED_USER_BY_ROLE.dataCurator);
  tokens.founder = await sign(SEED_USER_BY_ROLE.groupFounder);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  const uploader = await api.db.one<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.documentContributor.email!]);
  const moderator = await api.db.one<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.dataCurator.email!]);
  await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'moderator') on conflict (user_group_id, user_id) do update set role = 'moderator'", [NAGALAND.id, moderator.id]);
  seededDocumentId = (await api.db.one<{ id: number }>("select id from document where title = $1", [DEMO_DOCUMENT_LABELS.title])).id;
  documentId = (
    await api.db.one<{ id: number }>("select min(id) as id from document where author_id = $1 and not is_deleted and id <> $2 and not exists (select 1 from document_label l where l.document_id = document.id)", [uploader.id, seededDocumentId])
  ).id;
  expect(documentId).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe(`[LABELS] Local Contexts labels on documents (${TEST_DB})`, () => {
  it("the demo's review of Nagaland's community forests carries Non-Commercial, read by anyone", async () => {
    for (const who of ["anonymous", "member"] as const) {
      const res = await get(`${DOC}/${seededDocumentId}`, who);
      expect(res.status, who).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect((res.body as RecordLabel[]).map((l) => l.labelId)).toEqual(["tk-non-commercial"]);
    }
  });

  it("a document without labels answers an empty list; an unknown one 404", async () => {
    expect((await get(`${DOC}/${documentId}`, "anonymous")).body).toEqual([]);
    expect((await get(`${DOC}/999999`, "anonymous")).status).toBe(404);
  });

  it("its uploader sets the complete set with the community's text per language, written to the document's history", async () => {
    const res = await put(`${DOC}/${documentId}`, { labels: [{ labelId: "bc-research" }, { labelId: "tk-attribution", text: { en: "  Cite the gram sabha  ", hi: "ग्राम सभा का नाम दें" } }] }, "uploader");
    expect(res.status, res.raw.toString()).toBe(200);
    const labels = res.body as RecordLabel[];
    expect(labels.map((l) => l.labelId)).toEqual(["tk-attribution", "bc-research"]);
    expect(labels[0]).toMatchObject({ kind: "TK", restricts: false, text: { en: "Cite the gram sabha", hi: "ग्राम सभा का नाम दें" } });
    expect(labels[0]!.appliedBy?.name).toBe(SEED_USER_BY_ROLE.documentContributor.name);
    expect(Date.parse(labels[0]!.appliedOn)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(`${DOC}/${documentId}`, "anonymous")).body).toEqual(labels);
    const activity = (await get(`activity-api/api/v1/service/ibp/document/${documentId}?offset=0&limit=5`, "anonymous")).body as ActivityEntryList;
    expect(activity.activity[0]).toMatchObject({ activityType: "Document labels changed", description: "Attribution, Research" });
  });

  it("an admin changes them too; an empty set removes them all", async () => {
    const res = await put(`${DOC}/${documentId}`, { labels: [{ labelId: "tk-secret-sacred" }] }, "admin");
    expect(res.status).toBe(200);
    expect((res.body as RecordLabel[]).map((l) => [l.labelId, l.restricts])).toEqual([["tk-secret-sacred", true]]);
    expect((await put(`${DOC}/${documentId}`, { labels: [] }, "admin")).body).toEqual([]);
  });

  it("refuses anonymous callers (401), anyone else (403 with a key), unknown documents (404) and bad bodies (400)", async () => {
    const body = { labels: [{ labelId: "tk-attribution" }] };
    expect((await put(`${DOC}/${documentId}`, body, "anonymous")).status).toBe(401);
    for (const who of ["member", "founder"] as const) {
      const res = await put(`${DOC}/${documentId}`, body, who);
      expect(res.status, who).toBe(403);
      expect(fieldErrors(res)).toEqual({ labels: "document:labels.errors.forbidden" });
    }
    expect((await put(`${DOC}/999999`, body, "admin")).status).toBe(404);
    const unknown = await put(`${DOC}/${documentId}`, { labels: [{ labelId: "tk-nope" }] }, "uploader");
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ "labels[0].labelId": "governance:labels.errors.unknown" });
    const bad = await put(`${DOC}/${documentId}`, { labels: "tk-clan" }, "uploader");
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldErrors(bad))).toEqual(["labels"]);
    expect((await get(`${DOC}/${documentId}`, "anonymous")).body).toEqual([]);
  });
});

describe(`[LABELS] Local Contexts labels on groups (${TEST_DB})`, () => {
  it("the demo's Nagaland group carries Attribution and Community Voice with the community's text in both languages", async () => {
    const res = await get(`${GRP}/${NAGALAND.id}`, "anonymous");
    expect(res.status).toBe(200);
    const labels = res.body as RecordLabel[];
    expect(labels.map((l) => l.labelId)).toEqual(["tk-attribution", "tk-community-voice"]);
    expect(labels[1]!.text?.en).toMatch(/village councils/);
    expect(labels[1]!.text?.hi).toMatch(/ग्राम परिषदें/);
    expect(labels[1]!.appliedBy?.name).toBe(SEED_USER_BY_ROLE.groupFounder.name);
  });

  it("a group without labels answers an empty list; an unknown group 404", async () => {
    expect((await get(`${GRP}/${BANNI.id}`, "member")).body).toEqual([]);
    expect((await get(`${GRP}/999999`, "anonymous")).status).toBe(404);
  });

  it("its founder sets the complete set; a label kept with the same text keeps who applied it", async () => {
    const before = (await get(`${GRP}/${NAGALAND.id}`, "anonymous")).body as RecordLabel[];
    const res = await put(`${GRP}/${NAGALAND.id}`, { labels: [...before.map((l) => ({ labelId: l.labelId, text: l.text })), { labelId: "bc-provenance", text: { hi: "ग्राम परिषद इसकी संरक्षक है" } }] }, "founder");
    expect(res.status, res.raw.toString()).toBe(200);
    const labels = res.body as RecordLabel[];
    expect(labels.map((l) => l.labelId)).toEqual(["tk-attribution", "tk-community-voice", "bc-provenance"]);
    expect(labels[1]!.appliedOn).toBe(before[1]!.appliedOn);
    expect(labels[2]).toMatchObject({ kind: "BC", text: { hi: "ग्राम परिषद इसकी संरक्षक है" } });
    expect((await get(`${GRP}/${NAGALAND.id}`, "member")).body).toEqual(labels);
    // Back to the seed's set.
    expect((await put(`${GRP}/${NAGALAND.id}`, { labels: before.map((l) => ({ labelId: l.labelId, text: l.text })) }, "admin")).status).toBe(200);
  });

  it("refuses anonymous callers (401), members and moderators (403 with a key), unknown groups (404) and bad bodies (400)", async () => {
    const body = { labels: [{ labelId: "tk-attribution" }] };
    expect((await put(`${GRP}/${BANNI.id}`, body, "anonymous")).status).toBe(401);
    for (const [who, group] of [["member", NAGALAND.id], ["moderator", NAGALAND.id], ["founder", BANNI.id], ["uploader", NAGALAND.id]] as const) {
      const res = await put(`${GRP}/${group}`, body, who);
      expect(res.status, who).toBe(403);
      expect(fieldErrors(res)).toEqual({ labels: "group:labels.errors.forbidden" });
    }
    expect((await put(`${GRP}/999999`, body, "admin")).status).toBe(404);
    const dup = await put(`${GRP}/${BANNI.id}`, { labels: [{ labelId: "tk-clan" }, { labelId: "tk-clan" }] }, "admin");
    expect(dup.status).toBe(400);
    expect(fieldErrors(dup)).toEqual({ labels: "governance:labels.errors.duplicate" });
    const lang = await put(`${GRP}/${BANNI.id}`, { labels: [{ labelId: "tk-clan", text: { ta: "x" } }] }, "admin");
    expect(lang.status).toBe(400);
    expect(fieldErrors(lang)).toEqual({ "labels[0].text": "form:language" });
    expect((await get(`${GRP}/${BANNI.id}`, "anonymous")).body).toEqual([]);
  });

  it("the admin sets Banni's labels; the group's own GET still answers", async () => {
    expect((await put(`${GRP}/${BANNI.id}`, { labels: [{ labelId: "bc-outreach" }] }, "admin")).status).toBe(200);
    expect(((await get(`${GRP}/${BANNI.id}`, "anonymous")).body as RecordLabel[]).map((l) => l.labelId)).toEqual(["bc-outreach"]);
    expect((await get(`userGroup-api/api/v1/group/${BANNI.id}`, "anonymous")).status).toBe(200);
    await put(`${GRP}/${BANNI.id}`, { labels: [] }, "admin");
  });
});
