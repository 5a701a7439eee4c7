/**
 * Consent on every record (issue 30, item 1) and the visibility engine on the reads of one record and of
 * many (item 4), on both databases, over the demo seed's records at each audience:
 * - no public surface (search, list, page, map points, facets, statistics, sitemap, the record, its card,
 *   its history, an export) shows a record without public consent to anyone its consent does not name:
 *   not its name, its place, its numbers, nor its id;
 * - each audience opens the record's page to exactly the callers the engine's table names;
 * - a record saved without consent is not public; its keepers give, change and withdraw consent, each
 *   written to its history; a withdrawal takes it out of every list at once and supersedes the exports
 *   made before (their files answer 410).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData, DataSearchResponse } from "@/contracts/cca-data";
import type { RecordAccessLog, RecordConsentHistory } from "@/contracts/consent";
import type { ActivityEntryList } from "@/contracts/activity";
import type { ExportLog } from "@/contracts/download-log";
import { exportInProgress } from "@/server/modules/exports/export.service";
import { buildSitemap } from "@/server/modules/site/sitemap.service";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, GOVERNANCE_CAST, sendJson, signInCast } from "./helpers/accounts";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";

let api: TestPlatform;
/** member: in the records' group (sacred groves); outsider: signed in, in no group of theirs. */
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", admin: "" };
type Who = keyof typeof tokens | "anonymous";

/** The demo records below the public, by seed key, with what would give each away. */
const RESTRICTED = {
  community: { key: "Ghol devrai (community only)", marks: ["Ghol devrai", "घोळची देवराई", "73.4567", "18.4321", "17.25", "Families of Ghol"] },
  curators: { key: "Degrai oran (curators)", marks: ["Degrai oran", "70.9123", "26.9876", "61.5", "Degrai shrine"] },
  members: { key: "Kan forest of Hosanagara (members)", marks: ["Kan forest of Hosanagara", "75.3456", "14.0987", "33.75"] },
  withdrawn: { key: "सरना स्थल, नगड़ी (सहमति वापस)", marks: ["सरना स्थल", "85.2468", "23.1357"] },
} as const;
type Level = keyof typeof RESTRICTED;
const ids = {} as Record<Level, number>;

const get = (url: string, who: Who) => getAs(api, url, who === "anonymous" ? undefined : tokens[who]);
const text = (res: ApiResult) => res.raw.toString("utf8");

beforeAll(async () => {
  api = await createTestPlatform();
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
  for (const [level, { key }] of Object.entries(RESTRICTED) as Array<[Level, { key: string }]>) {
    ids[level] = (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1", [key])).id;
  }
});

afterAll(async () => {
  await api?.close();
});

/** Every public read of many records, with filters that would isolate a restricted one. */
const PUBLIC_READS = [
  `${D}/search?limit=100`,
  `${D}/search?query=Ghol&limit=50`,
  `${D}/search?query=Degrai&limit=50`,
  `${D}/search?query=Hosanagara&limit=50`,
  `${D}/page?offset=0&limit=100&state=Maharashtra`,
  `${D}/list?limit=100&viewTemplate=master`,
  `${D}/list?limit=100&usergroups=1&viewTemplate=master`,
  `${D}/search/map`,
  `${D}/map/info?state=Rajasthan`,
  `${D}/aggregation`,
  `${D}/chart?groupBy=state`,
];

describe(`[GOVERNANCE] records below the public (${TEST_DB})`, () => {
  it("the seed holds a record at every audience, each copied onto the record with is_public only for PUBLIC", async () => {
    const rows = await api.db.query<{ id: number; consent_audience: string; is_public: boolean; n: number }>(
      "select d.id, d.consent_audience, d.is_public, (select count(*)::integer from cca_data_consent c where c.data_id = d.id) as n from cca_data d where d.id = any($1::integer[]) order by d.id",
      [Object.values(ids)],
    );
    expect(rows.map((r) => r.consent_audience).sort()).toEqual(["COMMUNITY", "CURATORS", "MEMBERS", "NONE"]);
    expect(rows.every((r) => !r.is_public && r.n === 1)).toBe(true);
    // Every record with public consent is public unless it waits for review or its treatments withhold it (issue 30).
    const legacy = await api.db.one<{ n: number }>(
      "select count(*)::integer as n from cca_data where consent_audience = 'PUBLIC' and review_state = 'PUBLISHED' and not record_withheld and not is_public",
    );
    expect(legacy.n).toBe(0);
    const withheld = await api.db.query<{ is_public: boolean }>("select is_public from cca_data where consent_audience = 'PUBLIC' and record_withheld");
    expect(withheld.length).toBeGreaterThan(0);
    expect(withheld.every((r) => !r.is_public)).toBe(true);
  });

  it("no list, search, map point, facet or statistic shows them to anyone, signed in or not", async () => {
    for (const who of ["anonymous", "outsider", "member", "dataCurator", "founder", "admin"] as const) {
      for (const url of PUBLIC_READS) {
        const res = await get(url, who);
        expect(res.status, `${who} ${url}: ${text(res).slice(0, 200)}`).toBeLessThan(400);
        const body = text(res);
        for (const { marks } of Object.values(RESTRICTED)) for (const mark of marks) expect(body, `${who} ${url} shows ${mark}`).not.toContain(mark);
        for (const id of Object.values(ids)) expect(body, `${who} ${url} lists record ${id}`).not.toMatch(new RegExp(`"id":\\s*"?${id}"?[,}]`));
      }
    }
  });

  it("the sitemap and the group's count leave them out", async () => {
    const xml = await buildSitemap(api.db, "http://localhost:3000");
    for (const id of Object.values(ids)) expect(xml).not.toContain(`/data/show/${id}<`);
    const count = await api.db.one<{ n: number }>("select count::integer as n from cca_group_count where user_group_id = 1").catch(() => ({ n: -1 }));
    const publicInGroup = await api.db.one<{ n: number }>(
      "select count(*)::integer as n from cca_data_user_group g join cca_data d on d.id = g.data_id where g.user_group_id = 1 and d.is_public and not d.is_deleted and not d.is_template_deleted",
    );
    if (count.n !== -1) expect(Number(count.n)).toBe(publicInGroup.n);
  });

  // The engine's table (visibility.ts), asked through the record's page, its card and its history.
  const SEES: Record<Level, readonly Who[]> = {
    community: ["member", "founder", "admin"],
    curators: ["member", "dataCurator", "founder", "admin"],
    members: ["member", "outsider", "dataCurator", "founder", "admin"],
    withdrawn: ["founder", "admin"],
  };
  for (const level of Object.keys(SEES) as Level[]) {
    it(`a record shared with ${level === "withdrawn" ? "nobody (consent withdrawn)" : `the ${level}`} opens only to the callers its consent names; the others get 404`, async () => {
      for (const who of ["anonymous", "outsider", "member", "dataCurator", "founder", "admin"] as const) {
        const allowed = SEES[level].includes(who);
        for (const url of [`${D}/${ids[level]}`, `${D}/summary/${ids[level]}`, `activity-api/api/v1/service/ibp/ccaData/${ids[level]}`]) {
          const res = await get(url, who);
          expect(res.status, `${who} ${url}`).toBe(allowed ? 200 : 404);
          if (!allowed) for (const mark of RESTRICTED[level].marks) expect(text(res)).not.toContain(mark);
        }
      }
      const seen = (await get(`${D}/${ids[level]}`, "admin")).body as CCAData;
      expect(seen.audience).toBe(level === "withdrawn" ? "NONE" : level.toUpperCase());
    });
  }

  it("a read by someone the consent names but who is not a keeper is written to the access log its keepers read", async () => {
    const id = ids.community;
    await api.db.query("delete from cca_data_access_log where data_id = $1", [id]);
    expect((await get(`${D}/${id}`, "founder")).status).toBe(200);
    expect((await get(`${D}/${id}`, "member")).status).toBe(200);
    expect((await get(`${D}/${id}`, "member")).status).toBe(200);
    const log = await get(`${D}/access-log/${id}`, "founder");
    expect(log.status).toBe(200);
    const body = log.body as RecordAccessLog;
    // The member once (one row an hour per reader); the founder keeps it and is not logged.
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({ audience: "COMMUNITY", reader: { name: expect.any(String) } });
    expect(body.entries[0]!.reader!.id).toBe((await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email])).id);
    expect((await get(`${D}/access-log/${id}`, "member")).status).toBe(403);
    expect((await get(`${D}/access-log/${id}`, "anonymous")).status).toBe(404);
    expect((await get(`${D}/access-log/${id}`, "outsider")).status).toBe(404);
  });

  it("a data curator's export of the master template leaves them out", async () => {
    const res = await sendJson(api, "POST", `${D}/all/download?shortName=master`, { notes: "Checking what leaves the portal" }, { token: tokens.dataCurator });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const log = res.body as ExportLog;
    await exportInProgress(log.id);
    const done = (await get(`user-api/api/v1/downloadLog/${log.id}`, "dataCurator")).body as ExportLog;
    const file = text(await get(done.filePath!, "dataCurator"));
    expect(file).toContain("Mawphlang");
    for (const { marks } of Object.values(RESTRICTED)) for (const mark of marks) expect(file).not.toContain(mark);
  });
});

describe(`[GOVERNANCE] giving, changing and withdrawing consent (${TEST_DB})`, () => {
  // Consent alone: the demo master template asks for review before publication (tests/integration/record-review.test.ts).
  beforeAll(async () => {
    await api.db.query("update cca_template set needs_review = false where short_name = 'master'");
  });
  afterAll(async () => {
    await api.db.query("update cca_template set needs_review = true where short_name = 'master'");
  });
  const NAME = `Consent grove ${Math.random().toString(36).slice(2, 8)}`;
  let id = 0;
  const save = (consent: unknown) =>
    sendJson(api, "POST", `${D}/save`, { shortName: "master", usergroups: [1], ccaFieldValues: {
          "name-of-cca": { fieldId: "name-of-cca", value: NAME },
          state: { fieldId: "state", value: { valueId: "state-karnataka" } },
          "ecosystem-type": { fieldId: "ecosystem-type", value: [{ valueId: "eco-sacred-grove" }] },
        }, ...(consent ? { consent } : {}) }, { token: tokens.member });
  const listed = async (who: Who) => ((await get(`${D}/search?query=${encodeURIComponent(NAME.split(" ")[2]!)}`, who)).body as DataSearchResponse).data.map((r) => r.id);

  it("refuses a consent that does not hold together, naming each field in its language's key", async () => {
    const res = await save({ audience: "COMMUNITY", registries: true, givenBy: "ELDERS", method: "FPIC_DOCUMENT", givenOn: "2999-01-01" });
    expect(res.status).toBe(400);
    expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      "consent.registries": "governance:errors.registries_need_public",
      "consent.givenBy": "form:invalid",
      "consent.givenOn": "governance:errors.future_date",
      "consent.document": "governance:errors.document_required",
    });
  });

  it("a record saved without consent is its owner's alone: not listed, 404 for others, in the owner's own list", async () => {
    const res = await save(null);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = (res.body as CCAData).id;
    expect((res.body as CCAData).audience).toBe("NONE");
    expect(await listed("anonymous")).not.toContain(id);
    expect((await get(`${D}/${id}`, "anonymous")).status).toBe(404);
    expect((await get(`${D}/${id}`, "outsider")).status).toBe(404);
    const own = (await get(`${D}/myList?limit=100`, "member")).body as { ccaDataList: Array<{ id: number }> };
    expect(own.ccaDataList.map((r) => Number(r.id))).toContain(id);
    const others = (await get(`${D}/myList?limit=100&userId=${(await api.db.one<{ user_id: number }>("select user_id from cca_data where id = $1", [id])).user_id}`, "anonymous")).body as {
      ccaDataList: Array<{ id: number }>;
    };
    expect(others.ccaDataList.map((r) => Number(r.id))).not.toContain(id);
  });

  it("its keepers give public consent: it is listed at once; others may not change it (403), strangers may not see it (404)", async () => {
    expect((await sendJson(api, "PUT", `${D}/consent/${id}`, PUBLIC_CONSENT, { token: tokens.outsider })).status).toBe(404);
    const given = await sendJson(api, "PUT", `${D}/consent/${id}`, { ...PUBLIC_CONSENT, registries: true, givenBy: "COMMUNITY", method: "MEETING" }, { token: tokens.member });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const history = given.body as RecordConsentHistory;
    expect(history.current).toMatchObject({ audience: "PUBLIC", registries: true, givenBy: "COMMUNITY", method: "MEETING", narrowed: false });
    expect(await listed("anonymous")).toContain(id);
    expect((await sendJson(api, "PUT", `${D}/consent/${id}`, PUBLIC_CONSENT, { token: tokens.outsider })).status).toBe(403);
    expect((await get(`${D}/consent/${id}`, "outsider")).status).toBe(403);
    expect((await get(`${D}/consent/${id}`, "founder")).status).toBe(200);
  });

  it("withdrawing takes it out of every list on the next request, is written to its history, and supersedes the exports made before", async () => {
    const exported = await sendJson(api, "POST", `${D}/all/download?shortName=master`, { notes: "Before the withdrawal" }, { token: tokens.dataCurator });
    const log = exported.body as ExportLog;
    await exportInProgress(log.id);
    const before = (await get(`user-api/api/v1/downloadLog/${log.id}`, "dataCurator")).body as ExportLog;
    expect(before.filePath).not.toBeNull();
    expect(text(await get(before.filePath!, "dataCurator"))).toContain(NAME);
    // The lists were read (and cached) with the record in them.
    expect(await listed("anonymous")).toContain(id);

    const withdrawn = await sendJson(api, "PUT", `${D}/consent/${id}`, { ...PUBLIC_CONSENT, audience: "NONE", givenBy: "COMMUNITY", method: "MEETING", note: "The village asked" }, { token: tokens.founder });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const history = withdrawn.body as RecordConsentHistory;
    expect(history.history.map((c) => c.audience)).toEqual(["NONE", "PUBLIC"]);
    expect(history.current).toMatchObject({ narrowed: true, note: "The village asked" });

    expect(await listed("anonymous")).not.toContain(id);
    expect(text(await get(`${D}/search/map`, "anonymous"))).not.toMatch(new RegExp(`"id":${id},`));
    expect((await get(`${D}/${id}`, "member")).status).toBe(200);
    expect((await get(`${D}/${id}`, "outsider")).status).toBe(404);

    const activity = (await get(`activity-api/api/v1/service/ibp/ccaData/${id}`, "member")).body as ActivityEntryList;
    expect(activity.activity.map((a) => a.activityType)).toContain("Consent withdrawn");

    const after = (await get(`user-api/api/v1/downloadLog/${log.id}`, "dataCurator")).body as ExportLog;
    expect(after.supersededOn).toEqual(expect.any(Number));
    expect(after.filePath).toBeNull();
    const file = await get(`${D}/all/download/${log.id}`, "dataCurator");
    expect(file.status).toBe(410);
  });
});
