/**
 * Issue 34: the calls of the original platform's web front end that crashed on this back end, one
 * regression test each (the whole set of its screens' calls is replayed by tests/contract).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_GROUPS } from "@/server/seed/demo";
import { getAs } from "./helpers/accounts";
import { freshPerson, GROUP, SACRED_GROVES, seedPerson, type Person } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
let member: Person;
let admin: Person;

beforeAll(async () => {
  api = await createTestPlatform();
  member = await seedPerson(api, "user");
  admin = await seedPerson(api, "admin");
});

afterAll(async () => {
  await api?.close();
});

describe(`[ORIGINAL] 1. GET userGroup member/list/{userId} (${TEST_DB})`, () => {
  const liveGroupIds = () => SEED_GROUPS.map((g) => String(g.id)).sort();

  it("answers { groupId: boolean } of that user to anyone, without a token", async () => {
    const res = await getAs(api, `${GROUP}/member/list/${member.id}`);
    expect(res.status).toBe(200);
    const map = res.body as Record<string, boolean>;
    expect(Object.keys(map).sort()).toEqual(liveGroupIds());
    expect(map[String(SACRED_GROVES.id)]).toBe(true);
    expect(Object.values(map).every((v) => typeof v === "boolean")).toBe(true);
    // The same as the caller's own map.
    expect((await getAs(api, `${GROUP}/member/list`, member.token)).body).toEqual(map);
  });

  it("answers every group false for an unknown id, and 400 for one that is not a number", async () => {
    const res = await getAs(api, `${GROUP}/member/list/987654`);
    expect(res.status).toBe(200);
    expect(Object.values(res.body as Record<string, boolean>).every((v) => v === false)).toBe(true);
    expect((await getAs(api, `${GROUP}/member/list/abc`)).status).toBe(400);
  });

  it("keeps the groups of an account the user list hides to that account and administrators", async () => {
    const hidden = await freshPerson(api, SACRED_GROVES.id);
    await api.db.query("update app_user set enabled = false where id = $1", [hidden.id]);
    const anonymous = (await getAs(api, `${GROUP}/member/list/${hidden.id}`)).body as Record<string, boolean>;
    expect(Object.values(anonymous).every((v) => v === false)).toBe(true);
    expect(((await getAs(api, `${GROUP}/member/list/${hidden.id}`, member.token)).body as Record<string, boolean>)[String(SACRED_GROVES.id)]).toBe(false);
    expect(((await getAs(api, `${GROUP}/member/list/${hidden.id}`, admin.token)).body as Record<string, boolean>)[String(SACRED_GROVES.id)]).toBe(true);
  });
});
