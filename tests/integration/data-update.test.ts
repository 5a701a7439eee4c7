import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, ActivityEntryList } from "@/contracts/activity";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData, DataSearchResponse } from "@/contracts/cca-data";
import type { CCATemplate } from "@/contracts/template";
import { getAs, sendJson } from "./helpers/accounts";
import { freshPerson, outboxTo, seedPerson, type Person } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import { PUBLIC_CONSENT } from "./helpers/consent";

const DATA = "cca-api/api/v1/data";
const T = "cca-api/api/v1/template";
const HISTORY = "activity-api/api/v1/service/ibp/ccaData";

type Who = "anonymous" | "member" | "owner" | "editor" | "dataCurator" | "admin";
const EVERYONE: readonly Who[] = ["anonymous", "member", "owner", "editor", "dataCurator", "admin"];

let api: TestPlatform;
let template: CCATemplate;
const people = {} as Record<Exclude<Who, "anonymous">, Person>;
const tokenOf = (who: Who) => (who === "anonymous" ? undefined : people[who].token);
const send = (method: string, url: string, body: unknown, who: Who) => sendJson(api, method, url, body, { token: tokenOf(who) });
const fieldErrors = (res: ApiResult) => (res.body as ApiErrorBody).fieldErrors ?? {};

const SQUARE = {
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[77.58, 12.96], [77.6, 12.96], [77.6, 12.98], [77.58, 12.98], [77.58, 12.96]]] } }],
};
// A point in Odisha (the location is recomputed when the geometry changes).
const ODISHA = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [85.83, 20.27] } }] };

const FIELDS = [
  { fieldId: "u-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true },
  { fieldId: "u-area", type: "NUMBER", name: "Area", minMax: [0, 1000] },
  {
    fieldId: "u-kind",
    type: "SINGLE_SELECT_DROPDOWN",
    name: "Kind",
    valueOptions: [
      { valueId: "k-grove", label: "Sacred grove", value: "Sacred grove" },
      { valueId: "k-lake", label: "Lake", value: "Lake" },
    ],
  },
  { fieldId: "u-notes", type: "TEXT_AREA", name: "Notes" },
  { fieldId: "u-map", type: "GEOMETRY", name: "Boundary" },
];

const wrap = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([fieldId, value]) => [fieldId, { fieldId, name: "ignored", type: "TEXT", value }]));
let counter = 0;

/** A fresh record of the owner, with `editor` among its allowed users. */
async function makeRecord(): Promise<CCAData> {
  counter += 1;
  const res = await send(
    "POST",
    `${DATA}/save`,
    { shortName: template.shortName, usergroups: [], ccaFieldValues: wrap({ "u-name": `Devara Kadu ${counter} zqxupd${counter}`, "u-area": 120, "u-kind": { valueId: "k-grove" }, "u-notes": "Old", "u-map": SQUARE }), consent: PUBLIC_CONSENT },
    "owner",
  );
  if (res.status !== 201) throw new Error(`save: ${res.status} ${JSON.stringify(res.body)}`);
  const record = res.body as CCAData;
  await api.db.query("update cca_data set allowed_users = $2 where id = $1", [record.id, [people.editor.id]]);
  return record;
}

const update = (id: number, values: Record<string, unknown>, who: Who) => send("PUT", `${DATA}/update`, { id, shortName: template.shortName, ccaFieldValues: wrap(values) }, who);
const history = async (id: number) => (await getAs(api, `${HISTORY}/${id}?limit=50`)).body as ActivityEntryList;

beforeAll(async () => {
  api = await createTestPlatform();
  people.member = await freshPerson(api);
  people.owner = await freshPerson(api);
  people.editor = await freshPerson(api);
  people.dataCurator = await seedPerson(api, "dataCurator");
  people.admin = await seedPerson(api, "admin");
  const curator = await seedPerson(api, "templateCurator");
  const res = await sendJson(
    api,
    "POST",
    `${T}/save`,
    { shortName: `update-${Date.now()}`, name: "Update test", description: "Editing", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: FIELDS },
    { token: curator.token },
  );
  if (res.status !== 201) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
  template = res.body as CCATemplate;
});

afterAll(async () => {
  await api?.close();
});

describe(`[DATA UPDATE] who may write (${TEST_DB})`, () => {
  const expected: Record<string, Record<Who, number>> = {
    update: { anonymous: 401, member: 403, owner: 200, editor: 200, dataCurator: 200, admin: 200 },
    location: { anonymous: 401, member: 403, owner: 200, editor: 403, dataCurator: 200, admin: 200 },
    delete: { anonymous: 401, member: 403, owner: 200, editor: 403, dataCurator: 200, admin: 200 },
    restore: { anonymous: 401, member: 403, owner: 403, editor: 403, dataCurator: 200, admin: 200 },
    comment: { anonymous: 401, member: 200, owner: 200, editor: 200, dataCurator: 200, admin: 200 },
  };

  it.each(EVERYONE)("data/update as %s", async (who) => {
    const record = await makeRecord();
    const res = await update(record.id, { "u-area": 135 }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.update![who]);
    const stored = await api.db.one<{ v: unknown }>("select field_values->'u-area'->'value' as v from cca_data where id = $1", [record.id]);
    expect(stored.v).toBe(res.status === 200 ? 135 : 120);
  });

  it.each(EVERYONE)("data/update/location as %s", async (who) => {
    const record = await makeRecord();
    const res = await send("PUT", `${DATA}/update/location`, { id: record.id, location: { state: "Kerala", district: "Wayanad", tahsil: null } }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.location![who]);
    if (res.status === 200) expect((res.body as CCAData).location).toEqual({ state: "Kerala", district: "Wayanad", tahsil: null });
  });

  it.each(EVERYONE)("data/delete as %s", async (who) => {
    const record = await makeRecord();
    const res = await send("DELETE", `${DATA}/delete/${record.id}`, undefined, who);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.delete![who]);
    expect((await getAs(api, `${DATA}/${record.id}`)).status).toBe(res.status === 200 ? 404 : 200);
  });

  it.each(EVERYONE)("data/restore as %s", async (who) => {
    const record = await makeRecord();
    expect((await send("DELETE", `${DATA}/delete/${record.id}`, undefined, "owner")).status).toBe(200);
    const res = await send("PUT", `${DATA}/restore/${record.id}`, undefined, who);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.restore![who]);
    expect((await getAs(api, `${DATA}/${record.id}`)).status).toBe(res.status === 200 ? 200 : 404);
  });

  it.each(EVERYONE)("data/comment as %s", async (who) => {
    const record = await makeRecord();
    const res = await send("POST", `${DATA}/comment`, { body: `Note by ${who}`, languageId: 205, rootHolderId: record.id, rootHolderType: "ccaData", subRootHolderId: null, subRootHolderType: null }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.comment![who]);
    if (res.status === 200) expect(res.body as ActivityEntry).toMatchObject({ activityType: "Added a comment", body: `Note by ${who}` });
  });

  it("answers 404 for an unknown record on every write, and 400 for a malformed id", async () => {
    const missing = 2_000_000_000;
    expect((await update(missing, { "u-area": 1 }, "admin")).status).toBe(404);
    expect((await send("PUT", `${DATA}/update/location`, { id: missing, location: { state: "Kerala" } }, "admin")).status).toBe(404);
    expect((await send("DELETE", `${DATA}/delete/${missing}`, undefined, "admin")).status).toBe(404);
    expect((await send("PUT", `${DATA}/restore/${missing}`, undefined, "admin")).status).toBe(404);
    expect((await send("POST", `${DATA}/comment`, { body: "Hi", rootHolderId: missing, rootHolderType: "ccaData" }, "member")).status).toBe(404);
    expect((await getAs(api, `${HISTORY}/${missing}`)).status).toBe(404);
    const bad = await send("PUT", `${DATA}/update`, { id: "x", ccaFieldValues: {} }, "admin");
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toHaveProperty("id");
  });
});

describe(`[DATA UPDATE] partial merge, rules and history (${TEST_DB})`, () => {
  it("merges only the given fields, keeps the others, and writes one activity per changed field, newest first", async () => {
    const record = await makeRecord();
    const res = await update(record.id, { "u-area": "135", "u-kind": { valueId: "k-lake" }, "u-notes": "Old" }, "owner");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = (res.body as CCAData).ccaFieldValues;
    expect(v["u-area"]!.value).toBe(135);
    expect(v["u-kind"]!.value).toMatchObject({ valueId: "k-lake", value: "Lake", label: "Lake" });
    expect(v["u-name"]!.value).toBe(record.ccaFieldValues["u-name"]!.value);
    expect(v["u-notes"]!.value).toBe("Old");
    expect(v["u-map"]!.value).toEqual(SQUARE);

    const list = await history(record.id);
    const changes = list.activity.filter((a) => a.activityType === "Field updated");
    // Notes was given unchanged: no entry for it.
    expect(changes.map((a) => a.description).sort()).toEqual(["Area changed from 120 to 135", "Kind changed from Sacred grove to Lake"]);
    expect(changes.find((a) => a.details?.fieldId === "u-area")!.details).toMatchObject({ fieldId: "u-area", name: "Area", type: "NUMBER", old: 120, new: 135 });
    expect(list.activity.at(-1)!.activityType).toBe("Data created");
    expect(list.activity[0]!.user.id).toBe(people.owner.id);

    const again = await update(record.id, { "u-notes": "" }, "editor");
    expect(again.status).toBe(200);
    expect((again.body as CCAData).ccaFieldValues["u-notes"]).toBeUndefined();
    const newest = (await history(record.id)).activity[0]!;
    expect(newest).toMatchObject({ activityType: "Field updated", description: "Notes cleared (was Old)", user: { id: people.editor.id } });
  });

  it("refuses each bad value with its field's key, and a required field given empty; nothing is stored", async () => {
    const record = await makeRecord();
    const res = await update(record.id, { "u-area": 5000, "u-kind": { valueId: "nope" }, "u-name": "  ", "u-ghost": "x" }, "owner");
    expect(res.status).toBe(400);
    expect(fieldErrors(res)).toMatchObject({ "u-name": "form:required", "u-kind": expect.stringMatching(/:/), "u-area": expect.stringMatching(/:/), "u-ghost": "template:record.errors.unknown_field" });
    expect((res.body as ApiErrorBody).message).toContain("Name (u-name)");
    const after = (await getAs(api, `${DATA}/${record.id}`, people.owner.token)).body as CCAData;
    expect(after.ccaFieldValues["u-area"]!.value).toBe(120);
    expect((await history(record.id)).activity.map((a) => a.activityType)).toEqual(["Data created"]);
  });

  it("recomputes what reads derive: search words, value index filters and the location after a geometry change", async () => {
    const record = await makeRecord();
    const res = await update(record.id, { "u-name": "Chilika wetland qvmnew", "u-area": 700, "u-map": ODISHA }, "dataCurator");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as CCAData).location).toMatchObject({ state: "Odisha" });
    const found = (await getAs(api, `${DATA}/search?query=qvmnew&shortName=${template.shortName}`)).body as DataSearchResponse;
    expect(found.data.map((d) => d.id)).toEqual([record.id]);
    const old = (await getAs(api, `${DATA}/search?query=zqxupd${counter}&shortName=${template.shortName}`)).body as DataSearchResponse;
    expect(old.totalCount).toBe(0);
    const values = await api.db.query<{ num_lo: number }>("select num_lo from cca_data_value where data_id = $1 and field_id = 'u-area'", [record.id]);
    expect(values).toEqual([{ num_lo: 700 }]);
    const geometryChange = (await history(record.id)).activity.find((a) => a.details?.fieldId === "u-map")!;
    expect(geometryChange.description).toBe("Boundary: the map was redrawn");
  });

  it("tells followers of changes and comments (not the person who made them); a commenter becomes a follower", async () => {
    const record = await makeRecord();
    const comment = await send("POST", `${DATA}/comment`, { body: "Is the area right?", languageId: 205, rootHolderId: String(record.id), rootHolderType: "ccaData" }, "member");
    expect(comment.status).toBe(200);
    const followers = await api.db.one<{ followers: number[] }>("select followers from cca_data where id = $1", [record.id]);
    expect(followers.followers).toEqual([people.member.id]);
    expect((await getAs(api, `${DATA}/${record.id}`)).body as CCAData).toMatchObject({ followers: [String(people.member.id)] });

    const before = (await outboxTo(api, people.member.email)).length;
    expect((await update(record.id, { "u-area": 135 }, "owner")).status).toBe(200);
    const messages = await outboxTo(api, people.member.email);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)!.body).toContain("Area changed from 120 to 135");
    expect(messages.at(-1)!.body).toContain("Area 120 से बदलकर 135 किया गया");
    expect(messages.at(-1)!.body).toContain(`/data/show/${record.id}`);

    // The owner comments: the follower hears of it, the owner (now following too) does not hear of their own comment.
    const ownerBefore = (await outboxTo(api, people.owner.email)).length;
    expect((await send("POST", `${DATA}/comment`, { body: "Yes, measured again", rootHolderId: record.id, rootHolderType: "ccaData" }, "owner")).status).toBe(200);
    expect((await outboxTo(api, people.member.email)).at(-1)!.body).toContain("commented: Yes, measured again");
    expect(await outboxTo(api, people.owner.email)).toHaveLength(ownerBefore);

    const list = await history(record.id);
    expect(list.activity.map((a) => a.activityType)).toEqual(["Added a comment", "Field updated", "Added a comment", "Data created"]);
    expect(list.activity[0]!.body).toBe("Yes, measured again");
  });

  it("refuses blank and over-long comments and a wrong holder type", async () => {
    const record = await makeRecord();
    const blank = await send("POST", `${DATA}/comment`, { body: "   ", rootHolderId: record.id, rootHolderType: "ccaData" }, "member");
    expect(blank.status).toBe(400);
    expect(fieldErrors(blank)).toEqual({ body: "form:required" });
    const long = await send("POST", `${DATA}/comment`, { body: "x".repeat(2001), rootHolderId: record.id, rootHolderType: "ccaData" }, "member");
    expect(fieldErrors(long)).toEqual({ body: 'form:max_length|{"max":2000}' });
    const wrong = await send("POST", `${DATA}/comment`, { body: "Hi", rootHolderId: record.id, rootHolderType: "page" }, "member");
    expect(fieldErrors(wrong)).toHaveProperty("rootHolderType");
  });

  it("delete hides the record from search, lists and its history; restore brings it back with both entries", async () => {
    const record = await makeRecord();
    const word = `zqxupd${counter}`;
    const search = async () => ((await getAs(api, `${DATA}/search?query=${word}`)).body as DataSearchResponse).data.map((d) => d.id);
    expect(await search()).toEqual([record.id]);
    const deleted = await send("DELETE", `${DATA}/delete/${record.id}`, undefined, "owner");
    expect(deleted.status).toBe(200);
    expect((deleted.body as CCAData).id).toBe(record.id);
    expect(await search()).toEqual([]);
    expect((await getAs(api, `${DATA}/${record.id}`)).status).toBe(404);
    expect((await getAs(api, `${HISTORY}/${record.id}`)).status).toBe(404);
    expect((await update(record.id, { "u-area": 1 }, "owner")).status).toBe(404);
    expect((await send("DELETE", `${DATA}/delete/${record.id}`, undefined, "owner")).status).toBe(404);

    const restored = await send("PUT", `${DATA}/restore/${record.id}`, undefined, "dataCurator");
    expect(restored.status).toBe(200);
    expect((restored.body as CCAData).ccaFieldValues["u-area"]!.value).toBe(120);
    expect(await search()).toEqual([record.id]);
    // Restoring a live record changes nothing.
    expect((await send("PUT", `${DATA}/restore/${record.id}`, undefined, "admin")).status).toBe(200);
    expect((await history(record.id)).activity.map((a) => a.activityType)).toEqual(["Data restored", "Data deleted", "Data created"]);
  });

  it("records a location change with its old and new place", async () => {
    const record = await makeRecord();
    const res = await send("PUT", `${DATA}/update/location`, { id: record.id, location: { state: "Kerala", district: "Wayanad" } }, "owner");
    expect(res.status).toBe(200);
    const entry = (await history(record.id)).activity[0]!;
    expect(entry.activityType).toBe("Location updated");
    expect(entry.description).toMatch(/^Location changed from .*Karnataka to Wayanad, Kerala$/);
    const bad = await send("PUT", `${DATA}/update/location`, { id: record.id, location: { state: 5 } }, "owner");
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toHaveProperty(["location.state"]);
  });
});
