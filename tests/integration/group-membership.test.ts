import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { SEED_GROUPS, SEED_MEMBERSHIPS, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, registerAccount, tokensOf, verifiedAccount } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_JWT_SECRET, type ApiResult, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const GROUP = "userGroup-api/api/v1/group";
const member = SEED_USER_BY_ROLE.user;
const admin = SEED_USER_BY_ROLE.admin;

const byId = (id: number) => {
  const group = SEED_GROUPS.find((g) => g.id === id);
  if (!group) throw new Error(`No seed group ${id}`);
  return group;
};
const SACRED_GROVES = byId(1); // open; the demo member belongs to it
const NAGALAND = byId(2); // closed
const BANNI = byId(3); // open

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const memberToken = async () => (await tokensOf(api, member.email!, member.password)).access_token;

const isMember = (groupId: number | string, token?: string) => getAs(api, `${GROUP}/member/${groupId}`, token);
const memberList = (token?: string) => getAs(api, `${GROUP}/member/list`, token);
const join = (groupId: number | string, token?: string) => getAs(api, `${GROUP}/join/${groupId}`, token);
const leave = (groupId: number | string, token?: string) =>
  api.request("DELETE", `${GROUP}/leave/${groupId}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function memberRows(groupId: number, userId: number): Promise<{ role: string }[]> {
  return api.db.query<{ role: string }>("select role from user_group_member where user_group_id = $1 and user_id = $2", [groupId, userId]);
}

async function requestCount(groupId: number, userId: number): Promise<number> {
  const row = await api.db.one<{ n: number }>(
    "select count(*)::integer as n from user_group_join_request where user_group_id = $1 and user_id = $2",
    [groupId, userId],
  );
  return row.n;
}

/** A group that existed and was deleted (soft), made here so the seeded groups stay untouched. */
async function deletedGroupId(): Promise<number> {
  const { id } = await api.db.one<{ id: number }>(
    "insert into user_group (slug, name, allow_user_to_join, is_deleted) values ('gone-' || md5(random()::text), 'Gone', true, true) returning id",
  );
  return id;
}

describe(`[MEMBERSHIP] seed and schema (${TEST_DB})`, () => {
  it("the demo member belongs to sacred-groves as a plain member; the demo founder founds sacred-groves and the closed Nagaland group", async () => {
    const founder = SEED_USER_BY_ROLE.groupFounder;
    expect(SEED_MEMBERSHIPS).toEqual([
      { userGroupId: SACRED_GROVES.id, userId: member.id, role: "member" },
      { userGroupId: SACRED_GROVES.id, userId: founder.id, role: "founder" },
      { userGroupId: NAGALAND.id, userId: founder.id, role: "founder" },
    ]);
    expect(NAGALAND.allowUserToJoin).toBe(false);
    const rows = await api.db.query<{ user_group_id: number; user_id: number; role: string }>(
      "select user_group_id, user_id, role from user_group_member order by user_group_id, user_id",
    );
    expect(rows).toEqual([
      { user_group_id: SACRED_GROVES.id, user_id: member.id, role: "member" },
      { user_group_id: SACRED_GROVES.id, user_id: founder.id, role: "founder" },
      { user_group_id: NAGALAND.id, user_id: founder.id, role: "founder" },
    ]);
    expect(await api.db.query("select * from user_group_join_request")).toEqual([]);
  });

  it("roles outside member/founder/moderator and unknown users or groups are refused by the database", async () => {
    await expect(api.db.query("insert into user_group_member (user_group_id, user_id, role) values (3, 1, 'owner')")).rejects.toThrow();
    await expect(api.db.query("insert into user_group_member (user_group_id, user_id) values (3, 999999)")).rejects.toThrow();
    await expect(api.db.query("insert into user_group_join_request (user_group_id, user_id) values (999999, 1)")).rejects.toThrow();
    expect(await memberRows(BANNI.id, admin.id)).toEqual([]);
  });
});

describe(`[MEMBERSHIP] GET ${GROUP}/member/{id} (${TEST_DB})`, () => {
  it("answers a bare JSON true or false for the caller, never cached", async () => {
    const token = await memberToken();
    const yes = await isMember(SACRED_GROVES.id, token);
    expect(yes.status).toBe(200);
    expect(yes.body).toBe(true);
    expect(yes.raw.toString("utf8")).toBe("true");
    expect(yes.headers["content-type"]).toMatch(/^application\/json/);
    expect(yes.headers["cache-control"]).toBe("no-store");

    const no = await isMember(BANNI.id, token);
    expect(no.status).toBe(200);
    expect(no.body).toBe(false);
    expect(no.raw.toString("utf8")).toBe("false");
  });

  it("is about the caller only: another user is not a member of the demo member's group", async () => {
    const { access } = await verifiedAccount(api);
    expect((await isMember(SACRED_GROVES.id, access)).body).toBe(false);
  });
});

describe(`[MEMBERSHIP] GET ${GROUP}/member/list (${TEST_DB})`, () => {
  it("maps every group id to whether the caller is a member", async () => {
    const res = await memberList(await memberToken());
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const expected = Object.fromEntries(SEED_GROUPS.map((g) => [String(g.id), g.id === SACRED_GROVES.id]));
    expect(res.body).toEqual(expected);
  });

  it("follows joins and leaves, and leaves out deleted groups", async () => {
    const { access } = await verifiedAccount(api);
    const gone = await deletedGroupId();
    const before = (await memberList(access)).body as Record<string, boolean>;
    expect(Object.values(before).every((v) => v === false)).toBe(true);
    expect(Object.keys(before).sort()).toEqual(SEED_GROUPS.map((g) => String(g.id)).sort());
    expect(before).not.toHaveProperty(String(gone));

    await join(BANNI.id, access);
    await join(NAGALAND.id, access); // closed: a request, not a membership
    expect((await memberList(access)).body).toMatchObject({ [BANNI.id]: true, [NAGALAND.id]: false, [SACRED_GROVES.id]: false });

    await leave(BANNI.id, access);
    expect((await memberList(access)).body).toMatchObject({ [BANNI.id]: false });
  });
});

describe(`[MEMBERSHIP] GET ${GROUP}/join/{id} (${TEST_DB})`, () => {
  it("an open group takes the caller in at once as a member", async () => {
    const account = await verifiedAccount(api);
    const res = await join(BANNI.id, account.access);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ status: true, message: "JOINED" });
    expect(await memberRows(BANNI.id, account.id)).toEqual([{ role: "member" }]);
    expect((await isMember(BANNI.id, account.access)).body).toBe(true);
  });

  it("is idempotent: joining again answers ALREADY_MEMBER and keeps one row", async () => {
    const account = await verifiedAccount(api);
    expect((await join(BANNI.id, account.access)).body).toEqual({ status: true, message: "JOINED" });
    const again = await join(BANNI.id, account.access);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: true, message: "ALREADY_MEMBER" });
    expect(await memberRows(BANNI.id, account.id)).toHaveLength(1);

    const seeded = await join(SACRED_GROVES.id, await memberToken());
    expect(seeded.body).toEqual({ status: true, message: "ALREADY_MEMBER" });
  });

  it("a closed group stores one join request and does not make the caller a member", async () => {
    const account = await verifiedAccount(api);
    const res = await join(NAGALAND.id, account.access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "JOIN_REQUEST_SENT" });
    const again = await join(NAGALAND.id, account.access);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: true, message: "JOIN_REQUEST_SENT" });

    expect(await requestCount(NAGALAND.id, account.id)).toBe(1);
    expect(await memberRows(NAGALAND.id, account.id)).toEqual([]);
    expect((await isMember(NAGALAND.id, account.access)).body).toBe(false);
  });

  it("a member of a closed group (e.g. its founder) is told ALREADY_MEMBER and no request is stored", async () => {
    const account = await verifiedAccount(api);
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'founder')", [NAGALAND.id, account.id]);
    const res = await join(NAGALAND.id, account.access);
    expect(res.body).toEqual({ status: true, message: "ALREADY_MEMBER" });
    expect(await requestCount(NAGALAND.id, account.id)).toBe(0);
    expect(await memberRows(NAGALAND.id, account.id)).toEqual([{ role: "founder" }]);
  });

  it("joining a group that has since opened drops the caller's pending request", async () => {
    const account = await verifiedAccount(api);
    await api.db.query("insert into user_group_join_request (user_group_id, user_id) values ($1, $2)", [BANNI.id, account.id]);
    expect((await join(BANNI.id, account.access)).body).toEqual({ status: true, message: "JOINED" });
    expect(await requestCount(BANNI.id, account.id)).toBe(0);
  });
});

describe(`[MEMBERSHIP] DELETE ${GROUP}/leave/{id} (${TEST_DB})`, () => {
  it("ends the membership; the member check then answers false", async () => {
    const account = await verifiedAccount(api);
    await join(BANNI.id, account.access);
    const res = await leave(BANNI.id, account.access);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ status: true, message: "LEFT" });
    expect(await memberRows(BANNI.id, account.id)).toEqual([]);
    expect((await isMember(BANNI.id, account.access)).body).toBe(false);

    // and one can join again
    expect((await join(BANNI.id, account.access)).body).toEqual({ status: true, message: "JOINED" });
  });

  it("leaving ends the caller's membership only, not the other members'", async () => {
    const account = await verifiedAccount(api);
    await join(SACRED_GROVES.id, account.access);
    expect((await leave(SACRED_GROVES.id, account.access)).status).toBe(200);
    expect(await memberRows(SACRED_GROVES.id, member.id)).toEqual([{ role: "member" }]);
  });

  it("409 NOT_A_MEMBER when the caller is not a member (also with only a pending request, or after leaving)", async () => {
    const account = await verifiedAccount(api);
    const res = await leave(BANNI.id, account.access);
    expect(res.status).toBe(409);
    expect(errorOf(res)).toEqual({ code: "NOT_A_MEMBER", message: `You are not a member of group ${BANNI.id}` });

    await join(NAGALAND.id, account.access);
    const pending = await leave(NAGALAND.id, account.access);
    expect(pending.status).toBe(409);
    expect(errorOf(pending).code).toBe("NOT_A_MEMBER");
    expect(await requestCount(NAGALAND.id, account.id)).toBe(1);

    await join(BANNI.id, account.access);
    expect((await leave(BANNI.id, account.access)).status).toBe(200);
    const twice = await leave(BANNI.id, account.access);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).code).toBe("NOT_A_MEMBER");
  });
});

describe(`[MEMBERSHIP] who may call, and bad input (${TEST_DB})`, () => {
  const calls: [string, (id: number | string, token?: string) => Promise<ApiResult>][] = [
    ["GET member/{id}", isMember],
    ["GET join/{id}", join],
    ["DELETE leave/{id}", leave],
  ];

  it("401 without a token, with a bad token, and for accounts that may not sign in", async () => {
    const unverified = await registerAccount(api, "email"); // locked until verified
    const unverifiedToken = await new SignJWT({ id: unverified.id, roles: [] })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(TEST_JWT_SECRET);
    const disabled = await verifiedAccount(api);
    await api.db.query("update app_user set enabled = false where id = $1", [disabled.id]);

    for (const token of [undefined, "not-a-jwt", unverifiedToken, disabled.access]) {
      for (const [name, call] of calls) {
        const res = await call(BANNI.id, token);
        expect(res.status, `${name} with ${token === undefined ? "no token" : "token"}`).toBe(401);
        expect(errorOf(res).code).toBe("UNAUTHORIZED");
      }
      const list = await memberList(token);
      expect(list.status).toBe(401);
      expect(errorOf(list).code).toBe("UNAUTHORIZED");
    }
    expect(await memberRows(BANNI.id, unverified.id)).toEqual([]);
    expect(await memberRows(BANNI.id, disabled.id)).toEqual([]);
  });

  it("401 comes before any other answer: no token and a bad or unknown id still gives 401", async () => {
    for (const [, call] of calls) {
      expect((await call("abc")).status).toBe(401);
      expect((await call(999999)).status).toBe(401);
    }
  });

  it("404 for an unknown group and for a deleted one", async () => {
    const account = await verifiedAccount(api);
    const gone = await deletedGroupId();
    await api.db.query("insert into user_group_member (user_group_id, user_id) values ($1, $2)", [gone, account.id]);
    for (const id of [999999, gone]) {
      for (const [name, call] of calls) {
        const res = await call(id, account.access);
        expect(res.status, `${name} ${id}`).toBe(404);
        expect(errorOf(res).code).toBe("NOT_FOUND");
      }
    }
    expect(await requestCount(999999, account.id)).toBe(0);
    expect(await memberRows(gone, account.id)).toHaveLength(1); // leaving a deleted group is refused, not done
  });

  it("400 for an id that is not a positive whole number", async () => {
    const token = await memberToken();
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "99999999999"]) {
      for (const [name, call] of calls) {
        const res = await call(bad, token);
        expect(res.status, `${name} ${bad}`).toBe(400);
        expect(errorOf(res).code).toBe("BAD_REQUEST");
        expect(errorOf(res).fieldErrors).toHaveProperty("id");
      }
    }
  });

  it("other methods answer 405 with Allow; the group detail route still answers beside them", async () => {
    const token = await memberToken();
    const wrong = await api.request("DELETE", `${GROUP}/join/${BANNI.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toContain("GET");
    const getLeave = await getAs(api, `${GROUP}/leave/${BANNI.id}`, token);
    expect(getLeave.status).toBe(405);
    expect(getLeave.headers.allow).toContain("DELETE");

    const detail = await api.get(`${GROUP}/${SACRED_GROVES.id}/205`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: SACRED_GROVES.id, allowUserToJoin: true });
  });
});
