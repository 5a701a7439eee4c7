/**
 * Issue 27 items 9, 14, 15 and 16: the authorisation holes a review found, each as the client or person
 * who noticed it would see it (on PGlite, then PostgreSQL with TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData } from "@/contracts/cca-data";
import type { CCATemplate } from "@/contracts/template";
import { getAs, sendJson } from "./helpers/accounts";
import { BANNI, freshPerson, seedPerson, type Person } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const UG = "userGroup-api/api/v1/group";

let api: TestPlatform;
let admin: Person;
let templateCurator: Person;
let template: CCATemplate;
const fieldErrors = (res: ApiResult) => (res.body as ApiErrorBody).fieldErrors ?? {};

beforeAll(async () => {
  api = await createTestPlatform();
  admin = await seedPerson(api, "admin");
  templateCurator = await seedPerson(api, "templateCurator");
  const res = await sendJson(
    api,
    "POST",
    "cca-api/api/v1/template/save",
    {
      shortName: `holes-${Date.now()}`,
      name: "Holes test",
      description: "One title field",
      platform: ["DESKTOP"],
      permissions: ["ROLE_USER"],
      fields: [{ fieldId: "h-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true, isSummaryField: true }],
    },
    { token: templateCurator.token },
  );
  if (res.status !== 201) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
  template = res.body as CCATemplate;
});

afterAll(async () => {
  await api?.close();
});

const groupsOf = async (id: number) =>
  (await api.db.query<{ user_group_id: number }>("select user_group_id from cca_data_user_group where data_id = $1 order by user_group_id", [id])).map((r) => r.user_group_id);

describe(`[AUTHZ HOLES] item 9: taking a record out of a group (${TEST_DB})`, () => {
  it("a stranger who joins the open group cannot take someone's record out of it; an allowed editor and the group's moderator can", async () => {
    const owner = await freshPerson(api, BANNI.id);
    const saved = await sendJson(api, "POST", `${D}/save`, { shortName: template.shortName, usergroups: [BANNI.id], ccaFieldValues: { "h-name": { fieldId: "h-name", value: "Banni grove" } } }, { token: owner.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body as CCAData).id;

    // Anyone may join Banni (open), then send the record's groups without Banni.
    const stranger = await freshPerson(api);
    expect((await getAs(api, `${UG}/join/${BANNI.id}`, stranger.token)).status).toBe(200);
    const refused = await sendJson(api, "PUT", `${D}/update/usergroup`, { id, usergroups: [] }, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(fieldErrors(refused)).toEqual({ usergroups: "contribute:errors.group_remove_forbidden" });
    expect(await groupsOf(id)).toEqual([BANNI.id]);
    // Posting to one's own groups stays open to members.
    const editor = await freshPerson(api, BANNI.id);
    await api.db.query("update cca_data set allowed_users = $2::integer[] where id = $1", [id, [editor.id]]);
    const byEditor = await sendJson(api, "PUT", `${D}/update/usergroup`, { id, usergroups: [] }, { token: editor.token });
    expect(byEditor.status).toBe(200);
    expect(await groupsOf(id)).toEqual([]);

    // Posted again by the owner; a moderator of Banni (not an editor of the record) takes it out.
    expect((await sendJson(api, "PUT", `${D}/update/usergroup`, { id, usergroups: [BANNI.id] }, { token: owner.token })).status).toBe(200);
    const moderator = await freshPerson(api, BANNI.id, "moderator");
    expect((await sendJson(api, "PUT", `${D}/update/usergroup`, { id, usergroups: [] }, { token: moderator.token })).status).toBe(200);
    expect(await groupsOf(id)).toEqual([]);
  });
});
