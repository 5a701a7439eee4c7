/**
 * The authorisation matrix (issue 18 item 4): every write of every service (POST, PUT, PATCH, DELETE,
 * and the GETs that write) and the reads the matrix names (the offline map packs), called by every kind
 * of caller, each cell a real request with a valid body on a fresh resource, compared with the table in
 * docs/authorisation-matrix.md. A write without a row fails, so a new endpoint needs its row.
 * `AUTHZ_PRINT=1` prints the statuses the platform answers as table rows (to write a new row, then check
 * it against the spec before committing it); `AUTHZ_ONLY=text` runs the rows whose route holds that text.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData } from "@/contracts/cca-data";
import type { CCATemplate } from "@/contracts/template";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { hashPassword } from "@/server/infra/auth/password";
import { issueTokens } from "@/server/infra/auth/tokens";
import { simplePdf } from "@/server/modules/documents/simple-pdf";
import { freshIdentity, lastCode, postForm, sendJson } from "./helpers/accounts";
import { BANNI, groupBody, outboxTo, SACRED_GROVES } from "./helpers/groups";
import { FOREST_BLOCKS, geojsonOf, metadataOf, multipart } from "./helpers/layer-fixtures";
import { isRead } from "./helpers/platform-routes";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { DEFAULT_MAPPINGS } from "@/server/modules/recognition/default-mapping";
import { answerResumableUpload } from "@/server/modules/uploads/resumable.handler";

const MATRIX_FILE = path.join(__dirname, "../../docs/authorisation-matrix.md");

/** The callers, in the table's column order. */
const ACTORS = [
  "anonymous",
  "member",
  "templateCurator",
  "dataCurator",
  "pageEditor",
  "documentContributor",
  "extDataContributor",
  "founder",
  "moderator",
  "otherFounder",
  "otherModerator",
  "owner",
  "admin",
] as const;
type Actor = (typeof ACTORS)[number];
type Signed = Exclude<Actor, "anonymous">;


interface Person {
  id: number;
  email: string;
  password: string;
  token: string;
}

/** One request of a cell: a JSON body, a form, a multipart body or none. */
interface Call {
  url: string;
  json?: unknown;
  form?: Record<string, string | number>;
  multipart?: { body: Buffer; contentType: string };
}
type Fixture = (actor: Actor) => Promise<Call>;

const G = SACRED_GROVES.id; // the resource's group
const OTHER = BANNI.id; // another group
const EN = 205;

let api: TestPlatform;
const P = {} as Record<Signed, Person>;
/** Not an actor: asks to contribute, requests to join, is given roles. */
let bystander: Person;
let template: CCATemplate;
/** Answered only by data curators (and admins). */
let curatorTemplate: CCATemplate;
/** A published layer per download access. */
const layerNames = { ALL: "", GROUP: "", PRIVATE: "" };
let png: Buffer;
const FRESH_PASSWORD = "correct horse 42";
let passwordHash = "";

const person = (actor: Actor): Person | null => (actor === "anonymous" ? null : P[actor]);
const idOf = (actor: Actor) => person(actor)?.id ?? bystander.id;

/** A token as sign-in would issue it, without checking a password (bcrypt is the slow part of a sign-in). */
async function tokenFor(id: number): Promise<string> {
  const row = await api.db.one<{ id: number; name: string; email: string | null; mobile_number: string | null; roles: string[] }>(
    "select id, name, email, mobile_number, roles from app_user where id = $1",
    [id],
  );
  return (await issueTokens(api.db, api.deps, row)).tokens.access_token;
}

async function seeded(role: keyof typeof SEED_USER_BY_ROLE): Promise<Person> {
  const u = SEED_USER_BY_ROLE[role];
  return { id: u.id, email: u.email!, password: u.password, token: await tokenFor(u.id) };
}

/** A verified account with ROLE_USER, optionally with a role in a group. */
async function fresh(groupId?: number, role: "member" | "founder" | "moderator" = "member"): Promise<Person> {
  const { id, email } = await freshUser();
  if (groupId !== undefined) await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, $3)", [groupId, id, role]);
  return { id, email, password: FRESH_PASSWORD, token: await tokenFor(id) };
}

function must(res: ApiResult, status: number, what: string): ApiResult {
  if (res.status !== status) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}
const asAdmin = (method: string, url: string, body?: unknown) => sendJson(api, method, url, body, { token: P.admin.token });

// Fresh resources ------------------------------------------------------------------------------

let counter = 0;
const next = () => ++counter;

/** A group whose founder and moderator are the `founder` and `moderator` actors (the resource's group for group writes). */
async function freshGroup(open = true): Promise<{ id: number; slug: string }> {
  const body = groupBody({ allowUserToJoin: open });
  const res = must(await asAdmin("POST", "userGroup-api/api/v1/group/create", body), 201, "group");
  const id = (res.body as { id: number }).id;
  await api.db.query(
    "insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'founder'), ($1, $3, 'moderator') on conflict (user_group_id, user_id) do update set role = excluded.role",
    [id, P.founder.id, P.moderator.id],
  );
  return { id, slug: body.webAddress };
}

/** An account written straight to the database (no password hashing per cell); `locked` until verified. */
async function freshUser(locked = false): Promise<{ id: number; email: string }> {
  const n = next();
  const email = `matrix.${n}.${Date.now()}@example.com`;
  const row = await api.db.one<{ id: number }>(
    "insert into app_user (name, email, password_hash, roles, account_locked) values ($1, $2, $3, $4, $5) returning id",
    [`Matrix user ${n}`, email, passwordHash, locked ? [] : ["ROLE_USER"], locked],
  );
  return { id: row.id, email };
}
const freshUserId = async () => (await freshUser()).id;

/** A refresh token of the bystander, issued without a sign-in. */
async function refreshToken(): Promise<string> {
  const { tokens } = await issueTokens(api.db, api.deps, { id: bystander.id, name: "Bystander", email: bystander.email, mobile_number: null, roles: ["ROLE_USER"] });
  return tokens.refresh_token;
}

/** A page of the resource's group, written by the admin. */
async function freshPage(extra: Record<string, unknown> = {}): Promise<{ id: number; galleryIds: number[] }> {
  const n = next();
  const res = must(
    await asAdmin("POST", "pages-api/api/v1/page", { title: `Matrix page ${n}`, content: `<p>Page ${n}</p>`, pageType: "Content", languageId: EN, userGroupId: G, parentId: 0, ...extra }),
    200,
    "page",
  );
  const { id } = res.body as { id: number };
  const gallery = await api.db.query<{ id: number }>("select id from page_gallery where page_id = $1 order by id", [id]);
  return { id, galleryIds: gallery.map((g) => g.id) };
}

async function freshTemplate(permissions = ["ROLE_USER"]): Promise<CCATemplate> {
  const n = next();
  const res = must(
    await sendJson(
      api,
      "POST",
      "cca-api/api/v1/template/save",
      {
        shortName: `matrix-${n}-${Date.now()}`,
        name: `Matrix template ${n}`,
        description: "One title field",
        platform: ["DESKTOP"],
        permissions,
        fields: [{ fieldId: "m-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true, isSummaryField: true }],
      },
      { token: P.templateCurator.token },
    ),
    201,
    "template",
  );
  return res.body as CCATemplate;
}

/** A record of the `owner` actor, posted to the resource's group. */
async function freshRecord(): Promise<number> {
  const res = must(
    await sendJson(api, "POST", "cca-api/api/v1/data/save", { shortName: template.shortName, usergroups: [G], ccaFieldValues: { "m-name": { fieldId: "m-name", value: `Grove ${next()}` } }, consent: PUBLIC_CONSENT }, { token: P.owner.token }),
    201,
    "record",
  );
  return (res.body as CCAData).id;
}

/** A record of the owner on which the caller is an allowed editor (what a grant makes them). */
async function recordEditedBy(actor: Actor): Promise<number> {
  const id = await freshRecord();
  if (actor !== "anonymous") await api.db.query("update cca_data set allowed_users = $2::integer[] where id = $1", [id, [idOf(actor)]]);
  return id;
}

/**
 * A record of the owner posted to a fresh group only, which the caller belongs to: as a plain member
 * (`role` "member", founders and moderators included), or keeping the founder/moderator actors' standing (`null`).
 */
async function recordInFreshGroup(actor: Actor, role: "member" | null): Promise<number> {
  const id = await freshRecord();
  const g = await freshGroup();
  await api.db.query("delete from cca_data_user_group where data_id = $1", [id]);
  await api.db.query("insert into cca_data_user_group (data_id, user_group_id) values ($1, $2)", [id, g.id]);
  if (actor !== "anonymous") {
    await api.db.query(
      `insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'member') on conflict (user_group_id, user_id) do ${role ? "update set role = 'member'" : "nothing"}`,
      [g.id, idOf(actor)],
    );
  }
  return id;
}

/** A document uploaded by the `owner` actor (written by the admin, then handed to the owner), in the resource's group. */
async function freshDocument(): Promise<number> {
  const res = must(await asAdmin("PUT", "document-api/api/v1/services/create", documentBody(`Matrix document ${next()}`)), 201, "document");
  const id = (res.body as { document: { id: number } }).document.id;
  await api.db.query("update document set author_id = $2 where id = $1", [id, P.owner.id]);
  return id;
}

function documentBody(title: string, extra: Record<string, unknown> = {}) {
  return {
    bibFieldData: { title, itemTypeId: 1, author: "Gadgil, Madhav", journal: "Current Science", year: "2001" },
    notes: "About sacred groves",
    licenseId: 822,
    tags: ["sacred groves"],
    externalUrl: "https://example.org/groves.pdf",
    userGroupId: [G],
    ...extra,
  };
}

async function uploadLayer(downloadAccess = "ALL"): Promise<string> {
  const name = `Matrix layer ${next()}`;
  const parts = [
    { field: "metadata", fileName: "metadata.json", data: metadataOf({ layerName: name, downloadAccess }), contentType: "application/json" },
    { field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) },
  ];
  const { body, contentType } = multipart(parts);
  const res = must(await api.request("POST", "nakshaIntegrator-api/api/layer/upload", { headers: { "content-type": contentType, authorization: `Bearer ${P.admin.token}` }, body }), 201, "layer");
  return String((res.body as { id: number | string }).id);
}

const SITE = "utility-api/api/v1/services";
const GH = "userGroup-api/api/v1/group/homePage";
const slide = (title = `Slide ${next()}`, extra: Record<string, unknown> = {}) => ({ translations: [{ languageId: EN, title, description: "<p>Text</p>" }], ...extra });
const miniGallery = () => ({ slidesPerView: 2, translations: [{ languageId: EN, title: `Gallery ${next()}` }] });

/** The id of the newest slide (mini or not) of a home (`key` 0 for the site, else the group id). */
async function newestSlide(mini: boolean): Promise<number> {
  const row = await api.db.one<{ id: number }>(`select id from home_slide where ${mini ? "mini_gallery_id is not null" : "mini_gallery_id is null"} order by id desc limit 1`);
  return row.id;
}
async function siteSlide(mini = false): Promise<number> {
  if (mini) {
    must(await asAdmin("PUT", `${SITE}/homePage/insert/miniSlider`, slide(undefined, { galleryId: await siteMiniGallery() })), 200, "mini slide");
  } else must(await asAdmin("PUT", `${SITE}/homePage/create`, slide()), 200, "slide");
  return newestSlide(mini);
}
async function groupSlide(mini = false): Promise<number> {
  if (mini) {
    must(await asAdmin("PUT", `${GH}/miniSlider/insert/${G}`, slide(undefined, { galleryId: await groupMiniGallery() })), 200, "group mini slide");
  } else must(await asAdmin("PUT", `${GH}/insert/${G}`, slide()), 200, "group slide");
  return newestSlide(mini);
}
/** A home holds at most 20 mini galleries: the fixtures start each from none. */
async function clearMiniGalleries(groupKey: number): Promise<void> {
  await api.db.query("delete from home_mini_gallery where group_key = $1", [groupKey]);
}
async function siteMiniGallery(): Promise<number> {
  await clearMiniGalleries(0);
  return (must(await asAdmin("POST", `${SITE}/homePage/miniGallery/create`, miniGallery()), 201, "mini gallery").body as { id: number }).id;
}
async function groupMiniGallery(): Promise<number> {
  await clearMiniGalleries(G);
  return (must(await asAdmin("POST", `${GH}/miniGallery/create/${G}`, miniGallery()), 201, "group mini gallery").body as { id: number }).id;
}

function fileUpload(field: string, data: Buffer, fileName: string, fields: Record<string, string>): { body: Buffer; contentType: string } {
  return multipart([...Object.entries(fields).map(([k, v]) => ({ field: k, data: v, contentType: "text/plain" })), { field, fileName, data }]);
}

async function ownerUpload(): Promise<string> {
  const { body, contentType } = fileUpload("upload", simplePdf("Matrix", [["Page", "Text"]]), `report-${next()}.pdf`, { hash: `ibpmu-matrix${next()}`, module: "document" });
  const res = must(await api.request("POST", "files-api/api/upload/my-uploads", { headers: { "content-type": contentType, authorization: `Bearer ${P.owner.token}` }, body }), 200, "my upload");
  return (res.body as { path: string }).path;
}

/** A resumable upload (tus) of the owner with every byte sent (creation with upload): its id. */
async function ownerResumableUpload(): Promise<string> {
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const res = await answerResumableUpload(
    api.deps,
    new Request("http://localhost/files-api/api/upload/tus", {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": String(png.length),
        "upload-metadata": `filename ${b64("photo.png")},filetype ${b64("image/png")},hash ${b64(`matrix${next()}`)},directory ${b64("pages")}`,
        "content-type": "application/offset+octet-stream",
        authorization: `Bearer ${P.owner.token}`,
      },
      body: new Uint8Array(png),
    }),
  );
  if (res.status !== 201 || res.headers.get("upload-offset") !== String(png.length)) throw new Error(`fixture resumable upload: ${res.status} ${await res.text()}`);
  return res.headers.get("location")!.split("/").pop()!;
}

/** A contributor request of the bystander on a fresh record of the owner: the token of its link. */
async function contributorToken(): Promise<string> {
  const id = await freshRecord();
  must(await sendJson(api, "POST", "cca-api/api/v1/data/request", { ccaid: id, requestorMessage: "I survey this grove" }, { token: bystander.token }), 200, "request");
  const body = (await outboxTo(api, P.owner.email)).at(-1)!.body;
  const match = /token=([A-Za-z0-9._%-]+)/.exec(body);
  if (!match) throw new Error("no token in the owner's message");
  return decodeURIComponent(match[1]!);
}

// One fixture per route: the request an allowed caller would send, on fresh resources -------------

const U = "user-api/api/v1";
const UG = "userGroup-api/api/v1/group";
const D = "cca-api/api/v1/data";
const T = "cca-api/api/v1/template";
const L = "nakshaIntegrator-api/api/layer";
const DOC = "document-api/api/v1/services";
const PAGE = "pages-api/api/v1/page";

const FIXTURES: Record<string, Fixture> = {
  // userGroup-api
  "POST userGroup /v1/group/create": async () => ({ url: `${UG}/create`, json: groupBody() }),
  "PUT userGroup /v1/group/edit/save/:id": async () => {
    const g = await freshGroup();
    return { url: `${UG}/edit/save/${g.id}`, json: groupBody({ webAddress: g.slug, displayOrder: 7 }) };
  },
  "PUT userGroup /v1/group/labels/:id": async () => ({ url: `${UG}/labels/${(await freshGroup()).id}`, json: { labels: [{ labelId: "tk-attribution" }, { labelId: "tk-community-voice", text: { hi: "ग्राम सभा की आवाज़" } }] } }),
  "POST userGroup /v1/group/add/members": async () => {
    const g = await freshGroup();
    return { url: `${UG}/add/members`, json: { userGroupId: g.id, founderIds: [P.founder.id], moderatorIds: [P.moderator.id, bystander.id] } };
  },
  "GET userGroup /v1/group/remove/members": async () => {
    const g = await freshGroup();
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'moderator')", [g.id, bystander.id]);
    return { url: `${UG}/remove/members?userGroupId=${g.id}&userId=${bystander.id}` };
  },
  "POST userGroup /v1/group/remove/members": async () => {
    const g = await freshGroup();
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'moderator')", [g.id, bystander.id]);
    return { url: `${UG}/remove/members`, json: { userGroupId: g.id, userId: bystander.id } };
  },
  "PUT userGroup /v1/group/remove/bulk/members": async () => {
    const g = await freshGroup();
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'member')", [g.id, bystander.id]);
    return { url: `${UG}/remove/bulk/members?userIds=${bystander.id}&userGroupId=${g.id}&selectAll=false`, json: {} };
  },
  "GET userGroup /v1/group/join/:id": async () => ({ url: `${UG}/join/${(await freshGroup()).id}` }),
  "DELETE userGroup /v1/group/leave/:id": async (actor) => {
    const g = await freshGroup();
    if (actor !== "anonymous") await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'member') on conflict (user_group_id, user_id) do update set role = 'member'", [g.id, idOf(actor)]);
    return { url: `${UG}/leave/${g.id}` };
  },
  "DELETE userGroup /v1/group/request/:id": async (actor) => {
    const g = await freshGroup(false);
    await api.db.query("delete from user_group_member where user_group_id = $1 and user_id = $2", [g.id, idOf(actor)]);
    await api.db.query("insert into user_group_join_request (user_group_id, user_id) values ($1, $2)", [g.id, idOf(actor)]);
    return { url: `${UG}/request/${g.id}` };
  },
  "PUT userGroup /v1/group/request/approve/:id/:userId": async () => {
    const g = await freshGroup(false);
    await api.db.query("insert into user_group_join_request (user_group_id, user_id) values ($1, $2)", [g.id, P.owner.id]);
    return { url: `${UG}/request/approve/${g.id}/${P.owner.id}` };
  },
  "PUT userGroup /v1/group/request/refuse/:id/:userId": async () => {
    const g = await freshGroup(false);
    await api.db.query("insert into user_group_join_request (user_group_id, user_id) values ($1, $2)", [g.id, P.owner.id]);
    return { url: `${UG}/request/refuse/${g.id}/${P.owner.id}` };
  },
  "POST userGroup /v1/group/login": async (actor) => {
    const who = person(actor) ?? P.member;
    return { url: `${UG}/login`, form: { username: who.email, password: who.password, mode: "manual" } };
  },

  // user-api: sign-in and registration are open; they act on the account in the body, not the caller.
  "POST user /v1/authenticate/login": async (actor) => {
    const who = person(actor) ?? P.member;
    return { url: `${U}/authenticate/login`, form: { username: who.email, password: who.password, mode: "manual" } };
  },
  "POST user /v1/authenticate/signup": async () => {
    const identity = freshIdentity();
    return {
      url: `${U}/authenticate/signup`,
      json: { username: "Matrix Tester", gender: "Female", email: identity.email, mobileNumber: null, verificationType: "EMAIL", password: "correct horse 42", confirmPassword: "correct horse 42", location: "Puri", latitude: 19.8, longitude: 85.8, mode: "manual" },
    };
  },
  "POST user /v1/authenticate/validate": async () => {
    const account = await freshUser(true);
    must(await postForm(api, `${U}/authenticate/regenerate-otp`, { id: account.id, action: 0 }), 200, "code");
    return { url: `${U}/authenticate/validate`, form: { id: account.id, otp: await lastCode(api, account.email) } };
  },
  "POST user /v1/authenticate/regenerate-otp": async () => ({ url: `${U}/authenticate/regenerate-otp`, form: { id: (await freshUser(true)).id, action: 0 } }),
  "POST user /v1/authenticate/forgot-password": async () => ({ url: `${U}/authenticate/forgot-password`, form: { verificationId: (await freshUser()).email } }),
  "POST user /v1/authenticate/reset-password": async () => {
    const account = await freshUser();
    must(await postForm(api, `${U}/authenticate/forgot-password`, { verificationId: account.email }), 200, "forgot");
    return { url: `${U}/authenticate/reset-password`, form: { id: account.id, otp: await lastCode(api, account.email), password: "battery staple 7", confirmPassword: "battery staple 7" } };
  },
  // The owner's password, set to what it was (the owner with the old one, an admin without).
  "POST user /v1/authenticate/change-password": async () => ({
    url: `${U}/authenticate/change-password`,
    json: { id: P.owner.id, oldPassword: P.owner.password, newPassword: P.owner.password, confirmNewPassword: P.owner.password },
  }),
  "POST user /v1/authenticate/refresh-tokens": async () => ({ url: `${U}/authenticate/refresh-tokens?refreshToken=${encodeURIComponent(await refreshToken())}` }),
  "POST user /v1/authenticate/logout": async () => ({ url: `${U}/authenticate/logout?refreshToken=${encodeURIComponent(await refreshToken())}` }),
  "PUT user /v1/user/update/details": async () => ({ url: `${U}/user/update/details`, json: { id: P.owner.id, name: "Matrix Owner", email: P.owner.email, location: "Pune" } }),
  "PUT user /v1/user/update/image": async () => ({ url: `${U}/user/update/image?id=${P.owner.id}` }),
  // The owner is the account itself: nobody gives themself a role or deletes their own account.
  "PUT user /v1/user/update/roles": async (actor) => ({
    url: `${U}/user/update/roles`,
    json: { id: actor === "owner" ? P.owner.id : await freshUserId(), roles: [{ authority: "ROLE_USER" }, { authority: "ROLE_ADMIN" }] },
  }),
  "DELETE user /v1/user/delete/:id": async (actor) => ({ url: `${U}/user/delete/${actor === "owner" ? P.owner.id : await freshUserId()}` }),
  "POST user /v1/user/list/:index/:type": async () => ({ url: `${U}/user/list/0/list?max=5`, json: {} }),

  // pages-api: pages of the resource's group
  "POST pages /v1/page": async () => ({ url: PAGE, json: { title: `New page ${next()}`, content: "<p>New</p>", pageType: "Content", languageId: EN, userGroupId: G, parentId: 0 } }),
  "POST pages /v1/page (main site)": async () => ({ url: PAGE, json: { title: `Site page ${next()}`, content: "<p>New</p>", pageType: "Content", languageId: EN, userGroupId: null, parentId: 0 } }),
  "PUT pages /v1/page": async () => {
    const page = await freshPage();
    return { url: PAGE, json: { id: page.id, title: `Edited page ${next()}`, content: "<p>Edited</p>", pageType: "Content", languageId: EN, userGroupId: G, parentId: 0 } };
  },
  "DELETE pages /v1/page/:id": async () => ({ url: `${PAGE}/${(await freshPage()).id}` }),
  "PUT pages /v1/page/updateTree": async () => {
    const page = await freshPage();
    return { url: `${PAGE}/updateTree`, json: [{ id: page.id, parentId: 0, pageIndex: 3 }] };
  },
  "PUT pages /v1/page/gallery/remove/:pageId/:galleryId": async () => {
    const page = await freshPage({ galleryData: [{ fileName: "/matrix/photo.jpg", caption: "A grove", displayOrder: 0 }] });
    return { url: `${PAGE}/gallery/remove/${page.id}/${page.galleryIds[0]}` };
  },
  "POST pages /v1/page/add/comment": async () => ({ url: `${PAGE}/add/comment`, json: { body: "A comment", languageId: EN, rootHolderId: commentablePage, rootHolderType: "page" } }),

  // files-api
  "POST files /upload/resource-upload": async () => ({ url: "files-api/api/upload/resource-upload", multipart: fileUpload("upload", png, "photo.png", { hash: `matrix${next()}`, directory: "pages" }) }),
  "POST files /upload/resource-upload (site directory)": async () => ({ url: "files-api/api/upload/resource-upload", multipart: fileUpload("upload", png, "logo.png", { hash: `matrix${next()}`, directory: "site" }) }),
  "POST files /upload/my-uploads": async () => ({
    url: "files-api/api/upload/my-uploads",
    multipart: fileUpload("upload", simplePdf("Mine", [["Page", "Text"]]), `mine-${next()}.pdf`, { hash: `ibpmu-m${next()}`, module: "document" }),
  }),
  "POST files /upload/remove-file": async () => ({ url: "files-api/api/upload/remove-file", json: { path: await ownerUpload() } }),
  "POST files /upload/tus-complete/:id": async () => ({ url: `files-api/api/upload/tus-complete/${await ownerResumableUpload()}` }),

  // cca-api templates
  "POST cca /v1/template/save": async () => ({
    url: `${T}/save`,
    json: { shortName: `saved-${next()}-${Date.now()}`, name: "Saved", description: "x", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: [{ fieldId: "f1", type: "TEXT", name: "Name", isTitleColumn: true }] },
  }),
  "PUT cca /v1/template/update": async () => {
    const t = await freshTemplate();
    return { url: `${T}/update`, json: { ...t, description: "Updated" } };
  },
  "DELETE cca /v1/template/delete/:shortName": async () => ({ url: `${T}/delete/${(await freshTemplate()).shortName}` }),
  "PUT cca /v1/template/restore/:shortName": async () => {
    const t = await freshTemplate();
    must(await sendJson(api, "DELETE", `${T}/delete/${t.shortName}`, undefined, { token: P.admin.token }), 200, "template delete");
    return { url: `${T}/restore/${t.shortName}` };
  },
  "POST cca /v1/template/comment": async () => ({ url: `${T}/comment`, json: { rootHolderId: template.id, rootHolderType: "ccaTemplate", body: "A note", languageId: EN } }),

  // nakshaIntegrator-api
  "POST nakshaIntegrator /layer/upload": async () => ({
    url: `${L}/upload`,
    multipart: multipart([
      { field: "metadata", fileName: "metadata.json", data: metadataOf({ layerName: `Uploaded ${next()}` }), contentType: "application/json" },
      { field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) },
    ]),
  }),
  "POST nakshaIntegrator /layer/preview": async () => ({ url: `${L}/preview`, multipart: multipart([{ field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) }]) }),
  "PUT nakshaIntegrator /layer/active/:id": async () => ({ url: `${L}/active/${await uploadLayer()}` }),
  "PUT nakshaIntegrator /layer/pending/:id": async () => ({ url: `${L}/pending/${await uploadLayer()}` }),
  "DELETE nakshaIntegrator /layer/:id": async () => ({ url: `${L}/${await uploadLayer()}` }),
  "POST nakshaIntegrator /layer/download": async () => ({ url: `${L}/download`, json: { layerName: layerNames.ALL, format: "geojson" } }),
  "POST nakshaIntegrator /layer/download (download for signed-in visitors)": async () => ({ url: `${L}/download`, json: { layerName: layerNames.GROUP, format: "geojson" } }),
  "POST nakshaIntegrator /layer/download (download for admins only)": async () => ({ url: `${L}/download`, json: { layerName: layerNames.PRIVATE, format: "geojson" } }),

  // Offline map packs (issue 32): reads, open to everyone (the other group's pack: few records are written there).
  "GET nakshaIntegrator /mappack/:pack": async () => ({ url: `${MP}/${OTHER}` }),
  "GET nakshaIntegrator /mappack/:pack (the site's pack)": async () => ({ url: `${MP}/site` }),
  "GET nakshaIntegrator /mappack/:pack (a group without public places)": async () => ({ url: `${MP}/${(await freshGroup()).id}` }),
  "GET nakshaIntegrator /mappack/:pack/tiles/:z/:x/:y": async () => ({ url: (await packTileUrl()).replace(/^\//, "") }),
  "GET nakshaIntegrator /mappack/:pack/mbtiles": async () => ({ url: `${MP}/${OTHER}/mbtiles` }),

  // Reads of the original front end (issue 34)
  "GET userGroup /v1/group/member/list/:userId": async (actor) => ({ url: `userGroup-api/api/v1/group/member/list/${idOf(actor)}` }),
  "GET cca /v1/data/all": async () => ({ url: "cca-api/api/v1/data/all?shortName=master&projectAll=false" }),
  "GET cca /v1/data/table": async () => ({ url: "cca-api/api/v1/data/table?shortName=master&limit=5" }),
  "GET user /v1/downloadLog/list": async () => ({ url: "user-api/api/v1/downloadLog/list?offset=0" }),
  "GET document /v1/services/log/download/list": async () => ({ url: "document-api/api/v1/services/log/download/list?offset=0" }),

  // cca-api records (the owner's record, posted to the resource's group)
  "POST cca /v1/data/save": async () => ({ url: `${D}/save`, json: { shortName: template.shortName, usergroups: [], ccaFieldValues: { "m-name": { fieldId: "m-name", value: "New grove" } } } }),
  // Posting to a group needs its membership: refused on the field (400), as the form shows it.
  "POST cca /v1/data/save (posted to the resource's group)": async () => ({
    url: `${D}/save`,
    json: { shortName: template.shortName, usergroups: [G], ccaFieldValues: { "m-name": { fieldId: "m-name", value: "Group grove" } } },
  }),
  // The original let anyone answer any template by naming themself in `userId` (reference §5.3): refused here.
  "POST cca /v1/data/save (template for data curators, userId = the caller)": async (actor) => ({
    url: `${D}/save`,
    json: { shortName: curatorTemplate.shortName, userId: idOf(actor), usergroups: [], ccaFieldValues: { "m-name": { fieldId: "m-name", value: "Curated grove" } } },
  }),
  "PUT cca /v1/data/update": async () => ({ url: `${D}/update`, json: { id: await freshRecord(), shortName: template.shortName, ccaFieldValues: { "m-name": { fieldId: "m-name", value: "Renamed grove" } } } }),
  "PUT cca /v1/data/update (the caller is an allowed editor)": async (actor) => ({
    url: `${D}/update`,
    json: { id: await recordEditedBy(actor), shortName: template.shortName, ccaFieldValues: { "m-name": { fieldId: "m-name", value: "Renamed grove" } } },
  }),
  "PUT cca /v1/data/update/location (the caller is an allowed editor)": async (actor) => ({
    url: `${D}/update/location`,
    json: { id: await recordEditedBy(actor), location: { state: "Kerala", district: "Wayanad", tahsil: null } },
  }),
  "DELETE cca /v1/data/delete/:id (the caller is an allowed editor)": async (actor) => ({ url: `${D}/delete/${await recordEditedBy(actor)}` }),
  "PUT cca /v1/data/update/permission (the caller is an allowed editor)": async (actor) => ({
    url: `${D}/update/permission`,
    json: { id: await recordEditedBy(actor), allowedUsers: [String(bystander.id)] },
  }),
  "PUT cca /v1/data/update/location": async () => ({ url: `${D}/update/location`, json: { id: await freshRecord(), location: { state: "Kerala", district: "Wayanad", tahsil: null } } }),
  "DELETE cca /v1/data/delete/:id": async () => ({ url: `${D}/delete/${await freshRecord()}` }),
  "PUT cca /v1/data/restore/:id": async () => {
    const id = await freshRecord();
    must(await sendJson(api, "DELETE", `${D}/delete/${id}`, undefined, { token: P.admin.token }), 200, "record delete");
    return { url: `${D}/restore/${id}` };
  },
  "POST cca /v1/data/comment": async () => ({ url: `${D}/comment`, json: { body: "A note", languageId: EN, rootHolderId: sharedRecord, rootHolderType: "ccaData" } }),
  "PUT cca /v1/data/consent/:id": async () => ({ url: `${D}/consent/${await freshRecord()}`, json: { ...PUBLIC_CONSENT, audience: "MEMBERS" } }),
  "PUT cca /v1/data/consent/:id (the record is shared with its community only)": async () => {
    const id = await freshRecord();
    must(await sendJson(api, "PUT", `${D}/consent/${id}`, { ...PUBLIC_CONSENT, audience: "COMMUNITY", givenBy: "COMMUNITY", method: "MEETING" }, { token: P.owner.token }), 200, "consent");
    return { url: `${D}/consent/${id}`, json: { ...PUBLIC_CONSENT, audience: "NONE" } };
  },
  "PUT cca /v1/data/labels/:id": async () => ({ url: `${D}/labels/${await freshRecord()}`, json: { labels: [{ labelId: "tk-attribution" }] } }),
  "PUT cca /v1/data/labels/:id (the record is shared with its community only)": async () => {
    const id = await freshRecord();
    must(await sendJson(api, "PUT", `${D}/consent/${id}`, { ...PUBLIC_CONSENT, audience: "COMMUNITY", givenBy: "COMMUNITY", method: "MEETING" }, { token: P.owner.token }), 200, "consent");
    return { url: `${D}/labels/${id}`, json: { labels: [{ labelId: "tk-secret-sacred", text: { en: "Asked by the elders" } }] } };
  },
  "PUT cca /v1/data/hub/key/:groupId": async () => ({ url: `${D}/hub/key/${(await freshGroup()).id}`, json: { apiKey: "hub-key-for-tests" } }),
  "PUT cca /v1/data/labels/:id/hub (no Hub configured: its keepers get 409)": async () => ({
    url: `${D}/labels/${await freshRecord()}/hub`,
    json: { projectId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b" },
  }),
  "PUT cca /v1/data/restrictions/:id": async () => ({
    url: `${D}/restrictions/${await freshRecord()}`,
    json: { record: null, fields: { "m-name": { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } } },
  }),
  "PUT cca /v1/data/review/:id": async () => {
    // A record of the owner waiting for review (its template asks for it).
    const id = await freshRecord();
    await api.db.query("update cca_data set review_state = 'PENDING', is_public = false where id = $1", [id]);
    return { url: `${D}/review/${id}`, json: { action: "PUBLISH" } };
  },
  "PUT cca /v1/data/update/followers": async () => ({ url: `${D}/update/followers`, json: { id: await freshRecord(), type: "follow" } }),
  "PUT cca /v1/data/update/permission": async () => ({ url: `${D}/update/permission`, json: { id: await freshRecord(), allowedUsers: [String(bystander.id)] } }),
  "PUT cca /v1/data/update/usergroup": async () => ({ url: `${D}/update/usergroup`, json: { id: await freshRecord(), usergroups: [G] } }),
  "PUT cca /v1/data/update/usergroup (taking the record out of a group the caller joined as a member)": async (actor) => ({
    url: `${D}/update/usergroup`,
    json: { id: await recordInFreshGroup(actor, "member"), usergroups: [] },
  }),
  "PUT cca /v1/data/update/usergroup (taking the record out of a group the founder and moderator run)": async (actor) => ({
    url: `${D}/update/usergroup`,
    json: { id: await recordInFreshGroup(actor, null), usergroups: [] },
  }),
  "POST cca /v1/data/request": async () => ({ url: `${D}/request`, json: { ccaid: await freshRecord(), role: "ROLE_EXTDATACONTRIBUTOR", requestorMessage: "I survey this grove" } }),
  "POST cca /v1/data/grant": async () => ({ url: `${D}/grant`, json: { token: await contributorToken() } }),
  "POST cca /v1/data/all/download": async () => ({ url: `${D}/all/download?shortName=${template.shortName}`, json: { notes: "For the annual report", format: "csv" } }),
  // The WDPCA / ICCA Registry pack (issue 31): the mapping (administrators), a group's pack (its founders, administrators), the site's (administrators).
  "PUT cca /v1/recognition/mapping": async () => ({ url: "cca-api/api/v1/recognition/mapping", json: { fieldSet: "wdpa16", mapping: DEFAULT_MAPPINGS.wdpa16 } }),
  "POST cca /v1/recognition/pack": async () => ({ url: "cca-api/api/v1/recognition/pack", json: { fieldSet: "wdpca2025", format: "csv", groupId: G } }),
  "POST cca /v1/recognition/pack (the whole site)": async () => ({ url: "cca-api/api/v1/recognition/pack", json: { fieldSet: "wdpa16", format: "csv" } }),

  // utility-api: the site's home (admins)
  "PUT utility /v1/services/homePage/insert": async () => ({ url: `${SITE}/homePage/insert`, json: { showStats: true } }),
  "PUT utility /v1/services/homePage/create": async () => ({ url: `${SITE}/homePage/create`, json: slide() }),
  "PUT utility /v1/services/homePage/edit/:galleryId": async () => ({ url: `${SITE}/homePage/edit/${await siteSlide()}`, json: slide("Edited") }),
  "DELETE utility /v1/services/homePage/remove/:galleryId": async () => ({ url: `${SITE}/homePage/remove/${await siteSlide()}` }),
  "PUT utility /v1/services/homePage/reorder": async () => ({ url: `${SITE}/homePage/reorder`, json: [{ galleryId: await siteSlide(), displayOrder: 0 }] }),
  "PUT utility /v1/services/homePage/insert/miniSlider": async () => ({ url: `${SITE}/homePage/insert/miniSlider`, json: slide(undefined, { galleryId: await siteMiniGallery() }) }),
  "PUT utility /v1/services/homePage/edit/miniSlider/:galleryId": async () => ({ url: `${SITE}/homePage/edit/miniSlider/${await siteSlide(true)}`, json: slide("Edited") }),
  "DELETE utility /v1/services/homePage/remove/miniSlider/:galleryId": async () => ({ url: `${SITE}/homePage/remove/miniSlider/${await siteSlide(true)}` }),
  "PUT utility /v1/services/homePage/miniSlider/reorder": async () => ({ url: `${SITE}/homePage/miniSlider/reorder`, json: [{ galleryId: await siteSlide(true), displayOrder: 0 }] }),
  "POST utility /v1/services/homePage/miniGallery/create": async () => (await clearMiniGalleries(0), { url: `${SITE}/homePage/miniGallery/create`, json: miniGallery() }),
  "PUT utility /v1/services/homePage/miniGallery/edit/:galleryId": async () => ({ url: `${SITE}/homePage/miniGallery/edit/${await siteMiniGallery()}`, json: miniGallery() }),
  "DELETE utility /v1/services/homePage/miniGallery/remove/:galleryId": async () => ({ url: `${SITE}/homePage/miniGallery/remove/${await siteMiniGallery()}` }),
  "POST utility /v1/services/homePage/announcement/create": async () => ({ url: `${SITE}/homePage/announcement/create`, json: announcement() }),
  "PUT utility /v1/services/announcement/edit/:announcementId": async () => ({ url: `${SITE}/announcement/edit/${await freshAnnouncement()}`, json: announcement() }),
  "DELETE utility /v1/services/announcement/remove/:announcementId": async () => ({ url: `${SITE}/announcement/remove/${await freshAnnouncement()}` }),
  // utility-api: a page view's web vitals, from any visitor (issue 35)
  "POST utility /v1/services/vitals": async () => ({ url: `${SITE}/vitals`, json: { route: "/data/show/[id]", lang: "hi", metrics: [{ name: "LCP", value: 1840 }, { name: "CLS", value: 0.02 }] } }),

  // userGroup-api: the resource group's home (admins and its founders)
  "PUT userGroup /v1/group/homePage/update/:userGroupId": async () => ({ url: `${GH}/update/${G}`, json: { showStats: true } }),
  "PUT userGroup /v1/group/homePage/insert/:userGroupId": async () => ({ url: `${GH}/insert/${G}`, json: slide() }),
  "PUT userGroup /v1/group/homePage/edit/:userGroupId/:galleryId": async () => ({ url: `${GH}/edit/${G}/${await groupSlide()}`, json: slide("Edited") }),
  "PUT userGroup /v1/group/homePage/remove/:userGroupId/:galleryId": async () => ({ url: `${GH}/remove/${G}/${await groupSlide()}` }),
  "PUT userGroup /v1/group/homePage/reordering/:userGroupId": async () => ({ url: `${GH}/reordering/${G}`, json: [{ galleryId: await groupSlide(), displayOrder: 0 }] }),
  "PUT userGroup /v1/group/homePage/miniSlider/insert/:userGroupId": async () => ({ url: `${GH}/miniSlider/insert/${G}`, json: slide(undefined, { galleryId: await groupMiniGallery() }) }),
  "PUT userGroup /v1/group/homePage/miniSlider/edit/:userGroupId/:galleryId": async () => ({ url: `${GH}/miniSlider/edit/${G}/${await groupSlide(true)}`, json: slide("Edited") }),
  "PUT userGroup /v1/group/homePage/miniSlider/remove/:userGroupId/:sliderId": async () => ({ url: `${GH}/miniSlider/remove/${G}/${await groupSlide(true)}` }),
  "PUT userGroup /v1/group/homePage/miniSlider/reordering/:userGroupId": async () => ({ url: `${GH}/miniSlider/reordering/${G}`, json: [{ galleryId: await groupSlide(true), displayOrder: 0 }] }),
  "POST userGroup /v1/group/homePage/miniGallery/create/:userGroupId": async () => (await clearMiniGalleries(G), { url: `${GH}/miniGallery/create/${G}`, json: miniGallery() }),
  "PUT userGroup /v1/group/homePage/miniGallery/edit/:userGroupId/:galleryId": async () => ({ url: `${GH}/miniGallery/edit/${G}/${await groupMiniGallery()}`, json: miniGallery() }),
  "DELETE userGroup /v1/group/homePage/miniGallery/remove/:userGroupId/:galleryId": async () => ({ url: `${GH}/miniGallery/remove/${G}/${await groupMiniGallery()}` }),

  // document-api (the owner's document)
  "POST document /v1/services/list/:index/:type": async () => ({ url: `${DOC}/list/0/list?max=5`, json: {} }),
  "PUT document /v1/services/create": async () => ({ url: `${DOC}/create`, json: documentBody(`Created ${next()}`) }),
  "PUT document /v1/services/update": async () => ({ url: `${DOC}/update`, json: { documentId: await freshDocument(), ...documentBody("Updated") } }),
  "DELETE document /v1/services/delete/:id": async () => ({ url: `${DOC}/delete/${await freshDocument()}` }),
  "POST document /v1/services/upload/bib": async () => ({ url: `${DOC}/upload/bib`, multipart: fileUpload("file", Buffer.from("@article{a, title = {Groves}, author = {Gadgil, Madhav}, journal = {Current Science}, year = {2001}}"), "refs.bib", {}) }),
  "POST document /v1/services/follow/:id": async () => ({ url: `${DOC}/follow/${await freshDocument()}` }),
  "POST document /v1/services/unfollow/:id": async () => ({ url: `${DOC}/unfollow/${await freshDocument()}` }),
  "POST document /v1/services/flag/:id": async () => ({ url: `${DOC}/flag/${await freshDocument()}`, json: { flag: "DETAILS_INAPPROPRIATE", notes: "Wrong year" } }),
  // The owner of a flag is the one who raised it.
  "PUT document /v1/services/unflag/:id/:flagId": async () => {
    const id = await freshDocument();
    const res = must(await sendJson(api, "POST", `${DOC}/flag/${id}`, { flag: "DETAILS_INAPPROPRIATE", notes: "Wrong year" }, { token: P.owner.token }), 200, "flag");
    const flags = res.body as { id: number }[];
    return { url: `${DOC}/unflag/${id}/${flags.at(-1)!.id}` };
  },
  "PUT document /v1/services/update/tags": async () => ({ url: `${DOC}/update/tags`, json: { objectId: await freshDocument(), tags: ["forests", "Kerala"] } }),
  "PUT document /v1/services/labels/:id": async () => ({ url: `${DOC}/labels/${await freshDocument()}`, json: { labels: [{ labelId: "tk-non-commercial" }] } }),
  "PUT document /v1/services/update/usergroup/:id": async () => ({ url: `${DOC}/update/usergroup/${await freshDocument()}`, json: [G] }),
  "POST document /v1/services/featured": async () => ({ url: `${DOC}/featured`, json: { objectType: "document", objectId: await freshDocument(), userGroup: [G], notes: "Worth reading" } }),
  "PUT document /v1/services/unfeatured/:id": async () => {
    const id = await freshDocument();
    must(await asAdmin("POST", `${DOC}/featured`, { objectType: "document", objectId: id, userGroup: [G], notes: "" }), 200, "feature");
    return { url: `${DOC}/unfeatured/${id}`, json: [G] };
  },
  "POST document /v1/services/log/download": async () => ({ url: `${DOC}/log/download`, json: { filePath: "/matrix/report.pdf", fileType: "PDF", sourceType: "Document", status: "success" } }),
  "POST document /v1/services/add/comment": async () => ({ url: `${DOC}/add/comment`, json: { body: "A note", languageId: EN, rootHolderId: sharedDocument, rootHolderType: "document" } }),
};

let commentablePage = 0;
let sharedRecord = 0;
let sharedDocument = 0;

const announcement = () => ({ color: "#ffffff", bgColor: "#1d4044", enabled: true, translations: { [EN]: `<p>Notice ${next()}</p>` } });
async function freshAnnouncement(): Promise<number> {
  const res = must(await asAdmin("POST", `${SITE}/homePage/announcement/create`, announcement()), 201, "announcement");
  return (res.body as { id: number }).id;
}

const MP = "nakshaIntegrator-api/api/mappack";
/** A tile of the other group's offline map pack, as its estimate lists it. */
async function packTileUrl(): Promise<string> {
  const res = must(await asAdmin("GET", `${MP}/${OTHER}`), 200, "map pack estimate");
  return (res.body as { browser: { urls: string[] } }).browser.urls.find((u) => u.includes("/tiles/"))!;
}

// The table -----------------------------------------------------------------------------------

interface Row {
  key: string;
  cells: Record<Actor, number>;
}

const HEADER = `| Endpoint | ${ACTORS.join(" | ")} |`;

/**
 * The rows of the tables in the matrix file: `| \`METHOD service pattern [(case)]\` | 401 | 403 | … |`,
 * one status per caller in the order of every table's header (which must be HEADER).
 */
function parseMatrix(text: string): Row[] {
  const lines = text.split("\n");
  const headers = lines.filter((l) => l.startsWith("| Endpoint"));
  if (headers.length === 0 || headers.some((h) => h.trim() !== HEADER)) throw new Error(`Every table of ${MATRIX_FILE} must start with ${HEADER}`);
  return lines
    .filter((l) => l.startsWith("| `"))
    .map((line) => {
      const parts = line.split("|").slice(1, -1).map((s) => s.trim());
      const key = parts[0]!.replace(/`/g, "").trim();
      const values = parts.slice(1).map(Number);
      if (values.length !== ACTORS.length || values.some((v) => !Number.isInteger(v) || v < 200 || v > 599)) {
        throw new Error(`Row ${key} needs ${ACTORS.length} HTTP statuses, one per caller`);
      }
      return { key, cells: Object.fromEntries(ACTORS.map((a, i) => [a, values[i]!])) as Record<Actor, number> };
    });
}

const routeKey = (r: { method: string; service: string; pattern: string }) => `${r.method} ${r.service} ${r.pattern}`;
const baseKey = (key: string) => key.replace(/ \(.*\)$/, "");

async function runCell(key: string, actor: Actor): Promise<ApiResult> {
  const fixture = FIXTURES[key];
  if (!fixture) throw new Error(`No fixture for ${key}`);
  const call = await fixture(actor);
  const method = key.split(" ")[0]!;
  const headers: Record<string, string> = {};
  const token = person(actor)?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (call.multipart) {
    headers["content-type"] = call.multipart.contentType;
    body = call.multipart.body;
  } else if (call.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = Buffer.from(new URLSearchParams(Object.entries(call.form).map(([k, v]) => [k, String(v)])).toString());
  } else if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = Buffer.from(JSON.stringify(call.json));
  }
  const res = await api.request(method, call.url, { headers, body, clientAddress: `10.88.${next() % 250}.${(next() % 250) + 1}` });
  // A password change ends the owner's sessions at once (issue 27 item 12): later cells use a new token.
  if (key === "POST user /v1/authenticate/change-password" && res.status === 200) P.owner.token = await tokenFor(P.owner.id);
  return res;
}

const matrixText = fs.readFileSync(MATRIX_FILE, "utf8");
const ROWS = parseMatrix(matrixText);

beforeAll(async () => {
  api = await createTestPlatform();
  passwordHash = await hashPassword(FRESH_PASSWORD);
  P.admin = await seeded("admin");
  P.templateCurator = await seeded("templateCurator");
  P.dataCurator = await seeded("dataCurator");
  P.pageEditor = await seeded("pageEditor");
  P.documentContributor = await seeded("documentContributor");
  P.extDataContributor = await seeded("extDataContributor");
  P.founder = await seeded("groupFounder");
  P.member = await fresh();
  P.moderator = await fresh(G, "moderator");
  P.otherFounder = await fresh(OTHER, "founder");
  P.otherModerator = await fresh(OTHER, "moderator");
  P.owner = await fresh(G, "member");
  bystander = await fresh();

  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer();
  template = await freshTemplate();
  curatorTemplate = await freshTemplate(["ROLE_DATACURATOR"]);
  sharedRecord = await freshRecord();
  sharedDocument = await freshDocument();
  commentablePage = (await api.db.one<{ id: number }>("select id from page where allow_comments and not is_deleted order by id limit 1")).id;
  for (const access of ["ALL", "GROUP", "PRIVATE"] as const) {
    const id = await uploadLayer(access);
    must(await asAdmin("PUT", `${L}/active/${id}`), 200, "publish layer");
    layerNames[access] = (await api.db.one<{ name: string }>("select name from naksha_layer where id = $1", [Number(id)])).name;
  }
}, 120_000);

afterAll(async () => {
  // The exports the matrix started run in the background: let them end before the database closes.
  for (let i = 0; i < 100 && api; i += 1) {
    const { n } = await api.db.one<{ n: number }>("select count(*)::integer as n from download_log where status in ('pending', 'running')");
    if (n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await api?.close();
});

describe(`[AUTHZ] the authorisation matrix (${TEST_DB})`, () => {
  it("has one row per write of every service, and no row for a route that does not exist", () => {
    const routes = api.router.describeRoutes();
    const writes = routes.filter((r) => !isRead(r)).map(routeKey);
    const rowKeys = new Set(ROWS.map((r) => baseKey(r.key)));
    expect(writes.filter((k) => !rowKeys.has(k)), "writes without a row in docs/authorisation-matrix.md").toEqual([]);
    // A few reads have rows too (whose callers the issue named): they must exist as well.
    expect([...rowKeys].filter((k) => !routes.map(routeKey).includes(k)), "rows of routes that do not exist").toEqual([]);
    expect(ROWS.filter((r) => !FIXTURES[r.key]).map((r) => r.key), "rows without a fixture in this test").toEqual([]);
    expect(new Set(ROWS.map((r) => r.key)).size, "repeated rows").toBe(ROWS.length);
  });
});

const selected = ROWS.filter((r) => !process.env.AUTHZ_ONLY || r.key.includes(process.env.AUTHZ_ONLY));

describe(`[AUTHZ] each write as each caller, a real request on fresh resources (${TEST_DB})`, () => {
  it.each(selected.map((row) => [row.key, row] as const))("%s", async (_key, row) => {
    const mismatches: string[] = [];
    const got: string[] = [];
    const notes: string[] = [];
    for (const actor of ACTORS) {
      const expected = row.cells[actor];
      let status: number;
      let detail = "";
      try {
        const res = await runCell(row.key, actor);
        status = res.status;
        if (status >= 400 && status !== 401 && status !== 403) detail = JSON.stringify(res.body).slice(0, 200);
      } catch (error) {
        status = -1;
        detail = String(error).slice(0, 300);
      }
      got.push(String(status));
      if (status !== expected) mismatches.push(`as ${actor}: expected ${expected}, got ${status} ${detail}`);
      else if (detail) notes.push(`  ${actor}: ${status} ${detail}`);
    }
    // The row as the platform answers it, to paste into the table once checked against the spec.
    if (process.env.AUTHZ_PRINT) console.log([`| \`${row.key}\` | ${got.join(" | ")} |`, ...notes].join("\n"));
    expect(mismatches).toEqual([]);
  });
});
