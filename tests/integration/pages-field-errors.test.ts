import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { parseMessage } from "@/contracts/messages";
import { isFieldErrorKey } from "@/contracts/field-errors";
import { PAGE_MSG } from "@/contracts/page.schema";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { PageEntity } from "@/server/modules/pages/page-write.service";
import { leaves, readLocale } from "../unit/helpers/locales";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

/**
 * Every way the pages service (pages-api, its comments and the activity list) refuses input, and the
 * field error it answers: always a translation key the forms can show in English and in Hindi.
 */
const PAGE = "pages-api/api/v1/page";
const EN = 205;
const HI = 206;
const GROUP = 3;
const OTHER_GROUP = 2;

let api: TestPlatform;
let admin = "";
const produced = new Map<string, string>(); // field error → the case that produced it

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

let counter = 0;
const body = (extra: Record<string, unknown> = {}) => {
  counter++;
  return { title: `Field errors ${counter}`, content: "<p>x</p>", pageType: "Content", languageId: EN, userGroupId: null, parentId: 0, ...extra };
};
const create = (extra: Record<string, unknown>) => sendJson(api, "POST", PAGE, body(extra), { token: admin });
async function created(extra: Record<string, unknown> = {}): Promise<PageEntity> {
  const res = await create(extra);
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as PageEntity;
}

type Call = () => Promise<ApiResult>;
const long = (n: number) => "x".repeat(n);

/** [what is wrong, the call, the field, the key expected there]. */
function cases(): [string, Call, string, string][] {
  const updateTree = (items: unknown) => sendJson(api, "PUT", `${PAGE}/updateTree`, items, { token: admin });
  const comment = (extra: Record<string, unknown>) =>
    sendJson(api, "POST", `${PAGE}/add/comment`, { body: "hello", languageId: EN, rootHolderId: 1, rootHolderType: "page", ...extra }, { token: admin });
  return [
    ["a blank title", () => create({ title: " " }), "title", PAGE_MSG.titleRequired],
    ["a title of 201 characters", () => create({ title: long(201) }), "title", PAGE_MSG.titleMax],
    ["a description of 2001 characters", () => create({ description: long(2001) }), "description", PAGE_MSG.descriptionMax],
    ["a Content page without content", () => create({ content: "" }), "content", PAGE_MSG.contentRequired],
    ["content that is not text", () => create({ content: 42 }), "content", PAGE_MSG.invalid],
    ["an unknown page type", () => create({ pageType: "Gallery" }), "pageType", PAGE_MSG.pageType],
    ["a Redirect page without an address", () => create({ pageType: "Redirect", url: "" }), "url", PAGE_MSG.urlRequired],
    ["a Redirect page to another site in disguise", () => create({ pageType: "Redirect", url: "/\\evil.example" }), "url", PAGE_MSG.urlInvalid],
    ["a Redirect page with an address of 2001 characters", () => create({ pageType: "Redirect", url: `/${long(2000)}` }), "url", PAGE_MSG.urlMax],
    ["a Content page with an address", () => create({ url: "https://example.org/" }), "url", PAGE_MSG.urlNotAllowed],
    ["a gallery caption of 501 characters", () => create({ galleryData: [{ fileName: "/g/a.jpg", caption: long(501) }] }), "galleryData[0].caption", PAGE_MSG.galleryTextMax],
    ["a gallery file outside the store", () => create({ galleryData: [{ fileName: "../../etc/passwd" }] }), "galleryData[0].fileName", "form:invalid_file"],
    ["a gallery that is not a list", () => create({ galleryData: "none" }), "galleryData", "form:invalid"],
    ["a gallery item that is not an object", () => create({ galleryData: [5] }), "galleryData[0]", "form:invalid"],
    ["a social preview that is an address", () => create({ socialPreview: "https://example.org/x.jpg" }), "socialPreview", "form:invalid_file"],
    ["a switch that is not true or false", () => create({ sticky: "yes" }), "sticky", "form:boolean"],
    ["a language the site does not have", () => create({ languageId: 7 }), "languageId", "form:language"],
    ["a parent id that is not a number", () => create({ parentId: "first" }), "parentId", 'form:whole_number|{"min":0}'],
    ["a group id of 0", () => create({ userGroupId: 0 }), "userGroupId", 'form:whole_number|{"min":1}'],
    ["a group that does not exist", () => create({ userGroupId: 99999 }), "userGroupId", PAGE_MSG.unknownGroup],
    ["a parent of another language", async () => create({ languageId: HI, parentId: (await created()).id }), "parentId", PAGE_MSG.parentElsewhere],
    [
      "a gallery item of another page",
      async () => {
        const a = await created({ galleryData: [{ fileName: "/g/a.jpg" }] });
        const b = await created();
        return sendJson(api, "PUT", PAGE, { ...body(), id: b.id, galleryData: [{ id: a.gallerySilder[0]!.id, fileName: "/g/a.jpg" }] }, { token: admin });
      },
      "galleryData[0].id",
      PAGE_MSG.galleryItemElsewhere,
    ],
    ["an update without an id", () => sendJson(api, "PUT", PAGE, body(), { token: admin }), "id", 'form:whole_number|{"min":1}'],
    [
      "an update from a version someone saved over",
      async () => {
        const page = await created();
        await sendJson(api, "PUT", PAGE, { ...body(), id: page.id, version: page.version }, { token: admin });
        return sendJson(api, "PUT", PAGE, { ...body(), id: page.id, version: page.version }, { token: admin });
      },
      "version",
      PAGE_MSG.staleVersion,
    ],
    ["an empty page order", () => updateTree([]), "body", PAGE_MSG.treeEmpty],
    ["a page twice in the order", async () => {
      const a = await created();
      return updateTree([{ id: a.id, parentId: 0, pageIndex: 0 }, { id: a.id, parentId: 0, pageIndex: 1 }]);
    }, "[1].id", PAGE_MSG.treeRepeated],
    ["a page that does not exist in the order", () => updateTree([{ id: 999999, parentId: 0, pageIndex: 0 }]), "id", PAGE_MSG.treeUnknownPages],
    ["pages of two groups in one order", async () => {
      const a = await created({ userGroupId: GROUP });
      const b = await created({ userGroupId: OTHER_GROUP });
      return updateTree([{ id: a.id, parentId: 0, pageIndex: 0 }, { id: b.id, parentId: 0, pageIndex: 1 }]);
    }, "id", PAGE_MSG.treeMixed],
    ["a parent outside the tree", async () => updateTree([{ id: (await created()).id, parentId: 999999, pageIndex: 0 }]), "parentId", PAGE_MSG.treeUnknownParent],
    ["a page under itself", async () => {
      const a = await created();
      return updateTree([{ id: a.id, parentId: a.id, pageIndex: 0 }]);
    }, "parentId", PAGE_MSG.treeCycle],
    ["a negative position", async () => updateTree([{ id: (await created()).id, parentId: 0, pageIndex: -1 }]), "[0].pageIndex", 'form:whole_number|{"min":0}'],
    ["a blank comment", () => comment({ body: "  " }), "body", "form:required"],
    ["a comment of 2001 characters", () => comment({ body: long(2001) }), "body", 'form:max_length|{"max":2000}'],
    ["a comment on something else than a page", () => comment({ rootHolderType: "document" }), "rootHolderType", "form:invalid"],
    ["a comment in a language the site does not have", () => comment({ languageId: 9 }), "languageId", "form:language"],
    ["a page tree in a language the site does not have", () => getAs(api, `${PAGE}/tree?languageId=9`), "languageId", "form:language"],
    ["a page tree of group 'abc'", () => getAs(api, `${PAGE}/tree?userGroupId=abc`), "userGroupId", 'form:whole_number|{"min":1}'],
    ["page 'abc'", () => getAs(api, `${PAGE}/abc`), "id", 'form:whole_number|{"min":1}'],
    ["a page in an unknown format", () => getAs(api, `${PAGE}/1?format=xml`), "format", "form:invalid"],
    ["a gallery item of page 'abc'", () => sendJson(api, "PUT", `${PAGE}/gallery/remove/abc/1`, undefined, { token: admin }), "pageId", 'form:whole_number|{"min":1}'],
    ["101 comments at once", () => getAs(api, "activity-api/api/v1/service/ibp/page/1?limit=101"), "limit", 'form:whole_number_range|{"min":0,"max":100}'],
  ];
}

describe(`[PAGES] every field error of the pages service is a translation key both languages have (${TEST_DB})`, () => {
  it.each(cases())("%s", async (name, call, field, key) => {
    const res = await call();
    // A save over someone else's is a conflict, not bad input.
    expect(res.status, JSON.stringify(res.body)).toBe(field === "version" ? 409 : 400);
    const error = res.body as ApiErrorBody;
    expect(error.fieldErrors?.[field], JSON.stringify(error)).toBe(key);
    expect(error.message).toMatch(/[a-z]/); // an English sentence for API clients
    for (const value of Object.values(error.fieldErrors ?? {})) produced.set(value, name);
  });

  it("answers nothing but keys, each present in English and Hindi with the values its text needs", () => {
    expect(produced.size).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const [value, name] of produced) {
      if (!isFieldErrorKey(value)) {
        problems.push(`${name}: "${value}" is not a translation key`);
        continue;
      }
      const { key, values } = parseMessage(value);
      const [ns, path] = key.split(":") as [string, string];
      for (const lang of ["en", "hi"]) {
        const text = leaves(readLocale(lang, ns) ?? {}).get(path);
        if (typeof text !== "string") problems.push(`${name}: ${key} is missing in ${lang}`);
        else for (const [, variable] of text.matchAll(/{{\s*(\w+)\s*}}/g)) if (!(variable! in (values ?? {}))) problems.push(`${name}: ${key} (${lang}) needs {{${variable}}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("reaches every page field error the form knows (none is left untested)", () => {
    const missing = Object.entries(PAGE_MSG).filter(([, key]) => !produced.has(key)).map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
