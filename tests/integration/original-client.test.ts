/**
 * Issue 34: the calls of the original platform's web front end that crashed on this back end, one
 * regression test each (the whole set of its screens' calls is replayed by tests/contract).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData } from "@/contracts/cca-data";
import { DEFAULT_GROUP_ICON, ownGroupIcon, type GroupListItem } from "@/contracts/group";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import type { GallerySlide, HomePageData } from "@/contracts/home";
import { DEMO_GROUP_HOME, DEMO_HOMES_MARKER, DEMO_SITE_SLIDES, SEED_GROUPS, seedDemoHomesWhenMissing } from "@/server/seed/demo";
import { getAs, sendJson } from "./helpers/accounts";
import { createGroupAsAdmin, freshPerson, GROUP, SACRED_GROVES, seedPerson, type Person } from "./helpers/groups";
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

describe(`[ORIGINAL] 4. data/save and data/update take the original's encodings of "no answer" and of values (${TEST_DB})`, () => {
  const T = "cca-api/api/v1/template";
  const D = "cca-api/api/v1/data";
  const OPTIONS = [
    { valueId: "o-a", label: "Alpha", value: "Alpha" },
    { valueId: "o-b", label: "Beta", value: "Beta" },
  ];
  const fields = (required: boolean) => [
    { fieldId: "c-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true },
    { fieldId: "c-pick", type: "SINGLE_SELECT_DROPDOWN", name: "Pick", isRequired: required, valueOptions: OPTIONS },
    { fieldId: "c-many", type: "MULTI_SELECT_DROPDOWN", name: "Many", valueOptions: OPTIONS },
    { fieldId: "c-map", type: "GEOMETRY", name: "Boundary", isRequired: required },
    { fieldId: "c-date", type: "DATE", name: "Date" },
    { fieldId: "c-span", type: "DATE_RANGE", name: "Span" },
    { fieldId: "c-year", type: "YEAR", name: "Year" },
    { fieldId: "c-area", type: "NUMBER", name: "Area" },
    { fieldId: "c-photos", type: "FILE", name: "Photos" },
  ];
  // As the original's participation form sends them (src/utils/field.ts toFlatSaveData): every field, with its name and type.
  const entries = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([fieldId, value]) => [fieldId, { fieldId, name: fieldId, type: "TEXT", value }]));
  let optional = "";
  let required = "";
  let curator = "";

  beforeAll(async () => {
    curator = (await seedPerson(api, "templateCurator")).token;
    const create = async (shortName: string, isRequired: boolean) => {
      const res = await sendJson(api, "POST", `${T}/save`, { shortName, name: shortName, description: "Issue 34", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: fields(isRequired) }, { token: curator });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return shortName;
    };
    optional = await create(`orig-optional-${Date.now()}`, false);
    required = await create(`orig-required-${Date.now()}`, true);
    fs.mkdirSync(path.join(api.filesDir, "pages", "orighash"), { recursive: true });
    fs.writeFileSync(path.join(api.filesDir, "pages", "orighash", "photo.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });

  it("an optional dropdown left empty and a geometry with nothing drawn are no answer; dates, years and file URLs normalised", async () => {
    const res = await sendJson(api, "POST", `${D}/save`, {
      shortName: optional,
      usergroups: [],
      ccaFieldValues: entries({
        "c-name": "Original client",
        "c-pick": { label: "", value: "", valueId: "" },
        "c-many": { label: "", value: "", valueId: "o-a" },
        "c-map": [],
        "c-date": "2023-05-10T18:30:00.000Z",
        "c-span": ["2023-05-10T18:30:00.000Z", "2023-05-12T18:30:00.000Z"],
        "c-year": "2019-12-31T18:30:00.000Z",
        "c-area": "42",
        "c-photos": [{ attribution: "", license: "CC-BY", path: "http://localhost:8010/proxy/files-api/api/get/raw/pages/orighash/photo.jpg" }],
      }),
    }, { token: member.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const v = (res.body as CCAData).ccaFieldValues;
    expect(v["c-pick"]).toBeUndefined();
    expect(v["c-many"]).toBeUndefined();
    expect(v["c-map"]).toBeUndefined();
    expect(v["c-date"]!.value).toBe("2023-05-11");
    expect(v["c-span"]!.value).toEqual(["2023-05-11", "2023-05-13"]);
    expect(v["c-year"]!.value).toBe(2020);
    expect(v["c-area"]!.value).toBe(42);
    expect(v["c-photos"]!.value).toEqual([{ path: "/files-api/api/get/raw/pages/orighash/photo.jpg", license: "CC_BY" }]);

    // The record edit screen sends one field at a time the same way: an empty optional dropdown clears it.
    const id = (res.body as CCAData).id;
    const chosen = await sendJson(api, "PUT", `${D}/update`, { id, shortName: optional, ccaFieldValues: entries({ "c-pick": OPTIONS[1] }) }, { token: member.token });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((chosen.body as CCAData).ccaFieldValues["c-pick"]!.value).toMatchObject({ valueId: "o-b", value: "Beta" });
    const cleared = await sendJson(api, "PUT", `${D}/update`, { id, shortName: optional, ccaFieldValues: entries({ "c-pick": { label: "", value: "", valueId: "o-a" }, "c-map": [] }) }, { token: member.token });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((cleared.body as CCAData).ccaFieldValues["c-pick"]?.value ?? null).toBeNull();
  });

  it("refuses the same empty encodings for a required field with the usual field error key", async () => {
    const res = await sendJson(api, "POST", `${D}/save`, {
      shortName: required,
      usergroups: [],
      ccaFieldValues: entries({ "c-name": "Original client", "c-pick": { label: "", value: "", valueId: "o-a" }, "c-map": [] }),
    }, { token: member.token });
    expect(res.status).toBe(400);
    expect((res.body as ApiErrorBody).fieldErrors).toEqual({ "c-pick": "form:required", "c-map": "form:required" });
  });
});

describe(`[ORIGINAL] 6. file addresses with doubled slashes are served (${TEST_DB})`, () => {
  it("serves get/crop and get/raw addresses whose directory and name were joined with a doubled slash", async () => {
    for (const url of [
      "files-api/api/get/crop/userGroups//logos/chilika.svg",
      "files-api/api/get/crop/userGroups//logos/chilika.svg?w=128&preserve=true",
      "files-api/api/get/raw/pages//seed/gallery/sacred-grove.jpg",
      "files-api/api/get/raw//pages/seed/gallery/sacred-grove.jpg",
      "files-api/api/get/crop/pages/seed//gallery/sacred-grove.jpg?w=64",
    ]) {
      const res = await api.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
    }
    // Skipping empty segments opens nothing else: traversal is still refused.
    expect((await api.get("files-api/api/get/raw/pages//../pages/seed/gallery/sacred-grove.jpg")).status).toBe(400);
  });
});

describe(`[ORIGINAL] 7. a missing image is an image: group logos and layer thumbnails (${TEST_DB})`, () => {
  it("answers a group without a logo with the default logo, which the files service serves as the original asks for it", async () => {
    const id = await createGroupAsAdmin(api, admin.token, { icon: null });
    const listed = ((await api.get(`${GROUP}/all?languageId=205`)).body as GroupListItem[]).find((g) => g.id === id)!;
    expect(listed.icon).toBe(DEFAULT_GROUP_ICON);
    expect(((await api.get(`${GROUP}/list/205`)).body as GroupListItem[]).find((g) => g.id === id)!.icon).toBe(DEFAULT_GROUP_ICON);
    expect(((await api.get(`${GROUP}/${id}/205`)).body as { icon: string }).icon).toBe(DEFAULT_GROUP_ICON);
    // The original joins `userGroups` and the icon.
    for (const route of ["crop", "raw"]) {
      const image = await api.get(`files-api/api/get/${route}/userGroups${listed.icon}?w=128&preserve=true`);
      expect(image.status, route).toBe(200);
      expect(image.headers["content-type"]).toBe("image/svg+xml");
      expect(image.raw.toString()).toMatch(/^<svg /);
    }
    // A group with a logo keeps it; the portal's own screens read the default as "no logo".
    expect(((await api.get(`${GROUP}/all`)).body as GroupListItem[]).find((g) => g.id === SACRED_GROVES.id)!.icon).toMatch(/^\/logos\//);
    expect(ownGroupIcon(DEFAULT_GROUP_ICON)).toBeNull();
  });

  it("answers every layer with a thumbnail under its naksha address, an image for any name", async () => {
    const layers = (await api.get("nakshaIntegrator-api/api/layer/all")).body as NakshaLayer[];
    expect(layers.length).toBeGreaterThan(0);
    for (const layer of layers) {
      expect(layer.thumbnail).toBe(`/layer/thumbnail/${encodeURIComponent(layer.name)}.svg`);
      const image = await api.get(`nakshaIntegrator-api/api${layer.thumbnail}`);
      expect(image.status, layer.name).toBe(200);
      expect(image.headers["content-type"]).toBe("image/svg+xml");
      expect(image.raw.toString()).toContain(layer.color);
    }
    const unknown = await api.get("nakshaIntegrator-api/api/layer/thumbnail/no_such_layer.svg");
    expect(unknown.status).toBe(200);
    expect((await api.get("nakshaIntegrator-api/api/layer/thumbnail/x.png")).status).toBe(404);
  });
});

describe(`[ORIGINAL] 8. the demo homes have galleries in both languages, with pictures both front ends find (${TEST_DB})`, () => {
  const picturesServed = async (slides: GallerySlide[]) => {
    for (const slide of slides) {
      // The original asks for slide pictures in `userGroups`, the portal in `homePage`.
      for (const directory of ["userGroups", "homePage"]) {
        const image = await api.get(`files-api/api/get/crop/${directory}${slide.fileName}?w=640`);
        expect(image.status, `${directory}${slide.fileName}`).toBe(200);
        expect(String(image.headers["content-type"])).toMatch(/^image\//);
      }
    }
  };

  it("the site's home: the seeded slides in English and Hindi, gallery shown", async () => {
    const en = (await api.get("utility-api/api/v1/services/homePage?languageId=205")).body as HomePageData;
    expect(en.showGallery).toBe(true);
    expect(en.gallerySlider.map((s) => s.title)).toEqual(DEMO_SITE_SLIDES.map((s) => s.en.title));
    const hi = (await api.get("utility-api/api/v1/services/homePage?languageId=206")).body as HomePageData;
    expect(hi.gallerySlider.map((s) => s.title)).toEqual(DEMO_SITE_SLIDES.map((s) => s.hi.title));
    expect(hi.gallerySlider.every((s) => s.languageId === 206 && s.customDescripition.length > 0 && s.readMoreText.length > 0)).toBe(true);
    await picturesServed(en.gallerySlider);
  });

  it("a microsite's home: its seeded slides in both languages", async () => {
    const group = SEED_GROUPS.find((g) => g.slug === DEMO_GROUP_HOME.slug)!;
    const en = (await api.get(`${GROUP}/homePage/${group.id}/205`)).body as HomePageData;
    expect(en.gallerySlider.map((s) => s.title)).toEqual(DEMO_GROUP_HOME.slides.map((s) => s.en.title));
    const hi = (await api.get(`${GROUP}/homePage/${group.id}/206`)).body as HomePageData;
    expect(hi.gallerySlider.map((s) => s.title)).toEqual(DEMO_GROUP_HOME.slides.map((s) => s.hi.title));
    await picturesServed(en.gallerySlider);
  });

  it("an older demo database gets them once, and a home that has slides keeps its own", async () => {
    const own = await sendJson(api, "PUT", "utility-api/api/v1/services/homePage/create", { translations: [{ languageId: 205, title: "The admin's own", description: "<p>Kept</p>" }] }, { token: admin.token });
    expect(own.status).toBe(200);
    await api.db.query("delete from platform_meta where key = $1", [DEMO_HOMES_MARKER]);
    const group = SEED_GROUPS.find((g) => g.slug === DEMO_GROUP_HOME.slug)!;
    await api.db.query("delete from home_slide where group_key = $1", [group.id]);
    expect(await seedDemoHomesWhenMissing(api.db, api.deps.fileStore)).toBe(true);
    expect(await seedDemoHomesWhenMissing(api.db, api.deps.fileStore)).toBe(false);
    const site = (await api.get("utility-api/api/v1/services/homePage?languageId=205")).body as HomePageData;
    expect(site.gallerySlider.filter((s) => s.title === DEMO_SITE_SLIDES[0]!.en.title)).toHaveLength(1);
    expect(((await api.get(`${GROUP}/homePage/${group.id}/205`)).body as HomePageData).gallerySlider).toHaveLength(DEMO_GROUP_HOME.slides.length);
  });
});

describe(`[ORIGINAL] the user list's bulk removal from a group (${TEST_DB})`, () => {
  it("the users named leave the group, non-members are skipped, and the last founder stays", async () => {
    const group = await createGroupAsAdmin(api, admin.token, { allowUserToJoin: true });
    const a = await freshPerson(api, group);
    const b = await freshPerson(api, group, "moderator");
    const bulk = (ids: number[], token = admin.token) => sendJson(api, "PUT", `${GROUP}/remove/bulk/members?userIds=${ids.join(",")}&userGroupId=${group}&selectAll=false`, {}, { token });
    const res = await bulk([a.id, b.id, member.id]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: "MEMBERS_REMOVED", removed: 2 });
    expect(((await getAs(api, `${GROUP}/member/list/${a.id}`)).body as Record<string, boolean>)[String(group)]).toBe(false);
    expect((await bulk([a.id], member.token)).status).toBe(403);
    const founders = await api.db.query<{ user_id: number }>("select user_id from user_group_member where user_group_id = $1 and role = 'founder'", [group]);
    expect((await bulk(founders.map((f) => f.user_id))).status).toBe(409);
    expect((await sendJson(api, "PUT", `${GROUP}/remove/bulk/members?userGroupId=${group}`, {}, { token: admin.token })).status).toBe(400);
  });
});
