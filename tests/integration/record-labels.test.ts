/**
 * Local Contexts TK and BC labels on records (issue 30, item 3), on both databases: whoever may see a
 * record reads its labels (`GET data/labels/{id}`), and only its keepers set them (`PUT`, the complete set,
 * each with the community's own text per language); the body's mistakes are field-error keys; a record
 * below the public keeps its labels from everyone its consent does not name (404, nothing of the label).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntryList } from "@/contracts/activity";
import { LOCAL_CONTEXTS_LABELS, type RecordLabel } from "@/contracts/local-contexts";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, GOVERNANCE_CAST, sendJson, signInCast } from "./helpers/accounts";
import { SACRED_GROVES } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";

let api: TestPlatform;
/** member: in the sacred groves group; outsider: signed in, in no group of the records. */
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", admin: "" };
type Who = keyof typeof tokens | "anonymous";
/** A public record of the sacred groves that the member does not own; the demo's community-only record. */
let publicId = 0;
let communityId = 0;

const get = (url: string, who: Who) => getAs(api, url, who === "anonymous" ? undefined : tokens[who]);
const put = (id: number, body: unknown, who: Who) => sendJson(api, "PUT", `${D}/labels/${id}`, body, who === "anonymous" ? {} : { token: tokens[who] });
const fieldErrors = (res: ApiResult) => (res.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};

beforeAll(async () => {
  api = await createTestPlatform();
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
  const member = await api.db.one<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.user.email!]);
  publicId = (
    await api.db.one<{ id: number }>(
      `select min(d.id) as id from cca_data d join cca_data_user_group g on g.data_id = d.id
        where g.user_group_id = $1 and d.is_public and not d.is_deleted and not d.is_template_deleted and d.user_id <> $2`,
      [SACRED_GROVES.id, member.id],
    )
  ).id;
  communityId = (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1", ["Ghol devrai (community only)"])).id;
  expect(publicId).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe(`[LABELS] Local Contexts labels on records (${TEST_DB})`, () => {
  it("a record without labels answers an empty list to anyone who may see it", async () => {
    for (const who of ["anonymous", "outsider", "member"] as const) {
      const res = await get(`${D}/labels/${publicId}`, who);
      expect(res.status, who).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("its keepers set the complete set, with the community's own text per language; everyone who sees the record reads it", async () => {
    const res = await put(
      publicId,
      {
        labels: [
          { labelId: "bc-provenance" },
          { labelId: "tk-seasonal", text: { en: "  Only after the monsoon festival  ", hi: "मानसून उत्सव के बाद ही" } },
          { labelId: "tk-attribution", text: { en: "   ", hi: "" } },
        ],
      },
      "founder",
    );
    expect(res.status, res.raw.toString()).toBe(200);
    const labels = res.body as RecordLabel[];
    // The catalogue's order (TK first), blank texts dropped, texts trimmed.
    expect(labels.map((l) => l.labelId)).toEqual(["tk-attribution", "tk-seasonal", "bc-provenance"]);
    expect(labels[0]).toMatchObject({ kind: "TK", restricts: false, text: null });
    expect(labels[1]).toMatchObject({ kind: "TK", restricts: true, text: { en: "Only after the monsoon festival", hi: "मानसून उत्सव के बाद ही" } });
    expect(labels[2]).toMatchObject({ kind: "BC", restricts: false, text: null });
    expect(labels[1]!.appliedBy?.name).toBeTruthy();
    expect(Number.isNaN(Date.parse(labels[1]!.appliedOn))).toBe(false);

    for (const who of ["anonymous", "outsider", "member", "admin"] as const) {
      const read = await get(`${D}/labels/${publicId}`, who);
      expect(read.status, who).toBe(200);
      expect(read.body).toEqual(labels);
    }
  });

  it("a change keeps who applied an unchanged label and when, drops the labels left out and is written to the record's history", async () => {
    const before = (await get(`${D}/labels/${publicId}`, "anonymous")).body as RecordLabel[];
    const res = await put(publicId, { labels: [{ labelId: "tk-attribution" }, { labelId: "tk-seasonal", text: { en: "Only in winter" } }] }, "admin");
    expect(res.status).toBe(200);
    const after = res.body as RecordLabel[];
    expect(after.map((l) => l.labelId)).toEqual(["tk-attribution", "tk-seasonal"]);
    expect(after[0]!.appliedOn).toBe(before[0]!.appliedOn);
    expect(after[0]!.appliedBy?.id).toBe(before[0]!.appliedBy?.id);
    expect(after[1]!.text).toEqual({ en: "Only in winter" });
    expect(after[1]!.appliedBy?.id).not.toBe(before[1]!.appliedBy?.id);

    const history = await get(`activity-api/api/v1/service/ibp/ccaData/${publicId}?offset=0&limit=20`, "admin");
    expect(history.status).toBe(200);
    const entries = (history.body as ActivityEntryList).activity ?? [];
    const changes = entries.filter((e) => JSON.stringify(e).includes("Labels changed"));
    expect(changes.length).toBe(2);

    const cleared = await put(publicId, { labels: [] }, "founder");
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual([]);
    expect((await get(`${D}/labels/${publicId}`, "anonymous")).body).toEqual([]);
  });

  it("mistakes in the body are field-error keys (400)", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ labels: [{ labelId: "tk-not-a-label" }] }, "labels[0].labelId", "governance:labels.errors.unknown"],
      [{ labels: [{ labelId: "tk-clan" }, { labelId: "tk-clan" }] }, "labels", "governance:labels.errors.duplicate"],
      [{ labels: Array.from({ length: 31 }, (_, i) => ({ labelId: LOCAL_CONTEXTS_LABELS[i % 30]!.id })) }, "labels", 'governance:labels.errors.too_many|{"max":30}'],
      [{ labels: [{ labelId: "tk-clan", text: { en: "x".repeat(501) } }] }, "labels[0].text.en", 'form:max_length|{"max":500}'],
      [{ labels: [{ labelId: "tk-clan", text: { fr: "Demandez au clan" } }] }, "labels[0].text", "form:language"],
      [{ labels: [{ labelId: "tk-clan", text: "Ask the clan" }] }, "labels[0].text", "form:invalid"],
      [{ labels: [{}] }, "labels[0].labelId", "form:required"],
      [{}, "labels", "form:required"],
    ];
    for (const [body, field, key] of cases) {
      const res = await put(publicId, body, "founder");
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldErrors(res)[field], `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(fieldErrors(res))}`).toBe(key);
    }
    // Nothing was stored by a refused body.
    expect((await get(`${D}/labels/${publicId}`, "anonymous")).body).toEqual([]);
  });

  it("only the record's keepers may set labels: 401 signed out, 403 for those who see it, 404 for those who may not", async () => {
    const body = { labels: [{ labelId: "tk-community-use-only" }] };
    expect((await put(publicId, body, "anonymous")).status).toBe(401);
    for (const who of ["member", "outsider"] as const) {
      const res = await put(publicId, body, who);
      expect(res.status, who).toBe(403);
      expect(fieldErrors(res).labels).toBe("governance:labels.errors.forbidden");
    }
    expect((await put(communityId, body, "outsider")).status).toBe(404);
    expect((await put(communityId, body, "dataCurator")).status).toBe(404);
    expect((await put(999_999, body, "admin")).status).toBe(404);
    expect((await get(`${D}/labels/999999`, "admin")).status).toBe(404);
  });

  it("a record below the public keeps its labels from everyone its consent does not name", async () => {
    const mark = "Shown only to the families of Ghol";
    const res = await put(communityId, { labels: [{ labelId: "tk-secret-sacred", text: { en: mark } }, { labelId: "tk-community-use-only" }] }, "founder");
    expect(res.status, res.raw.toString()).toBe(200);
    for (const who of ["member", "founder", "admin"] as const) {
      const read = await get(`${D}/labels/${communityId}`, who);
      expect(read.status, who).toBe(200);
      expect((read.body as RecordLabel[]).map((l) => l.labelId)).toEqual(["tk-community-use-only", "tk-secret-sacred"]);
    }
    for (const who of ["anonymous", "outsider", "dataCurator"] as const) {
      const read = await get(`${D}/labels/${communityId}`, who);
      expect(read.status, who).toBe(404);
      const text = read.raw.toString("utf8");
      expect(text).not.toContain(mark);
      expect(text).not.toContain("tk-secret-sacred");
    }
  });

  it("labels go with their record when it is deleted for good", async () => {
    await api.db.query("insert into cca_data_label (data_id, label_id) values ($1, 'bc-research')", [publicId]);
    const n = async () => (await api.db.one<{ n: number }>("select count(*)::integer as n from cca_data_label where data_id = $1", [publicId])).n;
    expect(await n()).toBe(1);
    await api.db.query("delete from cca_data where id = $1", [publicId]);
    expect(await n()).toBe(0);
  });
});
