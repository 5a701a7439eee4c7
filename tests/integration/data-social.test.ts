/**
 * The social writes of a CCA record (issue 14): follow, editors, microsites, request to contribute →
 * grant, each with the role matrix (anonymous, member, owner, allowed editor, data curator, admin).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData } from "@/contracts/cca-data";
import type { ContributorRequestView } from "@/contracts/cca-social";
import type { CCATemplate } from "@/contracts/template";
import { issueToken } from "@/server/modules/records/contributor-token";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson } from "./helpers/accounts";
import { BANNI, freshPerson, NAGALAND, outboxTo, SACRED_GROVES, seedPerson, type Person } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_JWT_SECRET, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import { PUBLIC_CONSENT } from "./helpers/consent";

const D = "cca-api/api/v1/data";
type Who = "anonymous" | "member" | "owner" | "editor" | "dataCurator" | "admin";
const EVERYONE: readonly Who[] = ["anonymous", "member", "owner", "editor", "dataCurator", "admin"];

let api: TestPlatform;
let template: CCATemplate;
const cast = {} as Record<Exclude<Who, "anonymous">, Person>;
const tokenOf = (who: Who) => (who === "anonymous" ? undefined : cast[who].token);
const send = (method: string, path: string, body: unknown, who: Who) => sendJson(api, method, `${D}/${path}`, body, { token: tokenOf(who) });
const fieldErrors = (res: ApiResult) => (res.body as ApiErrorBody).fieldErrors ?? {};

/** A record of `owner` (a fresh one per test, so tests do not depend on each other), with `editor` allowed. */
async function newRecord(title = "Devara Kadu", groups: number[] = []): Promise<number> {
  const res = await sendJson(
    api,
    "POST",
    `${D}/save`,
    { shortName: template.shortName, usergroups: groups, ccaFieldValues: { "s-name": { fieldId: "s-name", value: title } }, consent: PUBLIC_CONSENT },
    { token: cast.owner.token },
  );
  if (res.status !== 201) throw new Error(`save: ${res.status} ${JSON.stringify(res.body)}`);
  const id = (res.body as CCAData).id;
  await api.db.query("update cca_data set allowed_users = $2::integer[] where id = $1", [id, [cast.editor.id]]);
  return id;
}

const stored = (id: number) =>
  api.db.one<{ allowed_users: number[]; followers: number[]; groups: number[] }>(
    `select allowed_users, followers, coalesce((select array_agg(user_group_id order by user_group_id) from cca_data_user_group where data_id = d.id), '{}') as groups
       from cca_data d where id = $1`,
    [id],
  );

beforeAll(async () => {
  api = await createTestPlatform();
  cast.admin = await seedPerson(api, "admin");
  cast.dataCurator = await seedPerson(api, "dataCurator");
  cast.member = await seedPerson(api, "user"); // a member of sacred-groves
  cast.owner = await freshPerson(api, BANNI.id);
  cast.editor = await freshPerson(api);
  const curator = await seedPerson(api, "templateCurator");
  const res = await sendJson(
    api,
    "POST",
    "cca-api/api/v1/template/save",
    {
      shortName: `social-${Date.now()}`,
      name: "Social test",
      description: "One title field",
      platform: ["DESKTOP"],
      permissions: ["ROLE_USER"],
      fields: [{ fieldId: "s-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true, isSummaryField: true }],
    },
    { token: curator.token },
  );
  if (res.status !== 201) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
  template = res.body as CCATemplate;
});

afterAll(async () => {
  await api?.close();
});

describe(`[DATA SOCIAL] PUT data/update/followers (${TEST_DB})`, () => {
  it.each(EVERYONE)("%s: follow then unfollow themself (anonymous 401)", async (who) => {
    const id = await newRecord();
    const follow = await send("PUT", "update/followers", { id, type: "follow" }, who);
    if (who === "anonymous") {
      expect(follow.status).toBe(401);
      expect((await stored(id)).followers).toEqual([]);
      return;
    }
    expect(follow.status, JSON.stringify(follow.body)).toBe(200);
    const me = String(cast[who].id);
    expect((follow.body as CCAData).followers).toContain(me);
    // Following twice keeps one entry.
    await send("PUT", "update/followers", { id, type: "follow", followers: [me] }, who);
    expect((await stored(id)).followers.filter((f) => f === cast[who as Exclude<Who, "anonymous">].id)).toHaveLength(1);
    const unfollow = await send("PUT", "update/followers", { id, type: "unfollow" }, who);
    expect(unfollow.status).toBe(200);
    expect((unfollow.body as CCAData).followers).not.toContain(me);
  });

  it("refuses following for someone else (403), a bad type (400) and an unknown record (404)", async () => {
    const id = await newRecord();
    const other = await send("PUT", "update/followers", { id, type: "follow", followers: [String(cast.editor.id)] }, "admin");
    expect(other.status).toBe(403);
    expect(fieldErrors(other)).toEqual({ followers: "contribute:errors.self_only" });
    expect((await stored(id)).followers).toEqual([]);
    const bad = await send("PUT", "update/followers", { id, type: "like" }, "member");
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toEqual({ type: "form:invalid" });
    expect((await send("PUT", "update/followers", { id: 999_999, type: "follow" }, "member")).status).toBe(404);
    expect((await send("PUT", "update/followers", { id: "abc", type: "follow" }, "member")).status).toBe(400);
  });
});

describe(`[DATA SOCIAL] PUT data/update/permission (${TEST_DB})`, () => {
  const allowed: Record<Who, number> = { anonymous: 401, member: 403, editor: 403, owner: 200, dataCurator: 200, admin: 200 };
  it.each(EVERYONE.map((who) => [who, allowed[who]] as const))("%s sets the editors → %i", async (who) => {
    const id = await newRecord();
    const newcomer = await freshPerson(api);
    const res = await send("PUT", "update/permission", { id, allowedUsers: [String(cast.editor.id), String(newcomer.id)] }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(allowed[who]);
    const after = (await stored(id)).allowed_users;
    if (allowed[who] === 200) {
      expect(after).toEqual([cast.editor.id, newcomer.id]);
      expect((res.body as CCAData).allowedUsers).toEqual([String(cast.editor.id), String(newcomer.id)]);
    } else {
      expect(after).toEqual([cast.editor.id]);
    }
  });

  it("removes editors, ignores the owner, refuses unknown users, writes the history and tells followers of new editors", async () => {
    const id = await newRecord("Kurumba grove");
    const follower = await freshPerson(api);
    await send("PUT", "update/followers", { id, type: "follow" }, "member");
    await sendJson(api, "PUT", `${D}/update/followers`, { id, type: "follow" }, { token: follower.token });
    const newcomer = await freshPerson(api);

    const unknown = await send("PUT", "update/permission", { id, allowedUsers: [999_999] }, "owner");
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ allowedUsers: "contribute:errors.unknown_users" });
    expect((await send("PUT", "update/permission", { id, allowedUsers: "7" }, "owner")).status).toBe(400);
    expect((await send("PUT", "update/permission", { id: 999_999, allowedUsers: [] }, "owner")).status).toBe(404);

    const res = await send("PUT", "update/permission", { id, allowedUsers: [newcomer.id, cast.owner.id] }, "owner");
    expect(res.status).toBe(200);
    expect((await stored(id)).allowed_users).toEqual([newcomer.id]);
    const history = await api.db.query<{ activity_type: string; details: { userId: number } }>(
      "select activity_type, details from activity where root_holder_type = 'ccaData' and root_holder_id = $1 and activity_type like 'Permission%' order by id",
      [id],
    );
    expect(history.map((h) => [h.activity_type, h.details.userId])).toEqual([
      ["Permission added", newcomer.id],
      ["Permission removed", cast.editor.id],
    ]);
    const notices = await outboxTo(api, follower.email);
    expect(notices.at(-1)?.body).toMatch(/can now edit this CCA/);
    expect(notices.at(-1)?.body).toContain(`/data/show/${id}`);
    expect(notices.at(-1)?.subject).toContain("Kurumba grove");
  });
});

describe(`[DATA SOCIAL] PUT data/update/usergroup (${TEST_DB})`, () => {
  it("anonymous 401, unknown record 404, malformed ids 400", async () => {
    const id = await newRecord();
    expect((await send("PUT", "update/usergroup", { id, usergroups: [SACRED_GROVES.id] }, "anonymous")).status).toBe(401);
    expect((await send("PUT", "update/usergroup", { id: 999_999, usergroups: [] }, "member")).status).toBe(404);
    const bad = await send("PUT", "update/usergroup", { id, usergroups: ["x"] }, "member");
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toEqual({ usergroups: "form:invalid" });
  });

  it("a member adds and removes only groups they belong to; other groups are dropped silently, both ways", async () => {
    // The owner posted to Banni (a member there); the seed member belongs to sacred-groves only.
    const id = await newRecord("Grove", [BANNI.id]);
    const add = await send("PUT", "update/usergroup", { id, usergroups: [SACRED_GROVES.id, NAGALAND.id] }, "member");
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    // Nagaland (not a member) is not added; Banni (left out, but not the member's) stays.
    expect((add.body as CCAData).usergroups).toEqual([SACRED_GROVES.id, BANNI.id].sort((a, b) => a - b).map(String));
    expect((await stored(id)).groups).toEqual([SACRED_GROVES.id, BANNI.id].sort((a, b) => a - b));
    // Taking it out again needs edit rights on the record or a founder/moderator standing (issue 27 item 9).
    const refused = await send("PUT", "update/usergroup", { id, usergroups: [] }, "member");
    expect(refused.status).toBe(403);
    expect(fieldErrors(refused)).toEqual({ usergroups: "contribute:errors.group_remove_forbidden" });
    expect((await stored(id)).groups).toEqual([SACRED_GROVES.id, BANNI.id].sort((a, b) => a - b));
    await api.db.query("update user_group_member set role = 'moderator' where user_group_id = $1 and user_id = $2", [SACRED_GROVES.id, cast.member.id]);
    try {
      const remove = await send("PUT", "update/usergroup", { id, usergroups: [] }, "member");
      expect(remove.status).toBe(200);
    } finally {
      await api.db.query("update user_group_member set role = 'member' where user_group_id = $1 and user_id = $2", [SACRED_GROVES.id, cast.member.id]);
    }
    expect((await stored(id)).groups).toEqual([BANNI.id]);
    const history = await api.db.query<{ activity_type: string; description: string }>(
      "select activity_type, description from activity where root_holder_type = 'ccaData' and root_holder_id = $1 and activity_type like '%resource' order by id",
      [id],
    );
    expect(history.map((h) => h.activity_type)).toEqual(["Posted resource", "Removed resource"]);
  });

  it("a data curator who is in no group changes nothing; an admin sets any live group", async () => {
    const id = await newRecord("Grove", [BANNI.id]);
    const curator = await send("PUT", "update/usergroup", { id, usergroups: [NAGALAND.id] }, "dataCurator");
    expect(curator.status).toBe(200);
    expect((await stored(id)).groups).toEqual([BANNI.id]);
    const admin = await send("PUT", "update/usergroup", { id, usergroups: [NAGALAND.id, SACRED_GROVES.id, 999_999] }, "admin");
    expect(admin.status).toBe(200);
    expect((await stored(id)).groups).toEqual([SACRED_GROVES.id, NAGALAND.id].sort((a, b) => a - b));
    // The group facet follows (the cache was invalidated).
    const agg = await getAs(api, `${D}/aggregation?shortName=${template.shortName}&id=${id}`);
    const groups = (agg.body as { usergroups: Array<{ _id: string; count: number }> }).usergroups.map((g) => Number(g._id)).sort((a, b) => a - b);
    expect(groups).toEqual([SACRED_GROVES.id, NAGALAND.id].sort((a, b) => a - b));
  });
});

describe(`[DATA SOCIAL] POST data/request → POST data/grant (${TEST_DB})`, () => {
  const linkOf = (body: string) => {
    const match = /http:\/\/localhost:3000\/continue\/verify-token\?type=cca-contibutor-request&token=([A-Za-z0-9._%-]+)/.exec(body);
    expect(match, body).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };

  it("refuses visitors (401), editors (409), bad messages (400), another requester (403) and unknown records (404)", async () => {
    const id = await newRecord();
    const body = (extra: Record<string, unknown> = {}) => ({ ccaid: id, role: "ROLE_EXTDATACONTRIBUTOR", requestorMessage: "I survey this grove", ...extra });
    expect((await send("POST", "request", body(), "anonymous")).status).toBe(401);
    for (const who of ["owner", "editor", "dataCurator", "admin"] as const) {
      const res = await send("POST", "request", body(), who);
      expect(res.status, who).toBe(409);
      expect(fieldErrors(res)).toEqual({ ccaid: "contribute:errors.already_editor" });
    }
    const empty = await send("POST", "request", body({ requestorMessage: "   " }), "member");
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty)).toEqual({ requestorMessage: "form:required" });
    const long = await send("POST", "request", body({ requestorMessage: "x".repeat(201) }), "member");
    expect(long.status).toBe(400);
    expect(fieldErrors(long)).toEqual({ requestorMessage: 'form:max_length|{"max":200}' });
    expect((await send("POST", "request", body({ requestorMessage: "क".repeat(200) }), "member")).status).toBe(200);
    const someoneElse = await send("POST", "request", { ...body(), ccaid: await newRecord(), requestorId: cast.editor.id }, "member");
    expect(someoneElse.status).toBe(403);
    expect((await send("POST", "request", { ...body(), ccaid: 999_999 }, "member")).status).toBe(404);
  });

  it("a member asks; the owner and the data curators get the link; the owner grants once; the member is an editor", async () => {
    const id = await newRecord("Mawphlang sacred forest");
    await send("PUT", "update/followers", { id, type: "follow" }, "dataCurator");
    const asked = await send("POST", "request", { ccaid: id, requestorId: String(cast.member.id), role: "ROLE_EXTDATACONTRIBUTOR", requestorMessage: "I walk this forest every month" }, "member");
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toBe(true);

    // A second request while the first waits: 409.
    const again = await send("POST", "request", { ccaid: id, requestorMessage: "Again" }, "member");
    expect(again.status).toBe(409);
    expect(fieldErrors(again)).toEqual({ ccaid: "contribute:errors.request_pending" });

    const toOwner = (await outboxTo(api, cast.owner.email)).at(-1)!;
    expect(toOwner.subject).toContain("Mawphlang sacred forest");
    expect(toOwner.body).toContain("I walk this forest every month");
    expect(toOwner.body).toContain(SEED_USER_BY_ROLE.user.name);
    const toCurator = (await outboxTo(api, SEED_USER_BY_ROLE.dataCurator.email!)).at(-1)!;
    const token = linkOf(toOwner.body);
    expect(linkOf(toCurator.body)).toBe(token);
    // Only the token's hash is stored.
    const row = await api.db.one<{ token_hash: string }>("select token_hash from cca_contributor_request where data_id = $1", [id]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);

    // What the link shows, to those who may answer it.
    const view = await getAs(api, `${D}/request?token=${encodeURIComponent(token)}`, cast.owner.token);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body as ContributorRequestView).toMatchObject({
      record: { id, title: "Mawphlang sacred forest" },
      requester: { id: cast.member.id, name: SEED_USER_BY_ROLE.user.name },
      message: "I walk this forest every month",
      status: "pending",
      alreadyEditor: false,
    });
    expect((await getAs(api, `${D}/request?token=${encodeURIComponent(token)}`, cast.member.token)).status).toBe(403);
    expect((await getAs(api, `${D}/request?token=${encodeURIComponent(token)}`)).status).toBe(401);

    // The requester, an allowed editor and visitors may not grant.
    expect((await send("POST", "grant", { token }, "anonymous")).status).toBe(401);
    expect((await send("POST", "grant", { token }, "member")).status).toBe(403);
    expect((await send("POST", "grant", { token }, "editor")).status).toBe(403);
    expect((await stored(id)).allowed_users).toEqual([cast.editor.id]);

    const granted = await send("POST", "grant", { token }, "owner");
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toBe(true);
    expect((await stored(id)).allowed_users).toEqual([cast.editor.id, cast.member.id]);
    const record = (await getAs(api, `${D}/${id}`, cast.member.token)).body as CCAData;
    expect(record.allowedUsers).toContain(String(cast.member.id));
    expect((await outboxTo(api, SEED_USER_BY_ROLE.user.email!)).at(-1)?.body).toMatch(/was granted/);
    expect((await outboxTo(api, SEED_USER_BY_ROLE.dataCurator.email!)).at(-1)?.body).toMatch(/can now edit this CCA/);

    // Reused: refused, whoever tries.
    for (const who of ["owner", "dataCurator", "admin"] as const) {
      const reused = await send("POST", "grant", { token }, who);
      expect(reused.status, who).toBe(400);
      expect(fieldErrors(reused)).toEqual({ token: "contribute:errors.token_used" });
    }
    const after = (await getAs(api, `${D}/request?token=${encodeURIComponent(token)}`, cast.dataCurator.token)).body as ContributorRequestView;
    expect(after).toMatchObject({ status: "granted", alreadyEditor: true, grantedBy: { id: cast.owner.id } });
  });

  it("refuses forged, tampered, unknown and expired tokens; a data curator or an admin may grant", async () => {
    const id = await newRecord();
    const requester = await freshPerson(api);
    const ask = () => sendJson(api, "POST", `${D}/request`, { ccaid: id, requestorMessage: "Please" }, { token: requester.token });
    expect((await ask()).status).toBe(200);
    const token = linkOf((await outboxTo(api, cast.owner.email)).at(-1)!.body);
    const [requestId, nonce, signature] = token.split(".") as [string, string, string];

    const refused = async (value: unknown) => {
      const res = await send("POST", "grant", { token: value }, "admin");
      expect(res.status, String(value)).toBe(400);
      return fieldErrors(res).token;
    };
    expect(await refused(undefined)).toBe("form:required");
    expect(await refused("not-a-token")).toBe("contribute:errors.token_invalid");
    // Signed with another secret, or with a changed id or nonce.
    expect(await refused(issueToken(new TextEncoder().encode("someone-else's-secret-of-32-characters"), Number(requestId), nonce))).toBe("contribute:errors.token_invalid");
    expect(await refused(`${Number(requestId) + 1}.${nonce}.${signature}`)).toBe("contribute:errors.token_invalid");
    expect(await refused(`${requestId}.${nonce.slice(0, -1)}${nonce.endsWith("A") ? "B" : "A"}.${signature}`)).toBe("contribute:errors.token_invalid");
    // Correctly signed but not the one issued for the request (the stored hash differs).
    expect(await refused(issueToken(TEST_JWT_SECRET, Number(requestId), "A".repeat(32)))).toBe("contribute:errors.token_invalid");
    // A signed token for a request that does not exist.
    expect(await refused(issueToken(TEST_JWT_SECRET, 999_999))).toBe("contribute:errors.token_invalid");

    await api.db.query("update cca_contributor_request set expires_on = now() - interval '1 minute' where id = $1", [Number(requestId)]);
    expect(await refused(token)).toBe("contribute:errors.token_expired");
    expect((await stored(id)).allowed_users).toEqual([cast.editor.id]);
    const view = (await getAs(api, `${D}/request?token=${encodeURIComponent(token)}`, cast.admin.token)).body as ContributorRequestView;
    expect(view.status).toBe("expired");

    // An expired request no longer blocks a new one; a data curator grants it.
    expect((await ask()).status).toBe(200);
    const fresh = linkOf((await outboxTo(api, cast.owner.email)).at(-1)!.body);
    expect(fresh).not.toBe(token);
    expect((await send("POST", "grant", { token: fresh }, "dataCurator")).status).toBe(200);
    expect((await stored(id)).allowed_users).toEqual([cast.editor.id, requester.id]);
  });
});
