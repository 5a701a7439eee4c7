import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { PageComment } from "@/server/modules/pages/page-comment.repository";
import type { PageEntity } from "@/server/modules/pages/page-write.service";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const ADD = "pages-api/api/v1/page/add/comment";
const LIST = "activity-api/api/v1/service/ibp/page";

let api: TestPlatform;
let admin = "";
let member = "";
let open: PageEntity;
let closed: PageEntity;

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
  const make = async (allowComments: boolean) =>
    (await sendJson(api, "POST", "pages-api/api/v1/page", { title: "Talk", content: "<p>x</p>", languageId: 205, allowComments }, { token: admin })).body as PageEntity;
  open = await make(true);
  closed = await make(false);
});

afterAll(async () => {
  await api?.close();
});

const comment = (body: unknown, rootHolderId: number, token?: string) =>
  sendJson(api, "POST", ADD, { body, languageId: 205, rootHolderId, rootHolderType: "page", subRootHolderId: null, subRootHolderType: null }, { token });
const list = async (pageId: number, query = "") => (await getAs(api, `${LIST}/${pageId}${query}`)).body as { activity: PageComment[]; totalCount: number };

describe(`[COMMENTS] add and list page comments (${TEST_DB})`, () => {
  it("needs a signed-in user, a non-blank body of at most 2000 characters, a page that exists and allows comments", async () => {
    expect((await comment("hello", open.id)).status).toBe(401);
    for (const body of ["", "   \n ", 42, null]) {
      const res = await comment(body, open.id, member);
      expect(res.status).toBe(400);
      expect((res.body as ApiErrorBody).fieldErrors).toHaveProperty("body");
    }
    expect((await comment("x".repeat(2001), open.id, member)).status).toBe(400);
    expect((await comment("x".repeat(2000), open.id, member)).status).toBe(200);
    expect((await comment("hello", closed.id, member)).status).toBe(403);
    expect((await comment("hello", 999999, member)).status).toBe(404);
    const wrongType = await sendJson(api, "POST", ADD, { body: "x", rootHolderId: open.id, rootHolderType: "document" }, { token: member });
    expect(wrongType.status).toBe(400);
  });

  it("stores the body as plain text and lists newest first with the author, paged, open to visitors", async () => {
    const page = (await sendJson(api, "POST", "pages-api/api/v1/page", { title: "T", content: "<p>x</p>", allowComments: true }, { token: admin })).body as PageEntity;
    const first = await comment("  first  ", page.id, member);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ body: "first", user: { id: SEED_USER_BY_ROLE.user.id, name: SEED_USER_BY_ROLE.user.name } });
    await comment("<script>alert(1)</script> second", page.id, admin);
    await comment("third", page.id, member);
    const all = await list(page.id);
    expect(all.totalCount).toBe(3);
    expect(all.activity.map((a) => a.body)).toEqual(["third", "<script>alert(1)</script> second", "first"]);
    expect(all.activity[0]).toEqual({ id: expect.any(Number), body: "third", createdOn: expect.any(String), user: { id: SEED_USER_BY_ROLE.user.id, name: SEED_USER_BY_ROLE.user.name, profilePic: null } });
    const paged = await list(page.id, "?offset=1&limit=1");
    expect(paged).toMatchObject({ totalCount: 3, activity: [{ body: "<script>alert(1)</script> second" }] });
    expect((await getAs(api, `${LIST}/${page.id}?limit=abc`)).status).toBe(400);
    expect((await getAs(api, `${LIST}/999999`)).status).toBe(404);
    expect(await list(closed.id)).toEqual({ activity: [], totalCount: 0 });
  });
});
