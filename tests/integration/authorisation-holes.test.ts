/**
 * Issue 27 items 9, 14, 15 and 16: the authorisation holes a review found, each as the client or person
 * who noticed it would see it (on PGlite, then PostgreSQL with TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData } from "@/contracts/cca-data";
import type { OutboxMessage } from "@/contracts/outbox";
import type { PageEntity, PageShowFull } from "@/contracts/page";
import type { CCATemplate } from "@/contracts/template";
import type { UserProfile, UserSearchResponse } from "@/contracts/user";
import { AUTH, getAs, lastCode, postForm, registerAccount, sendJson, verifiedAccount } from "./helpers/accounts";
import { BANNI, freshPerson, seedPerson, type Person } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import { PUBLIC_CONSENT } from "./helpers/consent";

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
    const saved = await sendJson(api, "POST", `${D}/save`, { shortName: template.shortName, usergroups: [BANNI.id], ccaFieldValues: { "h-name": { fieldId: "h-name", value: "Banni grove" } }, consent: PUBLIC_CONSENT }, { token: owner.token });
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

describe(`[AUTHZ HOLES] item 16a: a profile's position and last sign-in are private (${TEST_DB})`, () => {
  it("others see neither latitude/longitude nor the last sign-in (profile, integrator profile, user list); the user and admins do", async () => {
    const person = await verifiedAccount(api); // registered at Puri, 19.81 / 85.83; signed in by verifying
    await api.db.query("update app_user set last_login_date = now() where id = $1", [person.id]);
    const other = await freshPerson(api);
    const urls = [`user-api/api/v1/user/${person.id}`, `cca-integrator-api/api/v1/services/read/profile/${person.id}`];
    for (const url of urls) {
      for (const token of [undefined, other.token]) {
        const res = await getAs(api, url, token);
        expect(res.status).toBe(200);
        expect(res.body, `${url} as ${token ? "another member" : "a visitor"}`).toMatchObject({ id: person.id, location: "Puri, Odisha", latitude: null, longitude: null, lastLoginDate: null });
      }
      for (const token of [person.access, admin.token]) {
        const body = (await getAs(api, url, token)).body as UserProfile;
        expect(body).toMatchObject({ latitude: 19.81, longitude: 85.83 });
        expect(body.lastLoginDate).toEqual(expect.any(String));
      }
    }
    const list = (token?: string, query = "") =>
      sendJson(api, "POST", `user-api/api/v1/user/list/extended_user/_doc?user=${person.id}${query}`, {}, { token }).then((r) => (r.body as UserSearchResponse).userList);
    expect((await list())[0]!.user).toMatchObject({ latitude: null, longitude: null, lastLoginDate: null });
    expect((await list(admin.token))[0]!.user).toMatchObject({ latitude: 19.81, longitude: 85.83 });
    // Nor can a visitor learn it by filtering on it: the bounds are ignored for them.
    const future = `&lastLoggedInMinDate=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;
    expect(await list(undefined, future)).toHaveLength(1);
    expect(await list(admin.token, future)).toHaveLength(0);
  });
});

describe(`[AUTHZ HOLES] item 16b: the outbox masks codes that can no longer be used (${TEST_DB})`, () => {
  const outbox = async (to: string) =>
    ((await getAs(api, `utility-api/api/v1/outbox?to=${encodeURIComponent(to)}`, admin.token)).body as OutboxMessage[]).filter((m) => /code/.test(m.subject));

  it("live verification codes are readable; once one is used, every code of the account shows as ••••••", async () => {
    const account = await registerAccount(api, "email");
    const first = await lastCode(api, account.email!);
    expect((await postForm(api, `${AUTH}/regenerate-otp`, { id: account.id, action: 0 })).status).toBe(200);
    const second = await lastCode(api, account.email!);
    // Both still work (asking again does not kill the code that reached the owner): both readable.
    let messages = await outbox(account.email!);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.body).toContain(second);
    expect(messages[1]!.body).toContain(first);

    expect((await postForm(api, `${AUTH}/validate`, { id: account.id, otp: second })).status).toBe(200);
    // Masked in the database itself as the code is used, not only in the listing.
    const stored = await api.db.query<{ body: string }>("select body from outbox where lower(recipient) = lower($1)", [account.email]);
    expect(stored.every((m) => !m.body.includes(first) && !m.body.includes(second))).toBe(true);
    messages = await outbox(account.email!);
    expect(messages.map((m) => /\d{6}/.test(m.body))).toEqual([false, false]);
  });

  it("an expired code and a used reset code show as ••••••", async () => {
    const account = await registerAccount(api, "email");
    await api.db.query("update outbox set created_on = created_on - interval '11 minutes' where lower(recipient) = lower($1)", [account.email]);
    await api.db.query("update user_otp set expires_at = now() - interval '1 minute' where user_id = $1", [account.id]);
    expect((await outbox(account.email!))[0]!.body).toContain("••••••");

    const person = await verifiedAccount(api);
    expect((await postForm(api, `${AUTH}/forgot-password`, { verificationId: person.email! })).status).toBe(200);
    const code = await lastCode(api, person.email!);
    expect((await outbox(person.email!))[0]!.body).toContain(code);
    const reset = await postForm(api, `${AUTH}/reset-password`, { id: person.id, otp: code, password: "brand-new-pass", confirmPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);
    expect((await outbox(person.email!)).every((m) => !m.body.includes(code) && m.body.includes("••••••"))).toBe(true);
  });
});

describe(`[AUTHZ HOLES] item 16d: document download-log entries (${TEST_DB})`, () => {
  it("need a signed-in caller and are always logged for the caller, whoever the body names", async () => {
    const url = "document-api/api/v1/services/log/download";
    const entry = { filePath: "/holes/report.pdf", fileType: "pdf", status: "success" };
    expect((await sendJson(api, "POST", url, entry)).status).toBe(401);
    const member = await freshPerson(api);
    const res = await sendJson(api, "POST", url, { ...entry, userId: admin.id, user: { id: admin.id }, authorId: admin.id }, { token: member.token });
    expect(res.status).toBe(201);
    expect((res.body as { user: { id: number } }).user.id).toBe(member.id);
    const rows = await api.db.query<{ user_id: number }>("select user_id from download_log where file_path = $1", [entry.filePath]);
    expect(rows.map((r) => r.user_id)).toEqual([member.id]);
  });
});

describe(`[AUTHZ HOLES] item 16e: group/remove/members, a write on a GET (${TEST_DB})`, () => {
  const roleOf = async (groupId: number, userId: number) =>
    (await api.db.maybeOne<{ role: string }>("select role from user_group_member where user_group_id = $1 and user_id = $2", [groupId, userId]))?.role ?? null;

  it("a GET carrying only the BAToken cookie (what a cross-site link sends) is refused and changes nothing; the Bearer GET and the POST work", async () => {
    const groupId = BANNI.id;
    const founder = await freshPerson(api, groupId, "founder");
    const [a, b] = [await freshPerson(api, groupId, "moderator"), await freshPerson(api, groupId, "moderator")];
    const url = `${UG}/remove/members?userGroupId=${groupId}&userId=${a.id}`;
    const byCookie = await api.request("GET", url, { headers: { cookie: `BAToken=${founder.token}` } });
    expect(byCookie.status).toBe(401);
    expect(await roleOf(groupId, a.id)).toBe("moderator");

    expect((await getAs(api, url, founder.token)).status).toBe(200);
    expect(await roleOf(groupId, a.id)).toBe("member");
    const posted = await sendJson(api, "POST", `${UG}/remove/members`, { userGroupId: groupId, userId: b.id }, { token: founder.token });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(await roleOf(groupId, b.id)).toBe("member");
    expect((await sendJson(api, "POST", `${UG}/remove/members`, { userGroupId: groupId }, { token: founder.token })).status).toBe(400);
  });
});

describe(`[AUTHZ HOLES] item 16c: template and page saves carry an optimistic version (${TEST_DB})`, () => {
  const T = "cca-api/api/v1/template";
  const P = "pages-api/api/v1/page";
  const fieldIds = (t: CCATemplate) => t.fields.map((f) => f.fieldId);

  it("a stale template save (English or Hindi) answers 409 and keeps the fields and Hindi texts saved meanwhile; a save without a version still works", async () => {
    const created = await sendJson(api, "POST", `${T}/save`, {
      shortName: `holes-v-${Date.now()}`,
      name: "Versioned",
      description: "Two fields",
      platform: ["DESKTOP"],
      permissions: ["ROLE_USER"],
      fields: [
        { fieldId: "v-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true, isSummaryField: true },
        { fieldId: "v-area", type: "NUMBER", name: "Area" },
      ],
    }, { token: templateCurator.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = (await getAs(api, `${T}/${(created.body as CCATemplate).shortName}`)).body as CCATemplate;
    expect(read.version).toMatch(/^\d{20}$/);

    // Curator A adds a field and a Hindi name; curator B, who opened the template before, saves without it.
    const a = await sendJson(api, "PUT", `${T}/update`, { ...read, fields: [...read.fields, { fieldId: "v-kind", type: "TEXT", name: "Kind" }] }, { token: templateCurator.token });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const afterA = a.body as CCATemplate;
    expect(afterA.version).not.toBe(read.version);
    const hindi = await sendJson(api, "PUT", `${T}/update?language=hi`, { ...afterA, language: "hi", name: "संस्करण", fields: afterA.fields.map((f) => (f.fieldId === "v-kind" ? { ...f, name: "प्रकार" } : f)) }, { token: templateCurator.token });
    expect(hindi.status, JSON.stringify(hindi.body)).toBe(200);

    const stale = await sendJson(api, "PUT", `${T}/update`, { ...read, name: "Versioned by B" }, { token: admin.token });
    expect(stale.status).toBe(409);
    expect(fieldErrors(stale)).toEqual({ version: "template:errors.stale_version" });
    const staleHindi = await sendJson(api, "PUT", `${T}/update?language=hi`, { ...afterA, language: "hi", name: "पुराना" }, { token: admin.token });
    expect(staleHindi.status).toBe(409);
    const en = (await getAs(api, `${T}/${read.shortName}`)).body as CCATemplate;
    const hi = (await getAs(api, `${T}/${read.shortName}?language=hi`)).body as CCATemplate;
    expect(en.name).toBe("Versioned");
    expect(fieldIds(en)).toEqual(["v-name", "v-area", "v-kind"]);
    expect(hi.name).toBe("संस्करण");
    expect(hi.fields.find((f) => f.fieldId === "v-kind")?.name).toBe("प्रकार");

    // The current version saves; a client that sends none (the original front end) is not checked.
    expect((await sendJson(api, "PUT", `${T}/update`, { ...en, name: "Versioned again" }, { token: admin.token })).status).toBe(200);
    const { version: _dropped, ...unversioned } = read;
    expect((await sendJson(api, "PUT", `${T}/update`, { ...unversioned, fields: en.fields }, { token: admin.token })).status).toBe(200);
  });

  it("a stale page save answers 409 and keeps the text saved meanwhile (its translation too); a save without a version still works", async () => {
    const made = await sendJson(api, "POST", P, { title: "Versioned page", content: "<p>First</p>", pageType: "Content", languageId: 205, userGroupId: null, parentId: 0 }, { token: admin.token });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = (made.body as { id: number }).id;
    const read = (await getAs(api, `${P}/${id}?format=full`)).body as PageShowFull;
    expect(read.version).toMatch(/^\d{20}$/);
    const body = (title: string, version: string | undefined, extra: Record<string, unknown> = {}) => ({ id, title, content: `<p>${title}</p>`, pageType: "Content", ...(version ? { version } : {}), ...extra });

    const first = await sendJson(api, "PUT", P, body("Saved by A", read.version), { token: admin.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterA = (first.body as PageEntity).version;
    expect(afterA).not.toBe(read.version);
    const stale = await sendJson(api, "PUT", P, body("Saved by B", read.version), { token: admin.token });
    expect(stale.status).toBe(409);
    expect(fieldErrors(stale)).toEqual({ version: "editor:form.errors.stale_version" });
    expect(((await getAs(api, `${P}/${id}?format=full`)).body as PageShowFull).title).toBe("Saved by A");

    // A translation save moves the version too: an English save from before it is refused.
    expect((await sendJson(api, "PUT", P, body("हिंदी पेज", afterA, { languageId: 206 }), { token: admin.token })).status).toBe(200);
    expect((await sendJson(api, "PUT", P, body("English after", afterA), { token: admin.token })).status).toBe(409);
    expect(((await getAs(api, `${P}/${id}?format=full&languageId=206`)).body as PageShowFull).title).toBe("हिंदी पेज");

    expect((await sendJson(api, "PUT", P, body("No version", undefined), { token: admin.token })).status).toBe(200);
    expect(((await getAs(api, `${P}/${id}?format=full`)).body as PageShowFull).title).toBe("No version");
  });
});
