/**
 * The answers the uncached list screens render, kept in the in-process cache since issue 35 item 4
 * (`/group/list`: the groups with their member counts; `/data/list`: the page of matches and the filter
 * fields), on a real,
 * seeded database:
 * - a write that changes them goes through the one invalidation mechanism and shows on the very next read;
 * - the kept answer is the public one, the same for every caller: whoever asked first (an
 *   administrator, say), an anonymous caller never gets a record below the public from it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SITE_CONFIG from "@site-config";
import type { CCAData, DataSearchResponse } from "@/contracts/cca-data";
import type { CCAField, CCATemplate } from "@/contracts/template";
import type { GroupListExpanded } from "@/contracts/group";
import { SEED_GROUPS } from "@/server/seed/demo";
import { getAs, GOVERNANCE_CAST, sendJson, signInCast, verifiedAccount } from "./helpers/accounts";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const GROUP = "userGroup-api/api/v1/group";
const D = "cca-api/api/v1/data";
const LIST = `${GROUP}/list/${SITE_CONFIG.LANG.DEFAULT_ID}`;

let api: TestPlatform;
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", admin: "" };

beforeAll(async () => {
  api = await createTestPlatform();
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
});

afterAll(async () => {
  await api?.close();
});

const BANNI = SEED_GROUPS.find((g) => g.id === 3)!; // open

async function memberCount(groupId: number, token?: string): Promise<number> {
  const res = await getAs(api, LIST, token);
  expect(res.status).toBe(200);
  const group = (res.body as GroupListExpanded[]).find((g) => g.id === groupId);
  expect(group, `group ${groupId} listed`).toBeDefined();
  return group!.memberCount;
}

describe(`[ISSUE 35] the group list's member counts, kept until a membership write (${TEST_DB})`, () => {
  it("follow a join, a leave and a deleted account on the very next read", async () => {
    expect(BANNI.allowUserToJoin).toBe(true);
    const before = await memberCount(BANNI.id);
    // Read twice (the second from the cache): the same.
    expect(await memberCount(BANNI.id)).toBe(before);

    const person = await verifiedAccount(api);
    expect((await getAs(api, `${GROUP}/join/${BANNI.id}`, person.access)).status).toBe(200);
    expect(await memberCount(BANNI.id)).toBe(before + 1);

    const left = await api.request("DELETE", `${GROUP}/leave/${BANNI.id}`, { headers: { authorization: `Bearer ${person.access}` } });
    expect(left.status).toBe(200);
    expect(await memberCount(BANNI.id)).toBe(before);

    expect((await getAs(api, `${GROUP}/join/${BANNI.id}`, person.access)).status).toBe(200);
    expect(await memberCount(BANNI.id)).toBe(before + 1);
    // An administrator deletes the account: it no longer counts as a member.
    expect((await api.request("DELETE", `user-api/api/v1/user/delete/${person.id}`, { headers: { authorization: `Bearer ${tokens.admin}` } })).status).toBe(200);
    expect(await memberCount(BANNI.id)).toBe(before);
  });

  it("is the same answer for every caller, signed in or not", async () => {
    const anonymous = await getAs(api, LIST);
    expect(anonymous.status).toBe(200);
    expect((anonymous.body as GroupListExpanded[]).length).toBeGreaterThan(0);
    expect((await getAs(api, LIST, tokens.admin)).body).toEqual(anonymous.body);
    expect((await getAs(api, LIST, tokens.founder)).body).toEqual(anonymous.body);
  });
});

describe(`[ISSUE 35] the data list's page of matches, kept until a record write (${TEST_DB})`, () => {
  // Consent alone decides here: the demo master template asks for review before publication.
  beforeAll(async () => {
    await api.db.query("update cca_template set needs_review = false where short_name = 'master'");
  });
  afterAll(async () => {
    await api.db.query("update cca_template set needs_review = true where short_name = 'master'");
  });

  const WORD = `Cachegrove${Math.random().toString(36).slice(2, 8)}`;
  const search = async (token?: string, query = WORD) => {
    const res = await getAs(api, `${D}/search?query=${encodeURIComponent(query)}&limit=50`, token);
    expect(res.status).toBe(200);
    return res.body as DataSearchResponse;
  };
  const ids = (answer: DataSearchResponse) => answer.data.map((r) => r.id);

  it("a new public record, its withdrawn consent and its restored consent each show on the very next search", async () => {
    expect(ids(await search())).toEqual([]);
    const saved = await sendJson(
      api,
      "POST",
      `${D}/save`,
      {
        shortName: "master",
        usergroups: [1],
        ccaFieldValues: {
          "name-of-cca": { fieldId: "name-of-cca", value: `${WORD} sacred grove` },
          state: { fieldId: "state", value: { valueId: "state-karnataka" } },
          "ecosystem-type": { fieldId: "ecosystem-type", value: [{ valueId: "eco-sacred-grove" }] },
        },
        consent: PUBLIC_CONSENT,
      },
      { token: tokens.member },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body as CCAData).id;
    expect(ids(await search())).toEqual([id]);
    expect(ids(await search())).toEqual([id]);

    const withdrawn = await sendJson(api, "PUT", `${D}/consent/${id}`, { ...PUBLIC_CONSENT, audience: "NONE", givenBy: "COMMUNITY", method: "MEETING" }, { token: tokens.founder });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(ids(await search())).toEqual([]);
    expect(ids(await search(tokens.admin))).toEqual([]);

    const restored = await sendJson(api, "PUT", `${D}/consent/${id}`, PUBLIC_CONSENT, { token: tokens.founder });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(ids(await search())).toEqual([id]);
  });

  it("an administrator's search, asked first, hands an anonymous caller the public answer only", async () => {
    // Ghol devrai is shared with its community only (the demo seed): never in a public list.
    const first = await search(tokens.admin, "Ghol");
    const anonymous = await search(undefined, "Ghol");
    expect(anonymous).toEqual(first);
    expect(JSON.stringify(anonymous)).not.toContain("Ghol devrai");
    expect(JSON.stringify(await search(tokens.member, "Ghol"))).not.toContain("Ghol devrai");
  });
});

describe(`[ISSUE 35] the data list's filter fields, kept until a template write (${TEST_DB})`, () => {
  const T = "cca-api/api/v1/template";
  const shortName = `cache-tpl-${Math.random().toString(36).slice(2, 8)}`;
  const body = (kindName: string) => ({
    shortName,
    name: "Village forest",
    description: "A forest kept by a village.",
    platform: ["DESKTOP"],
    permissions: ["ROLE_USER"],
    fields: [
      {
        fieldId: "h-main",
        type: "HEADING",
        name: "About",
        children: [
          { fieldId: "f-name", type: "TEXT", name: "Name", question: "What is it called?", isRequired: true, isTitleColumn: true, isSummaryField: true },
          {
            fieldId: "f-kind",
            type: "SINGLE_SELECT_DROPDOWN",
            name: kindName,
            question: "What kind?",
            isFilterable: true,
            valueOptions: [
              { valueId: "o-grove", label: "Sacred grove", value: "Sacred grove" },
              { valueId: "o-lake", label: "Lake", value: "Lake" },
            ],
          },
        ],
      },
    ],
  });
  const filterFields = async () => {
    const res = await getAs(api, `${T}/filter/fields?shortName=${shortName}&language=en`);
    return { status: res.status, names: res.status === 200 ? (res.body as CCAField[]).map((f) => f.name) : [] };
  };

  it("a field renamed, then the template deleted, each show on the very next read", async () => {
    expect((await filterFields()).status).toBe(404);
    const created = await sendJson(api, "POST", `${T}/save`, body("Kind"), { token: tokens.admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body as CCATemplate;
    expect(await filterFields()).toEqual({ status: 200, names: ["Kind"] });
    expect(await filterFields()).toEqual({ status: 200, names: ["Kind"] });

    const updated = await sendJson(api, "PUT", `${T}/update`, { ...body("Kind of place"), id }, { token: tokens.admin });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await filterFields()).toEqual({ status: 200, names: ["Kind of place"] });

    expect((await sendJson(api, "DELETE", `${T}/delete/${shortName}`, undefined, { token: tokens.admin })).status).toBe(200);
    expect((await filterFields()).status).toBe(404);
  });
});
