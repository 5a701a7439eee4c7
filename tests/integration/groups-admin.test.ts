import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { GroupAdministrators, GroupDetail, GroupListExpanded, GroupListItem, UserGroupEditData } from "@/contracts/group";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import {
  BANNI,
  call,
  CHILIKA,
  CHILIKA_DOMAIN,
  createGroupAsAdmin,
  deletedGroupId,
  EVERYONE,
  freshPerson,
  freshSlug,
  GROUP,
  groupBody,
  makeCast,
  NAGALAND,
  roleIn,
  SACRED_GROVES,
  tokenOf,
  type Cast,
  type Who,
} from "./helpers/groups";

let api: TestPlatform;
let cast: Cast;

beforeAll(async () => {
  api = await createTestPlatform();
  cast = await makeCast(api);
});

afterAll(async () => {
  await api?.close();
});

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const all = async (languageId = 205) => (await call(api, "GET", `${GROUP}/all?languageId=${languageId}`)).body as GroupListItem[];
const detail = async (id: number, languageId = 205) => (await call(api, "GET", `${GROUP}/${id}/${languageId}`)).body as GroupDetail;
const create = (body: unknown, who: Who = "admin") => call(api, "POST", `${GROUP}/create`, tokenOf(cast, who), body);
const editData = (id: number, who: Who) => call(api, "GET", `${GROUP}/edit/${id}`, tokenOf(cast, who));
const save = (id: number, body: unknown, who: Who) => call(api, "PUT", `${GROUP}/edit/save/${id}`, tokenOf(cast, who), body);
const administrators = async (id: number) => (await call(api, "GET", `${GROUP}/adminstration/members/${id}`)).body as GroupAdministrators;
const addMembers = (body: unknown, who: Who) => call(api, "POST", `${GROUP}/add/members`, tokenOf(cast, who), body);
const removeMember = (groupId: number, userId: number, who: Who) =>
  call(api, "GET", `${GROUP}/remove/members?userGroupId=${groupId}&userId=${userId}`, tokenOf(cast, who));

/** The edit body of a group as stored now (what the edit screen loads). */
async function storedEditData(id: number): Promise<UserGroupEditData> {
  const res = await editData(id, "admin");
  expect(res.status).toBe(200);
  return res.body as UserGroupEditData;
}

describe(`[GROUPS] GET ${GROUP}/list/{languageId} and /{id} (${TEST_DB})`, () => {
  it("lists every group with its member count, description and open/closed, in the language asked", async () => {
    const res = await call(api, "GET", `${GROUP}/list/205`);
    expect(res.status).toBe(200);
    const list = res.body as GroupListExpanded[];
    expect(list.map((g) => g.id)).toEqual((await all()).map((g) => g.id));
    const byId = new Map(list.map((g) => [g.id, g]));
    expect(byId.get(SACRED_GROVES.id)).toMatchObject({
      name: SACRED_GROVES.name,
      nameLocal: SACRED_GROVES.nameLocal,
      description: SACRED_GROVES.description,
      allowUserToJoin: true,
      isParticipatory: true,
      memberCount: 3, // the seeded member and founder, and the moderator of the cast
      webAddress: "/group/sacred-groves",
    });
    expect(byId.get(NAGALAND.id)).toMatchObject({ allowUserToJoin: false, memberCount: 1 });
    expect(byId.get(CHILIKA.id)).toMatchObject({ memberCount: 0, webAddress: CHILIKA_DOMAIN });

    const hindi = (await call(api, "GET", `${GROUP}/list/206`)).body as GroupListExpanded[];
    expect(hindi.find((g) => g.id === BANNI.id)).toMatchObject({ name: BANNI.hi.name, description: BANNI.hi.description });
    expect((await call(api, "GET", `${GROUP}/list/999`)).status).toBe(400);
  });

  it("GET /{id} answers the group in English; unknown and deleted groups are 404", async () => {
    const res = await call(api, "GET", `${GROUP}/${NAGALAND.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: NAGALAND.id, groupId: NAGALAND.id, languageId: 205, name: NAGALAND.name, allowUserToJoin: false });
    expect((await call(api, "GET", `${GROUP}/999999`)).status).toBe(404);
    expect((await call(api, "GET", `${GROUP}/${await deletedGroupId(api)}`)).status).toBe(404);
    expect((await call(api, "GET", `${GROUP}/abc`)).status).toBe(400);
  });
});

describe(`[GROUPS] POST ${GROUP}/create (${TEST_DB})`, () => {
  it("only administrators create groups: 401 anonymous, 403 member, moderator and founders", async () => {
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 403, otherFounder: 403, admin: 201 };
    for (const who of EVERYONE) {
      const res = await create(groupBody(), who);
      expect(res.status, who).toBe(expected[who]);
    }
  });

  it("an admin's new group is listed at once (en and hi), with the admin as its founder when nobody is invited", async () => {
    const slug = freshSlug("Keepers");
    const res = await create(groupBody({ webAddress: slug, displayOrder: 0 }));
    expect(res.status).toBe(201);
    const item = res.body as GroupListItem;
    expect(item).toMatchObject({ groupId: item.id, name: "Forest Keepers", nameLocal: "वन रक्षक", webAddress: `/group/${slug}`, icon: "/abc123/logo.png", displayOrder: 0, isParticipatory: true });

    expect((await all()).find((g) => g.id === item.id)).toEqual(item);
    expect((await all(206)).find((g) => g.id === item.id)?.name).toBe("वन रक्षक");
    expect(await detail(item.id, 206)).toMatchObject({ name: "वन रक्षक", description: "अपने वनों की रक्षा करने वाले गाँव।" });
    expect(await roleIn(api, item.id, cast.admin.id)).toBe("founder");
    expect((await administrators(item.id)).founderList.map((u) => u.id)).toEqual([cast.admin.id]);
  });

  it("invited founders and moderators get their roles; the creating admin does not join", async () => {
    const founder = await freshPerson(api);
    const moderator = await freshPerson(api);
    const id = await createGroupAsAdmin(api, cast.admin.token, {
      allowUserToJoin: false,
      invitationData: { founderIds: [founder.id], moderatorsIds: [moderator.id, founder.id] },
    });
    expect(await roleIn(api, id, founder.id)).toBe("founder");
    expect(await roleIn(api, id, moderator.id)).toBe("moderator");
    expect(await roleIn(api, id, cast.admin.id)).toBeNull();
    const admins = await administrators(id);
    expect(admins.founderList).toEqual([{ id: founder.id, name: expect.any(String), profilePic: null, isAdmin: false }]);
    expect(admins.moderatorList.map((u) => u.id)).toEqual([moderator.id]);
  });

  it("an English-only group shows its English name in Hindi too", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { translation: [{ language: 205, name: "Only English", description: "" }], nameLocal: null });
    expect(await detail(id, 206)).toMatchObject({ name: "Only English", nameLocal: null });
  });

  it("refuses bad addresses with a reason per field (400 VALIDATION_FAILED, group:errors.* keys)", async () => {
    const cases: [string, Partial<Record<string, unknown>>, string, string][] = [
      ["space in slug", { webAddress: "my group" }, "webAddress", "group:errors.slug_format"],
      ["slash in slug", { webAddress: "a/b" }, "webAddress", "group:errors.slug_format"],
      ["slug starting with -", { webAddress: "-abc" }, "webAddress", "group:errors.slug_format"],
      ["non-ASCII slug", { webAddress: "वन" }, "webAddress", "group:errors.slug_format"],
      ["empty slug", { webAddress: "  " }, "webAddress", "group:errors.required"],
      ["61-character slug", { webAddress: "a".repeat(61) }, "webAddress", "group:errors.slug_too_long"],
      ["reserved list", { webAddress: "list" }, "webAddress", "group:errors.slug_reserved"],
      ["reserved Create", { webAddress: "Create" }, "webAddress", "group:errors.slug_reserved"],
      ["ftp domain", { domainName: "ftp://files.example.org" }, "domainName", "group:errors.domain_format"],
      ["domain with a path", { domainName: "https://example.org/forest" }, "domainName", "group:errors.domain_format"],
      ["domain with a query", { domainName: "https://example.org?x=1" }, "domainName", "group:errors.domain_format"],
      ["bare host", { domainName: "example.org" }, "domainName", "group:errors.domain_format"],
      ["the main site", { domainName: "http://localhost:3000" }, "domainName", "group:errors.domain_is_site"],
      ["no English", { translation: [{ language: 206, name: "केवल हिंदी", description: "" }] }, "translation.205.name", "group:errors.english_required"],
      ["blank English name", { translation: [{ language: 205, name: " ", description: "x" }] }, "translation.205.name", "group:errors.required"],
      ["Hindi description without a name", { translation: [{ language: 205, name: "A", description: "" }, { language: 206, name: "", description: "विवरण" }] }, "translation.206.name", "group:errors.required"],
      ["unknown language", { translation: [{ language: 205, name: "A", description: "" }, { language: 999, name: "B", description: "" }] }, "translation", "group:errors.language"],
      ["201-character name", { translation: [{ language: 205, name: "n".repeat(201), description: "" }] }, "translation.205.name", "group:errors.name_too_long"],
      ["5001-character description", { translation: [{ language: 205, name: "A", description: "d".repeat(5001) }] }, "translation.205.description", "group:errors.description_too_long"],
      ["201-character local name", { nameLocal: "न".repeat(201) }, "nameLocal", "group:errors.name_too_long"],
      ["negative display order", { displayOrder: -1 }, "displayOrder", "group:errors.display_order"],
      ["fractional display order", { displayOrder: 1.5 }, "displayOrder", "group:errors.display_order"],
      ["icon leaving the store", { icon: "/../../etc/passwd" }, "icon", "group:errors.icon_format"],
      ["icon as a URL", { icon: "https://evil.example/logo.png" }, "icon", "group:errors.icon_format"],
      ["open/closed missing", { allowUserToJoin: undefined }, "allowUserToJoin", "group:errors.boolean"],
      ["unknown invited founder", { invitationData: { founderIds: [999999], moderatorsIds: [] } }, "invitationData.founderIds", "group:errors.unknown_user"],
      ["invited ids not numbers", { invitationData: { founderIds: ["x"], moderatorsIds: [] } }, "invitationData.founderIds", "group:errors.user_ids"],
    ];
    const countBefore = (await all()).length;
    for (const [label, change, field, key] of cases) {
      const res = await create({ ...groupBody(), ...change });
      expect(res.status, label).toBe(400);
      expect(errorOf(res).code, label).toBe("VALIDATION_FAILED");
      expect(errorOf(res).fieldErrors?.[field], label).toBe(key);
    }
    expect((await all()).length).toBe(countBefore);
  });

  it("reports every bad field of one body together; a body that is not JSON is 400", async () => {
    const res = await create({ ...groupBody(), webAddress: "a b", displayOrder: -2, translation: [] });
    expect(res.status).toBe(400);
    expect(errorOf(res).fieldErrors).toEqual({
      webAddress: "group:errors.slug_format",
      displayOrder: "group:errors.display_order",
      "translation.205.name": "group:errors.english_required",
    });
    const notJson = await api.request("POST", `${GROUP}/create`, {
      headers: { authorization: `Bearer ${cast.admin.token}`, "content-type": "application/json" },
      body: Buffer.from("{nope"),
    });
    expect(notJson.status).toBe(400);
  });

  it("slugs and domains are unique regardless of case: 409 SLUG_TAKEN / DOMAIN_TAKEN with the field named", async () => {
    const slugClash = await create(groupBody({ webAddress: "Sacred-GROVES" }));
    expect(slugClash.status).toBe(409);
    expect(errorOf(slugClash)).toMatchObject({ code: "SLUG_TAKEN", fieldErrors: { webAddress: "group:errors.slug_taken" } });

    const domainClash = await create(groupBody({ domainName: "HTTP://Chilika.localhost:3000/" }));
    expect(domainClash.status).toBe(409);
    expect(errorOf(domainClash)).toMatchObject({ code: "DOMAIN_TAKEN", fieldErrors: { domainName: "group:errors.domain_taken" } });

    // a deleted group keeps its address reserved
    const gone = await api.db.one<{ slug: string }>("select slug from user_group where id = $1", [await deletedGroupId(api)]);
    expect((await create(groupBody({ webAddress: gone.slug.toUpperCase() }))).status).toBe(409);
  });

  it("stores a domain as its origin and lists the group under it", async () => {
    const res = await create(groupBody({ domainName: "https://Forest.Example.org/" }));
    expect(res.status).toBe(201);
    expect((res.body as GroupListItem).webAddress).toBe("https://forest.example.org");
    expect((await detail((res.body as GroupListItem).id)).domainName).toBe("https://forest.example.org");
  });
});

describe(`[GROUPS] GET ${GROUP}/edit/{id} and PUT ${GROUP}/edit/save/{id} (${TEST_DB})`, () => {
  it("only admins and the group's founders read the edit data: 401 anonymous, 403 member, moderator and other founders", async () => {
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 200, otherFounder: 403, admin: 200 };
    for (const who of EVERYONE) expect((await editData(SACRED_GROVES.id, who)).status, who).toBe(expected[who]);
    expect((await editData(999999, "admin")).status).toBe(404);
    expect((await editData(await deletedGroupId(api), "admin")).status).toBe(404);
    expect((await editData(999999, "anonymous")).status).toBe(401);
  });

  it("answers the stored fields with the bare slug and one translation per language", async () => {
    const res = await editData(SACRED_GROVES.id, "founder");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      translation: [
        { language: 205, name: SACRED_GROVES.name, description: SACRED_GROVES.description },
        { language: 206, name: SACRED_GROVES.hi.name, description: SACRED_GROVES.hi.description },
      ],
      nameLocal: SACRED_GROVES.nameLocal,
      webAddress: "sacred-groves",
      domainName: null,
      icon: "/logos/sacred-groves.svg",
      allowUserToJoin: true,
      displayOrder: SACRED_GROVES.displayOrder,
    });
    const chilika = (await editData(CHILIKA.id, "admin")).body as UserGroupEditData;
    expect(chilika).toMatchObject({ webAddress: "chilika", domainName: CHILIKA_DOMAIN });
  });

  it("only admins and the group's founders save: 401 anonymous, 403 member, moderator and other founders", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [cast.moderator.id] } });
    await api.db.query("insert into user_group_member (user_group_id, user_id) values ($1, $2)", [id, cast.member.id]);
    const body = await storedEditData(id);
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 200, otherFounder: 403, admin: 200 };
    for (const who of EVERYONE) {
      const res = await save(id, { ...body, nameLocal: `by ${who}` }, who);
      expect(res.status, who).toBe(expected[who]);
    }
    expect((await detail(id)).nameLocal).toBe("by admin");
    expect((await save(999999, body, "admin")).status).toBe(404);
  });

  it("a founder renames the group in Hindi: the Hindi list and detail show it at once, English unchanged", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const body = await storedEditData(id);
    const res = await save(id, { ...body, translation: [body.translation[0], { language: 206, name: "नया नाम", description: "नया विवरण" }] }, "founder");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Forest Keepers" });
    expect((await all(206)).find((g) => g.id === id)?.name).toBe("नया नाम");
    expect(await detail(id, 206)).toMatchObject({ name: "नया नाम", description: "नया विवरण" });
    expect((await detail(id, 205)).name).toBe("Forest Keepers");

    // a Hindi name without a description shows the English description in Hindi
    await save(id, { ...body, translation: [body.translation[0], { language: 206, name: "केवल नाम", description: "" }] }, "founder");
    expect(await detail(id, 206)).toMatchObject({ name: "केवल नाम", description: "Villages that keep their forests." });

    // leaving Hindi blank drops the translation: Hindi falls back to English
    await save(id, { ...body, translation: [body.translation[0], { language: 206, name: "", description: "" }] }, "founder");
    expect((await detail(id, 206)).name).toBe("Forest Keepers");
  });

  it("a new slug works at once and the old one stops; group and page caches are dropped", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token);
    const body = await storedEditData(id);
    await cached(`${CACHE_KEYS.groupList}test`, 60_000, async () => "stale groups");
    await cached(`${CACHE_KEYS.pages}test`, 60_000, async () => "stale pages");

    // the address unchanged: group caches dropped, page caches kept
    expect((await save(id, { ...body, displayOrder: 9 }, "admin")).status).toBe(200);
    expect(await cached(`${CACHE_KEYS.groupList}test`, 60_000, async () => "fresh")).toBe("fresh");
    expect(await cached(`${CACHE_KEYS.pages}test`, 60_000, async () => "fresh")).toBe("stale pages");
    // its own slug in another case is accepted (not a clash with itself)
    const upper = await save(id, { ...body, webAddress: body.webAddress.toUpperCase() }, "admin");
    expect((upper.body as GroupListItem).webAddress).toBe(`/group/${body.webAddress.toUpperCase()}`);

    const renamed = freshSlug("renamed");
    const res = await save(id, { ...body, webAddress: renamed }, "admin");
    expect(res.status).toBe(200);
    expect((res.body as GroupListItem).webAddress).toBe(`/group/${renamed}`);
    const listed = await all();
    expect(listed.find((g) => g.id === id)?.webAddress).toBe(`/group/${renamed}`);
    expect(listed.some((g) => g.webAddress === `/group/${body.webAddress}`)).toBe(false);
    expect(await cached(`${CACHE_KEYS.pages}test`, 60_000, async () => "fresh")).toBe("fresh");

    // the old slug is free again for another group
    expect((await create(groupBody({ webAddress: body.webAddress }))).status).toBe(201);
  });

  it("saving refuses another group's slug or domain (409) and bad fields (400), and changes nothing", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token);
    const body = await storedEditData(id);
    const slug = await save(id, { ...body, webAddress: "banni-grasslands" }, "admin");
    expect(slug.status).toBe(409);
    expect(errorOf(slug).code).toBe("SLUG_TAKEN");
    const domain = await save(id, { ...body, domainName: CHILIKA_DOMAIN }, "admin");
    expect(domain.status).toBe(409);
    expect(errorOf(domain).code).toBe("DOMAIN_TAKEN");
    const bad = await save(id, { ...body, webAddress: "no/slashes" }, "admin");
    expect(bad.status).toBe(400);
    expect(errorOf(bad).fieldErrors).toEqual({ webAddress: "group:errors.slug_format" });
    expect(await storedEditData(id)).toEqual(body);

    // a group keeps its own domain when saved unchanged, and can move to a domain of its own
    const own = await save(CHILIKA.id, await storedEditData(CHILIKA.id), "admin");
    expect(own.status).toBe(200);
    expect((own.body as GroupListItem).webAddress).toBe(CHILIKA_DOMAIN);
    const moved = await save(id, { ...body, domainName: "https://keepers.example.org" }, "admin");
    expect((moved.body as GroupListItem).webAddress).toBe("https://keepers.example.org");
  });

  it("a founder's save with a domain is ignored (the stored domain stays, the other fields save); an admin's sets it (issue 27 item 14)", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const body = await storedEditData(id);
    const founder = await save(id, { ...body, domainName: "https://attacker.example", nameLocal: "संस्थापक" }, "founder");
    expect(founder.status).toBe(200);
    expect((founder.body as GroupListItem).webAddress).toBe(`/group/${body.webAddress}`);
    expect(await storedEditData(id)).toMatchObject({ domainName: null, nameLocal: "संस्थापक" });
    // Not even a malformed domain is looked at: it is not the founder's field.
    expect((await save(id, { ...body, domainName: "javascript:alert(1)" }, "founder")).status).toBe(200);

    const admin = await save(id, { ...body, domainName: "https://keepers-own.example.org" }, "admin");
    expect((admin.body as GroupListItem).webAddress).toBe("https://keepers-own.example.org");
    // A founder's later save, with the domain cleared or changed, keeps the admin's domain.
    expect((await save(id, { ...body, domainName: null }, "founder")).status).toBe(200);
    expect((await save(id, { ...body, domainName: "https://elsewhere.example" }, "founder")).status).toBe(200);
    expect((await storedEditData(id)).domainName).toBe("https://keepers-own.example.org");
  });

  it("a founder closes the group: it is listed as not participatory", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const body = await storedEditData(id);
    expect((await save(id, { ...body, allowUserToJoin: false }, "founder")).status).toBe(200);
    expect((await all()).find((g) => g.id === id)?.isParticipatory).toBe(false);
  });
});

describe(`[GROUPS] administrators: adminstration/members, add/members, remove/members (${TEST_DB})`, () => {
  it("lists the founders and moderators of a group to anyone; 404 for an unknown or deleted group", async () => {
    const res = await call(api, "GET", `${GROUP}/adminstration/members/${SACRED_GROVES.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      founderList: [{ id: cast.founder.id, name: "Group Founder", profilePic: null, isAdmin: false }],
      moderatorList: [{ id: cast.moderator.id, name: expect.any(String), profilePic: null, isAdmin: false }],
    });
    expect(await administrators(BANNI.id)).toEqual({ founderList: [{ id: cast.otherFounder.id, name: expect.any(String), profilePic: null, isAdmin: false }], moderatorList: [] });
    expect((await call(api, "GET", `${GROUP}/adminstration/members/999999`)).status).toBe(404);
    expect((await call(api, "GET", `${GROUP}/adminstration/members/${await deletedGroupId(api)}`)).status).toBe(404);
  });

  it("only admins and the group's founders add administrators: 401 anonymous, 403 member, moderator and other founders", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [cast.moderator.id] } });
    await api.db.query("insert into user_group_member (user_group_id, user_id) values ($1, $2)", [id, cast.member.id]);
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 200, otherFounder: 403, admin: 200 };
    for (const who of EVERYONE) {
      const target = await freshPerson(api);
      const res = await addMembers({ userGroupId: id, founderIds: [], moderatorsIds: [target.id], founderEmail: [], moderatorsEmail: [] }, who);
      expect(res.status, who).toBe(expected[who]);
      expect(await roleIn(api, id, target.id), who).toBe(expected[who] === 200 ? "moderator" : null);
    }
    const unknownGroup = await addMembers({ userGroupId: 999999, founderIds: [], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] }, "admin");
    expect(unknownGroup.status).toBe(404);
  });

  it("adds by id and by e-mail (any case); a plain member is promoted; unknown e-mails or ids are 400 and change nothing", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const byEmail = await freshPerson(api);
    const plain = await freshPerson(api, id, "member");
    const res = await addMembers(
      { userGroupId: id, founderIds: [plain.id], moderatorsIds: [], founderEmail: [], moderatorsEmail: [byEmail.email.toUpperCase()] },
      "founder",
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "MEMBERS_ADDED" });
    expect(await roleIn(api, id, plain.id)).toBe("founder");
    expect(await roleIn(api, id, byEmail.id)).toBe("moderator");

    const nobody = await freshPerson(api);
    const unknownEmail = await addMembers(
      { userGroupId: id, founderIds: [nobody.id], moderatorsIds: [], founderEmail: ["nobody-here@example.net"], moderatorsEmail: [] },
      "founder",
    );
    expect(unknownEmail.status).toBe(400);
    expect(errorOf(unknownEmail).fieldErrors).toEqual({ founderEmail: "group:errors.unknown_email" });
    const unknownId = await addMembers({ userGroupId: id, founderIds: [999999], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] }, "founder");
    expect(errorOf(unknownId).fieldErrors).toEqual({ founderIds: "group:errors.unknown_user" });
    const badEmail = await addMembers({ userGroupId: id, founderIds: [], moderatorsIds: [], founderEmail: ["not an e-mail"], moderatorsEmail: [] }, "founder");
    expect(errorOf(badEmail).fieldErrors).toEqual({ founderEmail: "group:errors.emails" });
    expect(await roleIn(api, id, nobody.id)).toBeNull();
  });

  it("demoting the only founder to moderator is refused with 409 LAST_FOUNDER", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const res = await addMembers({ userGroupId: id, founderIds: [], moderatorsIds: [cast.founder.id], founderEmail: [], moderatorsEmail: [] }, "admin");
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe("LAST_FOUNDER");
    expect(await roleIn(api, id, cast.founder.id)).toBe("founder");
  });

  it("only admins and the group's founders remove administrators; the user stays a plain member", async () => {
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [cast.moderator.id] } });
    await api.db.query("insert into user_group_member (user_group_id, user_id) values ($1, $2)", [id, cast.member.id]);
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 200, otherFounder: 403, admin: 200 };
    const kept = [cast.moderator.id];
    for (const who of EVERYONE) {
      const target = await freshPerson(api, id, "moderator");
      const res = await removeMember(id, target.id, who);
      if (expected[who] !== 200) kept.push(target.id);
      expect(res.status, who).toBe(expected[who]);
      expect(await roleIn(api, id, target.id), who).toBe(expected[who] === 200 ? "member" : "moderator");
      if (expected[who] === 200) expect(res.body).toEqual({ status: true, message: "MEMBER_REMOVED" });
    }
    expect((await administrators(id)).moderatorList.map((u) => u.id)).toEqual(kept);
    // not an administrator (a plain member, or nobody): 404
    expect((await removeMember(id, cast.member.id, "admin")).status).toBe(404);
    expect((await removeMember(id, 999999, "admin")).status).toBe(404);
    expect((await removeMember(999999, cast.member.id, "admin")).status).toBe(404);
    expect((await call(api, "GET", `${GROUP}/remove/members?userGroupId=${id}`, cast.admin.token)).status).toBe(400);
  });

  it("the last founder cannot be removed (409 LAST_FOUNDER); with two founders one can go", async () => {
    const second = await freshPerson(api);
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    const last = await removeMember(id, cast.founder.id, "admin");
    expect(last.status).toBe(409);
    expect(errorOf(last).code).toBe("LAST_FOUNDER");
    expect(await roleIn(api, id, cast.founder.id)).toBe("founder");

    await addMembers({ userGroupId: id, founderIds: [second.id], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] }, "founder");
    expect((await removeMember(id, cast.founder.id, "founder")).status).toBe(200); // a founder steps down
    expect(await roleIn(api, id, cast.founder.id)).toBe("member");
    expect((await removeMember(id, second.id, "admin")).status).toBe(409);
  });

  it("administrator changes are visible in the edit rights at once", async () => {
    const promoted = await freshPerson(api);
    const id = await createGroupAsAdmin(api, cast.admin.token, { invitationData: { founderIds: [cast.founder.id], moderatorsIds: [] } });
    expect((await call(api, "GET", `${GROUP}/edit/${id}`, promoted.token)).status).toBe(403);
    await addMembers({ userGroupId: id, founderIds: [promoted.id], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] }, "founder");
    expect((await call(api, "GET", `${GROUP}/edit/${id}`, promoted.token)).status).toBe(200);
    await removeMember(id, promoted.id, "founder");
    expect((await call(api, "GET", `${GROUP}/edit/${id}`, promoted.token)).status).toBe(403);
  });
});
