import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { GroupJoinRequest, GroupListExpanded, GroupMembership } from "@/contracts/group";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import {
  BANNI,
  call,
  createGroupAsAdmin,
  deletedGroupId,
  EVERYONE,
  freshPerson,
  GROUP,
  makeCast,
  NAGALAND,
  outboxTo,
  roleIn,
  SACRED_GROVES,
  tokenOf,
  type Cast,
  type Person,
  type Who,
} from "./helpers/groups";

let api: TestPlatform;
let cast: Cast;
/** A moderator of the closed Nagaland group (the cast's moderator moderates sacred-groves). */
let nagalandModerator: Person;

beforeAll(async () => {
  api = await createTestPlatform();
  cast = await makeCast(api);
  nagalandModerator = await freshPerson(api, NAGALAND.id, "moderator");
});

afterAll(async () => {
  await api?.close();
});

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const membership = (id: number, token?: string) => call(api, "GET", `${GROUP}/membership/${id}`, token);
const join = (id: number, token?: string) => call(api, "GET", `${GROUP}/join/${id}`, token);
const leave = (id: number, token?: string) => call(api, "DELETE", `${GROUP}/leave/${id}`, token);
const withdraw = (id: number, token?: string) => call(api, "DELETE", `${GROUP}/request/${id}`, token);
const requests = (id: number, token?: string) => call(api, "GET", `${GROUP}/requests/${id}`, token);
const decide = (action: "approve" | "refuse", id: number, userId: number, token?: string) =>
  call(api, "PUT", `${GROUP}/request/${action}/${id}/${userId}`, token);
const memberCount = async (id: number) =>
  ((await call(api, "GET", `${GROUP}/list/205`)).body as GroupListExpanded[]).find((g) => g.id === id)?.memberCount;

const NONE: GroupMembership = { isMember: false, role: null, requested: false, canEdit: false, canModerate: false };

describe(`[GROUPS] GET ${GROUP}/membership/{id} (${TEST_DB})`, () => {
  it("tells each caller their role and rights in the group; a visitor gets all false", async () => {
    const expected: Record<Who, GroupMembership> = {
      anonymous: NONE,
      member: { isMember: true, role: "member", requested: false, canEdit: false, canModerate: false },
      moderator: { isMember: true, role: "moderator", requested: false, canEdit: false, canModerate: true },
      founder: { isMember: true, role: "founder", requested: false, canEdit: true, canModerate: true },
      otherFounder: NONE,
      admin: { isMember: false, role: null, requested: false, canEdit: true, canModerate: true },
    };
    for (const who of EVERYONE) {
      const res = await membership(SACRED_GROVES.id, tokenOf(cast, who));
      expect(res.status, who).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body, who).toEqual(expected[who]);
    }
    expect((await membership(BANNI.id, cast.otherFounder.token)).body).toMatchObject({ role: "founder", canEdit: true });
  });

  it("shows a pending request, and treats a bad token as a visitor; unknown and deleted groups are 404", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    expect((await membership(NAGALAND.id, requester.token)).body).toEqual({ ...NONE, requested: true });
    expect((await membership(NAGALAND.id, "not-a-token")).body).toEqual(NONE);
    expect((await membership(999999)).status).toBe(404);
    expect((await membership(await deletedGroupId(api), cast.admin.token)).status).toBe(404);
  });
});

describe(`[GROUPS] closed group: join request, notification, approve, refuse, withdraw (${TEST_DB})`, () => {
  it("a join request tells every founder and moderator once, with a link to the group's edit screen", async () => {
    const requester = await freshPerson(api);
    const founderBefore = (await outboxTo(api, cast.founder.email)).length;
    const moderatorBefore = (await outboxTo(api, nagalandModerator.email)).length;
    expect((await join(NAGALAND.id, requester.token)).body).toEqual({ status: true, message: "JOIN_REQUEST_SENT" });

    const founderMail = (await outboxTo(api, cast.founder.email)).slice(founderBefore);
    const moderatorMail = (await outboxTo(api, nagalandModerator.email)).slice(moderatorBefore);
    expect(founderMail).toHaveLength(1);
    expect(moderatorMail).toHaveLength(1);
    expect(founderMail[0]!.channel).toBe("email");
    expect(founderMail[0]!.subject).toContain(NAGALAND.name);
    expect(founderMail[0]!.body).toContain("http://localhost:3000/group/nagaland-community-forests/edit");
    expect(founderMail[0]!.body).toContain(NAGALAND.hi.name);

    // asking again stores nothing new and tells nobody again
    expect((await join(NAGALAND.id, requester.token)).body).toEqual({ status: true, message: "JOIN_REQUEST_SENT" });
    expect(await outboxTo(api, cast.founder.email)).toHaveLength(founderBefore + 1);
  });

  it("only admins, founders and moderators of the group see its requests, oldest first", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, {
      allowUserToJoin: false,
      invitationData: { founderIds: [cast.founder.id], moderatorsIds: [cast.moderator.id] },
    });
    await api.db.query("insert into user_group_member (user_group_id, user_id) values ($1, $2)", [id, cast.member.id]);
    const first = await freshPerson(api);
    const second = await freshPerson(api);
    await join(id, first.token);
    await join(id, second.token);
    await api.db.query("update user_group_join_request set created_on = now() - interval '1 day' where user_id = $1", [first.id]);

    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 200, founder: 200, otherFounder: 403, admin: 200 };
    for (const who of EVERYONE) expect((await requests(id, tokenOf(cast, who))).status, who).toBe(expected[who]);
    expect((await requests(id, first.token)).status).toBe(403);

    const list = (await requests(id, cast.moderator.token)).body as GroupJoinRequest[];
    expect(list.map((r) => r.userId)).toEqual([first.id, second.id]);
    expect(list[0]).toEqual({ userId: first.id, name: expect.any(String), profilePic: null, requestedOn: expect.any(String) });
    expect(new Date(list[0]!.requestedOn).getTime()).toBeLessThan(new Date(list[1]!.requestedOn).getTime());
    expect((await requests(999999, cast.admin.token)).status).toBe(404);
  });

  it("the founder approves: the requester is a member at once, the request is gone, and the requester is told", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    const countBefore = await memberCount(NAGALAND.id);
    const res = await decide("approve", NAGALAND.id, requester.id, cast.founder.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "REQUEST_APPROVED" });
    expect(await roleIn(api, NAGALAND.id, requester.id)).toBe("member");
    expect((await membership(NAGALAND.id, requester.token)).body).toMatchObject({ isMember: true, role: "member", requested: false });
    expect((await call(api, "GET", `${GROUP}/member/${NAGALAND.id}`, requester.token)).body).toBe(true);
    expect(await memberCount(NAGALAND.id)).toBe(countBefore! + 1);
    expect(((await requests(NAGALAND.id, cast.founder.token)).body as GroupJoinRequest[]).some((r) => r.userId === requester.id)).toBe(false);

    const mail = await outboxTo(api, requester.email);
    expect(mail.at(-1)!.body).toContain("was approved");
    expect(mail.at(-1)!.body).toContain("http://localhost:3000/group/nagaland-community-forests");

    // nothing left to decide
    expect((await decide("approve", NAGALAND.id, requester.id, cast.founder.token)).status).toBe(404);
    expect((await decide("refuse", NAGALAND.id, requester.id, cast.founder.token)).status).toBe(404);
  });

  it("a moderator refuses: the request is gone, the requester is not a member and is told; they may ask again", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    const res = await decide("refuse", NAGALAND.id, requester.id, nagalandModerator.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "REQUEST_REFUSED" });
    expect(await roleIn(api, NAGALAND.id, requester.id)).toBeNull();
    expect((await membership(NAGALAND.id, requester.token)).body).toEqual(NONE);
    expect((await outboxTo(api, requester.email)).at(-1)!.body).toContain("was not approved");
    expect((await join(NAGALAND.id, requester.token)).body).toEqual({ status: true, message: "JOIN_REQUEST_SENT" });
  });

  it("approving and refusing: 401 anonymous, 403 members, the requester and founders of other groups; admins may", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    const nagalandMember = await freshPerson(api, NAGALAND.id, "member");
    for (const [token, status] of [
      [undefined, 401],
      [nagalandMember.token, 403],
      [requester.token, 403],
      [cast.otherFounder.token, 403],
      [cast.moderator.token, 403], // moderator of another group
    ] as const) {
      expect((await decide("approve", NAGALAND.id, requester.id, token)).status).toBe(status);
      expect((await decide("refuse", NAGALAND.id, requester.id, token)).status).toBe(status);
    }
    expect(await roleIn(api, NAGALAND.id, requester.id)).toBeNull();
    expect((await decide("approve", NAGALAND.id, requester.id, cast.admin.token)).status).toBe(200);
    expect(await roleIn(api, NAGALAND.id, requester.id)).toBe("member");
    expect((await decide("approve", 999999, requester.id, cast.admin.token)).status).toBe(404);
  });

  it("a request of an account deleted since is neither listed nor approved (404), and is dropped", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    expect((await call(api, "DELETE", `user-api/api/v1/user/delete/${requester.id}`, cast.admin.token)).status).toBe(200);
    expect(((await requests(NAGALAND.id, cast.founder.token)).body as GroupJoinRequest[]).some((r) => r.userId === requester.id)).toBe(false);
    expect((await decide("approve", NAGALAND.id, requester.id, cast.founder.token)).status).toBe(404);
    expect(await roleIn(api, NAGALAND.id, requester.id)).toBeNull();
    const left = await api.db.one<{ n: number }>("select count(*)::integer as n from user_group_join_request where user_id = $1", [requester.id]);
    expect(left.n).toBe(0);
  });

  it("the requester withdraws their request; without one it is 404; visitors 401", async () => {
    const requester = await freshPerson(api);
    await join(NAGALAND.id, requester.token);
    const res = await withdraw(NAGALAND.id, requester.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "REQUEST_WITHDRAWN" });
    expect((await membership(NAGALAND.id, requester.token)).body).toEqual(NONE);
    expect(((await requests(NAGALAND.id, cast.founder.token)).body as GroupJoinRequest[]).some((r) => r.userId === requester.id)).toBe(false);
    const again = await withdraw(NAGALAND.id, requester.token);
    expect(again.status).toBe(404);
    expect((await withdraw(NAGALAND.id)).status).toBe(401);
    expect((await withdraw(999999, requester.token)).status).toBe(404);
  });
});

describe(`[GROUPS] leaving and the last founder (${TEST_DB})`, () => {
  it("the only founder cannot leave (409 LAST_FOUNDER); once another founder exists they can", async () => {
    const founder = await freshPerson(api);
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [founder.id], moderatorsIds: [] } });
    const res = await leave(id, founder.token);
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe("LAST_FOUNDER");
    expect(await roleIn(api, id, founder.id)).toBe("founder");

    const second = await freshPerson(api);
    await call(api, "POST", `${GROUP}/add/members`, founder.token, { userGroupId: id, founderIds: [second.id], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] });
    const left = await leave(id, founder.token);
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ status: true, message: "LEFT" });
    expect(await roleIn(api, id, founder.id)).toBeNull();
    expect((await leave(id, second.token)).status).toBe(409);
  });

  it("the seeded founder cannot leave their groups; a moderator and a member can leave", async () => {
    expect(errorOf(await leave(SACRED_GROVES.id, cast.founder.token)).code).toBe("LAST_FOUNDER");
    expect(errorOf(await leave(NAGALAND.id, cast.founder.token)).code).toBe("LAST_FOUNDER");
    const moderator = await freshPerson(api, BANNI.id, "moderator");
    expect((await leave(BANNI.id, moderator.token)).status).toBe(200);
    const before = await memberCount(BANNI.id);
    const member = await freshPerson(api);
    await join(BANNI.id, member.token);
    expect(await memberCount(BANNI.id)).toBe(before! + 1);
    expect((await leave(BANNI.id, member.token)).status).toBe(200);
    expect(await memberCount(BANNI.id)).toBe(before);
  });

  it("a founder whose account was deleted does not count: the remaining founder is the last one", async () => {
    const founder = await freshPerson(api);
    const gone = await freshPerson(api);
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [founder.id, gone.id], moderatorsIds: [] } });
    expect((await call(api, "DELETE", `user-api/api/v1/user/delete/${gone.id}`, cast.admin.token)).status).toBe(200);
    expect(errorOf(await leave(id, founder.token)).code).toBe("LAST_FOUNDER");
    expect((await call(api, "GET", `${GROUP}/adminstration/members/${id}`)).body).toMatchObject({ founderList: [{ id: founder.id }] });
    expect(await memberCount(id)).toBe(1);
  });
});
