/**
 * Review before publication (issue 30, item 5) on both databases: the demo's master template asks for a
 * curator's review, so a participation with public consent waits (PENDING), seen only by its reviewers;
 * a reviewer sends it back with a message (the contributor is told), the contributor's edit sends it for
 * review again, a reviewer publishes it and it is public on the next request. Who may review: admins, data
 * curators and the founders and moderators of the record's groups, never the contributor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData, DataSearchResponse } from "@/contracts/cca-data";
import type { ActivityEntryList } from "@/contracts/activity";
import type { ReviewCount, ReviewQueue } from "@/contracts/review";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, GOVERNANCE_CAST, lastMessage, sendJson, signInCast } from "./helpers/accounts";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
let api: TestPlatform;
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", otherFounder: "", admin: "" };
type Who = keyof typeof tokens | "anonymous";
const get = (url: string, who: Who) => getAs(api, url, who === "anonymous" ? undefined : tokens[who]);
const put = (url: string, body: unknown, who: Who) => sendJson(api, "PUT", url, body, { token: who === "anonymous" ? undefined : tokens[who] });

const WORD = `Revgrove${Math.random().toString(36).slice(2, 7)}`;
let id = 0;

beforeAll(async () => {
  api = await createTestPlatform();
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
});

afterAll(async () => {
  await api?.close();
});

const listedFor = async (who: Who) => ((await get(`${D}/search?query=${WORD}`, who)).body as DataSearchResponse).data.map((r) => Number(r.id));
const queueOf = async (who: Who) => ((await get(`${D}/review?limit=100`, who)).body as ReviewQueue).items.map((i) => i.id);

describe(`[GOVERNANCE] review before publication (${TEST_DB})`, () => {
  it("the demo master template asks for review; a participation with public consent waits, seen only by its reviewers", async () => {
    const template = (await get("cca-api/api/v1/template/master", "admin")).body as { needsReview?: boolean };
    expect(template.needsReview).toBe(true);
    const saved = await sendJson(
      api,
      "POST",
      `${D}/save`,
      {
        shortName: "master",
        usergroups: [1],
        ccaFieldValues: {
          "name-of-cca": { fieldId: "name-of-cca", value: `${WORD} grove` },
          state: { fieldId: "state", value: { valueId: "state-karnataka" } },
          "ecosystem-type": { fieldId: "ecosystem-type", value: [{ valueId: "eco-sacred-grove" }] },
        },
        consent: PUBLIC_CONSENT,
      },
      { token: tokens.member },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const record = saved.body as CCAData;
    id = record.id;
    expect(record).toMatchObject({ audience: "PUBLIC", reviewState: "PENDING" });
    for (const who of ["anonymous", "outsider", "member", "dataCurator", "founder", "admin"] as const) expect(await listedFor(who), who).not.toContain(id);
    for (const [who, status] of [["anonymous", 404], ["outsider", 404], ["member", 200], ["dataCurator", 200], ["founder", 200], ["admin", 200]] as const) {
      expect((await get(`${D}/${id}`, who)).status, who).toBe(status);
    }
  });

  it("reviewers find it in their queue with a count; others may not open the queue", async () => {
    for (const who of ["dataCurator", "founder", "admin"] as const) {
      expect(await queueOf(who), who).toContain(id);
      expect(((await get(`${D}/review/count`, who)).body as ReviewCount).count, who).toBeGreaterThanOrEqual(1);
    }
    expect((await get(`${D}/review`, "outsider")).status).toBe(403);
    expect((await get(`${D}/review/count`, "member")).status).toBe(403);
    expect((await get(`${D}/review`, "anonymous")).status).toBe(401);
  });

  it("its contributor may not review it, strangers may not see it; sending back needs a message", async () => {
    expect((await put(`${D}/review/${id}`, { action: "PUBLISH" }, "member")).status).toBe(403);
    expect((await put(`${D}/review/${id}`, { action: "PUBLISH" }, "outsider")).status).toBe(404);
    const bare = await put(`${D}/review/${id}`, { action: "RETURN" }, "dataCurator");
    expect(bare.status).toBe(400);
    expect((bare.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ message: "governance:review.errors.message_required" });
    expect((await put(`${D}/review/${id}`, { action: "LIKE" }, "dataCurator")).status).toBe(400);
  });

  it("sent back with a message: the contributor is told and sees why; an edit sends it for review again", async () => {
    const back = await put(`${D}/review/${id}`, { action: "RETURN", message: "Please add the village's name." }, "dataCurator");
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body as CCAData).toMatchObject({ reviewState: "RETURNED", reviewNote: "Please add the village's name." });
    const told = await lastMessage(api, SEED_USER_BY_ROLE.user.email!);
    expect(told.body).toContain("Please add the village's name.");
    expect(told.body).toContain(`/data/show/${id}`);
    expect(((await get(`${D}/review/count`, "dataCurator")).body as ReviewCount).count).toBe(0);
    // Deciding twice: it is not waiting any more.
    expect((await put(`${D}/review/${id}`, { action: "RETURN", message: "Again" }, "founder")).status).toBe(409);

    const edited = await put(`${D}/update`, { id, ccaFieldValues: { "name-of-cca": { fieldId: "name-of-cca", value: `${WORD} grove of Hosur` } } }, "member");
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(((await get(`${D}/${id}`, "member")).body as CCAData).reviewState).toBe("PENDING");
    const history = (await get(`activity-api/api/v1/service/ibp/ccaData/${id}`, "member")).body as ActivityEntryList;
    expect(history.activity.map((a) => a.activityType)).toEqual(expect.arrayContaining(["Sent back for changes", "Sent for review again"]));
  });

  it("published by a founder of its group, it is public on the next request", async () => {
    const published = await put(`${D}/review/${id}`, { action: "PUBLISH" }, "founder");
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((published.body as CCAData).reviewState).toBe("PUBLISHED");
    expect(await listedFor("anonymous")).toContain(id);
    expect((await get(`${D}/${id}`, "anonymous")).status).toBe(200);
    expect(await queueOf("dataCurator")).not.toContain(id);
  });
});
