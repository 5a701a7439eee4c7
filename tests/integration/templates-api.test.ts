import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntryList, ActivityEntry } from "@/contracts/activity";
import type { ApiErrorBody } from "@/contracts/api-error";
import { flattenFields, type CCAField, type CCATemplate, type CCATemplateSummary, type TemplateValueCounts } from "@/contracts/template";
import { insertRecord } from "@/server/modules/records/record-write.repository";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const T = "cca-api/api/v1/template";
const ACTIVITY = "activity-api/api/v1/service/ibp/ccaTemplate";

type Who = "anonymous" | "member" | "curator" | "admin";
const WHO: readonly Who[] = ["anonymous", "member", "curator", "admin"];

let api: TestPlatform;
const tokens: Record<Exclude<Who, "anonymous">, string> & { contributor: string; dataCurator: string } = { member: "", curator: "", admin: "", contributor: "", dataCurator: "" };
const tokenOf = (who: Who | "contributor" | "dataCurator") => (who === "anonymous" ? undefined : tokens[who]);

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.member = await sign(SEED_USER_BY_ROLE.user);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  tokens.contributor = await sign(SEED_USER_BY_ROLE.extDataContributor);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
});

afterAll(async () => {
  await api?.close();
});

const get = (url: string, who: Who | "contributor" | "dataCurator" = "anonymous") => getAs(api, url, tokenOf(who));
const send = (method: string, url: string, body: unknown, who: Who | "contributor" | "dataCurator" = "curator") => sendJson(api, method, url, body, { token: tokenOf(who) });
const fieldErrors = (res: ApiResult) => (res.body as ApiErrorBody).fieldErrors ?? {};

let counter = 0;
const freshShortName = (prefix = "tpl") => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

/** A valid create body with one field of each kind that has rules; `fields` replaces the tree. */
function templateBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    shortName: freshShortName(),
    name: "Village forest",
    description: "A forest kept by a village.",
    platform: ["DESKTOP"],
    permissions: ["ROLE_USER"],
    fields: [
      {
        fieldId: "h-main",
        type: "HEADING",
        name: "About",
        children: [
          { fieldId: "f-name", type: "TEXT", name: "Name", question: "What is it called?", isRequired: true, isTitleColumn: true, isSummaryField: true },
          {
            fieldId: "f-kind",
            type: "SINGLE_SELECT_DROPDOWN",
            name: "Kind",
            question: "What kind?",
            isFilterable: true,
            isChart: true,
            valueOptions: [
              { valueId: "o-grove", label: "Sacred grove", value: "Forest|Sacred grove" },
              { valueId: "o-lake", label: "Lake", value: "Lake" },
              { valueId: "o-other", label: "Others", value: "Others|?" },
            ],
          },
          { fieldId: "f-area", type: "NUMBER", name: "Area", question: "How large?", minMax: [0, 500], isFilterable: true },
          { fieldId: "f-map", type: "GEOMETRY", name: "Map", question: "Where?", publicPrecision: "HIDDEN" },
          { fieldId: "f-photo", type: "FILE", name: "Photos", question: "Photos" },
        ],
      },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, who: Who = "curator"): Promise<CCATemplate> {
  const res = await send("POST", `${T}/save`, templateBody(overrides), who);
  if (res.status !== 201) throw new Error(`Create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CCATemplate;
}

const fieldOf = (template: CCATemplate, fieldId: string): CCAField => {
  const field = flattenFields(template.fields).find((f) => f.fieldId === fieldId);
  if (!field) throw new Error(`No field ${fieldId}`);
  return field;
};

describe(`[TEMPLATES] reading templates (${TEST_DB})`, () => {
  it("a visitor reads the master template in English and in Hindi, as a tree", async () => {
    const en = await get(`${T}/master`);
    expect(en.status).toBe(200);
    const master = en.body as CCATemplate;
    expect(master).toMatchObject({ shortName: "master", name: "CCA inventory", language: "en", isDeleted: false, parentName: null });
    expect(master.fields.map((f) => f.type)).toEqual(Array(6).fill("HEADING"));
    expect(fieldOf(master, "state")).toMatchObject({ name: "State", isFilterable: true, isChart: true, isMasterField: true });
    expect(fieldOf(master, "boundary").publicPrecision).toBe("GENERALISED");

    const hi = (await get(`${T}/master?language=hi`)).body as CCATemplate;
    expect(hi).toMatchObject({ name: "सीसीए सूची", language: "hi" });
    expect(fieldOf(hi, "state").name).toBe("राज्य");
    expect(fieldOf(hi, "state").valueOptions.find((o) => o.value === "Odisha")?.label).toBe("ओडिशा");
    // Structure is shared: same ids, types and values in both languages.
    const shape = (t: CCATemplate) => flattenFields(t.fields).map((f) => [f.fieldId, f.type, f.valueOptions.map((o) => o.value)]);
    expect(shape(hi)).toEqual(shape(master));
  });

  it("answers 404 JSON for a missing template and 400 for an unknown language", async () => {
    const missing = await get(`${T}/no-such-template`);
    expect(missing.status).toBe(404);
    expect((missing.body as ApiErrorBody).code).toBe("NOT_FOUND");
    expect((await get(`${T}/master?language=fr`)).status).toBe(400);
  });

  it("lists filter fields and chart fields from the flags, flattened, in the asked language", async () => {
    const filters = (await get(`${T}/filter/fields`)).body as CCAField[];
    expect(filters.map((f) => f.fieldId)).toEqual(["state", "ecosystem-type", "area-ha", "legal-status", "governance", "year-protection-began", "threats", "practices"]);
    expect(filters.every((f) => f.children.length === 0 && f.isFilterable)).toBe(true);
    const charts = (await get(`${T}/filter/chart/fields?shortName=master&language=hi`)).body as CCAField[];
    expect(charts.map((f) => f.fieldId)).toEqual(["state", "ecosystem-type", "area-ha", "legal-status", "governance", "threats"]);
    expect(charts[0]!.name).toBe("राज्य");

    // The chart flag is a field setting: a curator turns it on for another field and the list follows.
    const template = await create();
    expect(((await get(`${T}/filter/chart/fields?shortName=${template.shortName}`)).body as CCAField[]).map((f) => f.fieldId)).toEqual(["f-kind"]);
    expect((await get(`${T}/filter/fields?shortName=nope`)).status).toBe(404);
  });

  it("lists templates for signed-in callers by their roles; admins and template curators see all", async () => {
    const restricted = await create({ permissions: ["ROLE_EXTDATACONTRIBUTOR"], platform: ["MOBILE"] });
    const names = async (who: Who | "contributor" | "dataCurator", query = "") => {
      const res = await get(`${T}/all${query}`, who);
      expect(res.status).toBe(200);
      return (res.body as CCATemplateSummary[]).map((t) => t.shortName);
    };
    expect((await get(`${T}/all`)).status).toBe(401);
    expect(await names("member")).not.toContain(restricted.shortName);
    expect(await names("member")).toEqual(expect.arrayContaining(["master", "sacred-grove-survey", "wetland-monitoring"]));
    expect(await names("contributor")).toContain(restricted.shortName);
    expect(await names("curator")).toContain(restricted.shortName);
    expect(await names("admin")).toContain(restricted.shortName);
    expect((await names("admin"))[0]).toBe("master");
    // Platform filter: the wetland template is for desktops only.
    expect(await names("admin", "?platform=MOBILE")).not.toContain("wetland-monitoring");
    expect(await names("admin", "?platform=MOBILE")).toContain(restricted.shortName);
    expect((await get(`${T}/all?platform=TABLET`, "admin")).status).toBe(400);
    // Fields only on request, texts in the asked language.
    const plain = (await get(`${T}/all`, "member")).body as CCATemplateSummary[];
    expect(plain.every((t) => t.fields === undefined)).toBe(true);
    const full = (await get(`${T}/all?excludeFields=false&language=hi`, "member")).body as CCATemplateSummary[];
    expect(full.find((t) => t.shortName === "master")).toMatchObject({ name: "सीसीए सूची", fields: expect.any(Array) });
  });
});

describe(`[TEMPLATES] who may write (${TEST_DB})`, () => {
  const expected: Record<Who, number> = { anonymous: 401, member: 403, curator: 200, admin: 200 };

  it.each(WHO)("%s: save, update, delete, restore, pull translations, counts, comment, activity", async (who) => {
    const own = await create();
    const status = (res: ApiResult) => (res.status === 201 ? 200 : res.status);
    expect(status(await send("POST", `${T}/save`, templateBody(), who))).toBe(expected[who]);
    expect(status(await send("PUT", `${T}/update`, { ...templateBody({ shortName: own.shortName }), id: own.id }, who))).toBe(expected[who]);
    expect(status(await get(`${T}/pullMasterTranslation?templateId=${own.id}&language=hi`, who))).toBe(expected[who]);
    expect(status(await get(`${T}/counts/${own.shortName}`, who))).toBe(expected[who]);
    expect(status(await send("POST", `${T}/comment`, { body: "Looks good", languageId: 205, rootHolderId: own.id, rootHolderType: "ccaTemplate" }, who))).toBe(expected[who]);
    expect(status(await get(`${ACTIVITY}/${own.id}`, who))).toBe(expected[who]);
    expect(status(await send("DELETE", `${T}/delete/${own.shortName}`, undefined, who))).toBe(expected[who]);
    if (who === "member" || who === "anonymous") await send("DELETE", `${T}/delete/${own.shortName}`, undefined, "admin");
    expect(status(await send("PUT", `${T}/restore/${own.shortName}`, undefined, who))).toBe(expected[who]);
  });

  it("refuses a demoted curator at once (roles as stored, not as in the token)", async () => {
    const curatorId = SEED_USER_BY_ROLE.templateCurator.id;
    await api.db.query("update app_user set roles = array['ROLE_USER'] where id = $1", [curatorId]);
    try {
      expect((await send("POST", `${T}/save`, templateBody(), "curator")).status).toBe(403);
    } finally {
      await api.db.query("update app_user set roles = array['ROLE_TEMPLATECURATOR', 'ROLE_USER'] where id = $1", [curatorId]);
    }
  });

  it("404 for writes to a template that does not exist", async () => {
    expect((await send("PUT", `${T}/update`, { ...templateBody(), id: 999999 })).status).toBe(404);
    expect((await send("DELETE", `${T}/delete/nothing-here`, undefined)).status).toBe(404);
    expect((await send("PUT", `${T}/restore/nothing-here`, undefined)).status).toBe(404);
    expect((await get(`${T}/pullMasterTranslation?templateId=999999`, "curator")).status).toBe(404);
    expect((await get(`${T}/counts/nothing-here`, "curator")).status).toBe(404);
    expect((await send("POST", `${T}/comment`, { body: "x", rootHolderId: 999999, rootHolderType: "ccaTemplate" })).status).toBe(404);
    expect((await get(`${ACTIVITY}/999999`, "curator")).status).toBe(404);
  });
});

describe(`[TEMPLATES] the rules of a template (${TEST_DB})`, () => {
  const refused = async (overrides: Record<string, unknown>, field: string, key: string, status = 400) => {
    const res = await send("POST", `${T}/save`, templateBody(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(fieldErrors(res)[field], JSON.stringify(res.body)).toBe(key);
    expect((res.body as ApiErrorBody).message).toMatch(/\S/);
  };
  const withField = (field: Record<string, unknown>) => ({ fields: [field] });

  it("saves a valid template with generated ids where none were sent", async () => {
    const res = await send("POST", `${T}/save`, templateBody({ fields: [{ type: "SINGLE_SELECT_RADIO", name: "Yes or no", valueOptions: [{ value: "Yes" }, { value: "No", label: "Nope" }] }] }));
    expect(res.status).toBe(201);
    const [field] = (res.body as CCATemplate).fields;
    expect(field!.fieldId).toMatch(/^[\w-]{8,}$/);
    expect(field!.valueOptions.map((o) => [o.label, o.value])).toEqual([["Yes", "Yes"], ["Nope", "No"]]);
    expect(field!.valueOptions.every((o) => /^[\w-]{8,}$/.test(o.valueId))).toBe(true);
    expect((res.body as CCATemplate).userId).toBe(String(SEED_USER_BY_ROLE.templateCurator.id));
  });

  it("shortName: required, URL-safe, not reserved, unique regardless of case (deleted ones too)", async () => {
    await refused({ shortName: "" }, "shortName", "form:required");
    for (const bad of ["two words", "-dash-first", "a/b", "ग्रोव", "a.b"]) await refused({ shortName: bad }, "shortName", "template:errors.short_name_format");
    await refused({ shortName: "x".repeat(61) }, "shortName", 'form:max_length|{"max":60}');
    for (const reserved of ["all", "Save", "pullMasterTranslation", "filter"]) await refused({ shortName: reserved }, "shortName", "template:errors.short_name_reserved");
    await refused({ shortName: "MASTER" }, "shortName", "template:errors.short_name_taken", 409);
    const gone = await create();
    await send("DELETE", `${T}/delete/${gone.shortName}`, undefined);
    const res = await send("POST", `${T}/save`, templateBody({ shortName: gone.shortName.toUpperCase() }));
    expect(res.status).toBe(409);
    expect((res.body as ApiErrorBody).code).toBe("SHORT_NAME_TAKEN");
    expect((res.body as ApiErrorBody).message).toContain(gone.shortName.toUpperCase());
  });

  it("metadata: name and description required, platforms and permissions from the reference's lists", async () => {
    await refused({ name: "  " }, "name", "form:required");
    await refused({ description: "" }, "description", "form:required");
    await refused({ platform: [] }, "platform", "template:errors.platform_required");
    await refused({ platform: ["TABLET"] }, "platform", "form:invalid");
    await refused({ permissions: ["ROLE_PAGE_EDITOR"] }, "permissions", "form:unknown_role");
    await refused({ permissions: ["ANY"] }, "permissions", "form:unknown_role");
    await refused({ language: "fr" }, "language", "template:errors.language");
    await refused({ parentName: "no-such-parent" }, "parentName", "template:errors.parent_unknown");
    const parent = await create();
    const child = await create({ parentName: parent.shortName });
    expect(child.parentName).toBe(parent.shortName);
    const res = await send("PUT", `${T}/update`, { ...templateBody({ shortName: parent.shortName, parentName: child.shortName }), id: parent.id });
    expect(res.status).toBe(400);
    expect(fieldErrors(res).parentName).toBe("template:errors.parent_cycle");
  });

  it("field ids are unique within a template; option values unique within a field", async () => {
    await refused({ fields: [{ fieldId: "same", type: "TEXT", name: "A" }, { fieldId: "h", type: "HEADING", name: "H", children: [{ fieldId: "same", type: "NUMBER", name: "B" }] }] }, "fields.same.fieldId", "template:errors.field_id_taken");
    await refused(withField({ fieldId: "bad id!", type: "TEXT", name: "A" }), "fields.#1.fieldId", "template:errors.field_id_format");
    await refused(withField({ fieldId: "o", type: "MULTI_SELECT_CHECKBOX", name: "O", valueOptions: [{ value: "Lake" }, { value: "Lake" }] }), "fields.o.valueOptions.1.value", "template:errors.option_value_taken");
    await refused(withField({ fieldId: "o", type: "SINGLE_SELECT_RADIO", name: "O", valueOptions: [{ valueId: "x", value: "A" }, { valueId: "x", value: "B" }] }), "fields.o.valueOptions.1.valueId", "template:errors.option_id_taken");
  });

  it("option types need options; Parent|Child and one Others|? are the only special forms", async () => {
    await refused(withField({ fieldId: "o", type: "SINGLE_SELECT_DROPDOWN", name: "O", valueOptions: [] }), "fields.o.valueOptions", "template:errors.options_required");
    await refused(withField({ fieldId: "o", type: "MULTI_SELECT_DROPDOWN", name: "O" }), "fields.o.valueOptions", "template:errors.options_required");
    for (const bad of ["A|B|C", "|Child", "Parent|", "What?", "?|x"]) {
      await refused(withField({ fieldId: "o", type: "MULTI_SELECT_CHECKBOX", name: "O", valueOptions: [{ value: bad }] }), "fields.o.valueOptions.0.value", "template:errors.option_value_format");
    }
    await refused(withField({ fieldId: "o", type: "SINGLE_SELECT_RADIO", name: "O", valueOptions: [{ value: "Others|?" }, { value: "Forest|Others|?" }] }), "fields.o.valueOptions.1.value", "template:errors.option_others_twice");
    const ok = await create(withField({ fieldId: "o", type: "MULTI_SELECT_CHECKBOX", name: "O", valueOptions: [{ value: "Forest|Sacred grove" }, { value: "Forest|Others|?" }, { value: "Lake" }] }));
    expect(ok.fields[0]!.valueOptions.map((o) => o.value)).toEqual(["Forest|Sacred grove", "Forest|Others|?", "Lake"]);
  });

  it("min ≤ max, in numbers, years and dates; ranges only where the type has one", async () => {
    await refused(withField({ fieldId: "n", type: "NUMBER", name: "N", minMax: [10, 5] }), "fields.n.minMax", "template:errors.min_max_order");
    await refused(withField({ fieldId: "n", type: "NUMBER_RANGE", name: "N", minMax: ["a", 5] }), "fields.n.minMax", "template:errors.min_max_invalid");
    await refused(withField({ fieldId: "y", type: "YEAR", name: "Y", minMax: [2020, 1990] }), "fields.y.minMax", "template:errors.min_max_order");
    await refused(withField({ fieldId: "y", type: "YEAR", name: "Y", minMax: [1990.5, 2000] }), "fields.y.minMax", "template:errors.min_max_invalid");
    await refused(withField({ fieldId: "d", type: "DATE_RANGE", name: "D", minMax: ["2024-02-01", "2024-01-01"] }), "fields.d.minMax", "template:errors.min_max_order");
    await refused(withField({ fieldId: "d", type: "DATE", name: "D", minMax: ["2024-02-30", null] }), "fields.d.minMax", "template:errors.min_max_invalid");
    const ok = await create({
      fields: [
        { fieldId: "d", type: "DATE", name: "D", minMax: ["2024-01-01T10:00:00Z", null] },
        { fieldId: "n", type: "NUMBER", name: "N", minMax: [5, 5] },
        { fieldId: "t", type: "TEXT", name: "T", minMax: [1, 2] },
      ],
    });
    expect(ok.fields.map((f) => f.minMax)).toEqual([["2024-01-01", null], [5, 5], []]);
  });

  it("flags: not filterable for FILE and GEOMETRY, charts only for options and numbers, nothing on a heading", async () => {
    await refused(withField({ fieldId: "f", type: "FILE", name: "F", isFilterable: true }), "fields.f.isFilterable", "template:errors.not_filterable");
    await refused(withField({ fieldId: "g", type: "GEOMETRY", name: "G", isFilterable: true }), "fields.g.isFilterable", "template:errors.not_filterable");
    await refused(withField({ fieldId: "t", type: "TEXT", name: "T", isChart: true }), "fields.t.isChart", "template:errors.not_chartable");
    await refused(withField({ fieldId: "g", type: "GEOMETRY", name: "G", isTitleColumn: true }), "fields.g.isTitleColumn", "template:errors.not_title");
    await refused(withField({ fieldId: "h", type: "HEADING", name: "H", isRequired: true }), "fields.h.isRequired", "template:errors.heading_flag");
    await refused(withField({ fieldId: "t", type: "TEXT", name: "T", isRequired: "yes" }), "fields.t.isRequired", "form:boolean");
    await refused(withField({ fieldId: "t", type: "PHOTO", name: "T" }), "fields.t.type", "template:errors.field_type");
    await refused(withField({ fieldId: "t", type: "TEXT", name: "" }), "fields.t.name", "form:required");
  });

  it("GEOMETRY has a public precision: exact by default, generalised or hidden on request", async () => {
    await refused(withField({ fieldId: "g", type: "GEOMETRY", name: "G", publicPrecision: "FUZZY" }), "fields.g.publicPrecision", "template:errors.public_precision");
    const ok = await create({ fields: [{ fieldId: "g1", type: "GEOMETRY", name: "G" }, { fieldId: "g2", type: "GEOMETRY", name: "G", publicPrecision: "GENERALISED" }, { fieldId: "t", type: "TEXT", name: "T", publicPrecision: "HIDDEN" }] });
    expect(ok.fields.map((f) => f.publicPrecision)).toEqual(["EXACT", "GENERALISED", null]);
  });

  it("master copies keep the master's id and type; an unknown master id is refused", async () => {
    await refused(withField({ fieldId: "not-in-master", type: "TEXT", name: "T", isMasterField: true }), "fields.not-in-master.isMasterField", "template:errors.not_master_field");
    await refused(withField({ fieldId: "state", type: "TEXT", name: "State" }), "fields.state.type", "template:errors.master_type_mismatch");
    const master = (await get(`${T}/master`)).body as CCATemplate;
    const state = fieldOf(master, "state");
    const copy = await create(withField({ ...state, isMasterField: false }));
    expect(copy.fields[0]).toMatchObject({ fieldId: "state", isMasterField: true, valueOptions: state.valueOptions });
  });

  it("nests at most 5 levels", async () => {
    const nest = (depth: number): Record<string, unknown> => ({ fieldId: `h${depth}`, type: "HEADING", name: `Level ${depth}`, children: depth < 6 ? [nest(depth + 1)] : [] });
    await refused({ fields: [nest(1)] }, "fields.h5.children", "template:errors.too_deep");
  });

  it("the master template keeps its short name and cannot be deleted", async () => {
    const master = (await get(`${T}/master`)).body as CCATemplate;
    const renamed = await send("PUT", `${T}/update`, { ...master, shortName: "main" }, "admin");
    expect(renamed.status).toBe(400);
    expect(fieldErrors(renamed).shortName).toBe("template:errors.master_rename");
    const deleted = await send("DELETE", `${T}/delete/master`, undefined, "admin");
    expect(deleted.status).toBe(409);
    expect((await get(`${T}/master`)).status).toBe(200);
  });
});

describe(`[TEMPLATES] languages (${TEST_DB})`, () => {
  it("a Hindi update stores only Hindi texts; structure comes from the English template", async () => {
    const template = await create();
    const hindi = structuredClone(template) as unknown as Record<string, unknown> & CCATemplate;
    hindi.language = "hi";
    hindi.name = "गाँव का जंगल";
    hindi.description = "गाँव द्वारा संरक्षित जंगल।";
    const kind = fieldOf(hindi, "f-kind");
    kind.name = "प्रकार";
    kind.question = "कौन-सा प्रकार?";
    kind.valueOptions = kind.valueOptions.map((o) => ({ ...o, label: o.valueId === "o-lake" ? "झील" : o.label, value: "CHANGED" }));
    kind.type = "TEXT";
    kind.isFilterable = false;
    hindi.fields[0]!.children.push({ ...fieldOf(hindi, "f-name"), fieldId: "sneaked-in" });
    const res = await send("PUT", `${T}/update?language=hi`, hindi);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ language: "hi", name: "गाँव का जंगल" });

    const hi = (await get(`${T}/${template.shortName}?language=hi`)).body as CCATemplate;
    expect(fieldOf(hi, "f-kind")).toMatchObject({ name: "प्रकार", question: "कौन-सा प्रकार?", type: "SINGLE_SELECT_DROPDOWN", isFilterable: true });
    expect(fieldOf(hi, "f-kind").valueOptions.map((o) => [o.label, o.value])).toEqual([["Sacred grove", "Forest|Sacred grove"], ["झील", "Lake"], ["Others", "Others|?"]]);
    // Texts not translated fall back to English.
    expect(fieldOf(hi, "f-area").name).toBe("Area");
    expect(flattenFields(hi.fields).map((f) => f.fieldId)).not.toContain("sneaked-in");

    const en = (await get(`${T}/${template.shortName}`)).body as CCATemplate;
    expect(en.name).toBe("Village forest");
    expect(fieldOf(en, "f-kind").name).toBe("Kind");

    // An English update keeps the Hindi texts of the fields it keeps and drops those it removes.
    const english = structuredClone(en);
    english.fields[0]!.children = english.fields[0]!.children.filter((f) => f.fieldId !== "f-area");
    fieldOf(english, "f-kind").name = "Kind of place";
    expect((await send("PUT", `${T}/update`, english)).status).toBe(200);
    const after = (await get(`${T}/${template.shortName}?language=hi`)).body as CCATemplate;
    expect(after.name).toBe("गाँव का जंगल");
    expect(fieldOf(after, "f-kind").name).toBe("प्रकार");
    expect(flattenFields(after.fields).map((f) => f.fieldId)).not.toContain("f-area");
  });

  it("takes the language from the query when the body names none, and refuses two different ones", async () => {
    const template = await create();
    const { language: _omitted, ...withoutLanguage } = { ...template, name: "वन" };
    expect((await send("PUT", `${T}/update?language=hi`, withoutLanguage)).status).toBe(200);
    expect(((await get(`${T}/${template.shortName}`)).body as CCATemplate).name).toBe("Village forest");
    expect(((await get(`${T}/${template.shortName}?language=hi`)).body as CCATemplate).name).toBe("वन");
    const clash = await send("PUT", `${T}/update?language=hi`, { ...template, language: "en" });
    expect(clash.status).toBe(400);
    expect(fieldErrors(clash).language).toBe("template:errors.language");
  });

  it("a field's updatedOn moves only when the field changes; createdOn stays", async () => {
    const template = await create();
    await new Promise((r) => setTimeout(r, 20));
    const edited = structuredClone(template);
    fieldOf(edited, "f-area").minMax = [0, 900];
    const saved = (await send("PUT", `${T}/update`, edited)).body as CCATemplate;
    expect(fieldOf(saved, "f-area").updatedOn).not.toBe(fieldOf(template, "f-area").updatedOn);
    expect(fieldOf(saved, "f-area").createdOn).toBe(fieldOf(template, "f-area").createdOn);
    expect(fieldOf(saved, "f-name").updatedOn).toBe(fieldOf(template, "f-name").updatedOn);
  });

  it("a template created in Hindi reads in Hindi and falls back to the same texts in English", async () => {
    const template = await create({ language: "hi", name: "देववन", description: "विवरण", fields: [{ fieldId: "n", type: "TEXT", name: "नाम" }] });
    expect(template).toMatchObject({ language: "hi", name: "देववन" });
    expect(((await get(`${T}/${template.shortName}`)).body as CCATemplate).fields[0]!.name).toBe("नाम");
  });

  it("pulls the master's translations into master copies without saving", async () => {
    const master = (await get(`${T}/master`)).body as CCATemplate;
    const template = await create({ fields: [fieldOf(master, "state"), fieldOf(master, "area-ha"), { fieldId: "own", type: "TEXT", name: "Own field" }] });
    const res = await get(`${T}/pullMasterTranslation?templateId=${template.id}&language=hi`, "curator");
    expect(res.status).toBe(200);
    const pulled = res.body as CCATemplate;
    expect(pulled.fields.map((f) => f.name)).toEqual(["राज्य", "क्षेत्रफल (हेक्टेयर)", "Own field"]);
    expect(pulled.fields[0]!.valueOptions.find((o) => o.value === "Kerala")?.label).toBe("केरल");
    const stored = (await get(`${T}/${template.shortName}?language=hi`)).body as CCATemplate;
    expect(stored.fields[0]!.name).toBe("State");
    expect((await get(`${T}/pullMasterTranslation`, "curator")).status).toBe(400);
  });
});

describe(`[TEMPLATES] soft delete, restore and what records hold (${TEST_DB})`, () => {
  const ownerId = SEED_USER_BY_ROLE.user.id;

  async function addRecord(templateId: number, values: Record<string, { type: string; value: unknown }>): Promise<number> {
    return api.db.transaction((tx) => insertRecord(tx, { templateId, userId: ownerId, values }));
  }

  it("a deleted template disappears with its records and comes back with them on restore", async () => {
    const template = await create();
    const kept = await addRecord(template.id, { "f-name": { type: "TEXT", value: "Grove A" } });
    const ownDelete = await addRecord(template.id, { "f-name": { type: "TEXT", value: "Grove B" } });
    await api.db.query("update cca_data set is_deleted = true where id = $1", [ownDelete]);

    const deleted = await send("DELETE", `${T}/delete/${template.shortName}`, undefined);
    expect(deleted.status).toBe(200);
    expect((deleted.body as CCATemplate).shortName).toBe(template.shortName);
    expect((await get(`${T}/${template.shortName}`)).status).toBe(404);
    expect((await get(`${T}/filter/fields?shortName=${template.shortName}`)).status).toBe(404);
    expect(((await get(`${T}/all`, "admin")).body as CCATemplateSummary[]).map((t) => t.shortName)).not.toContain(template.shortName);
    const bin = (await get(`${T}/all?isDeleted=true`, "curator")).body as CCATemplateSummary[];
    expect(bin.find((t) => t.shortName === template.shortName)).toMatchObject({ isDeleted: true });
    expect((await get(`${T}/all?isDeleted=true`, "member")).status).toBe(403);
    expect((await send("PUT", `${T}/update`, { ...templateBody({ shortName: template.shortName }), id: template.id })).status).toBe(404);
    const hidden = await api.db.query<{ id: number; is_template_deleted: boolean }>("select id, is_template_deleted from cca_data where template_id = $1 order by id", [template.id]);
    expect(hidden.map((r) => r.is_template_deleted)).toEqual([true, true]);

    const restored = await send("PUT", `${T}/restore/${template.shortName}`, undefined);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ shortName: template.shortName, isDeleted: false });
    expect((await get(`${T}/${template.shortName}`)).status).toBe(200);
    const back = await api.db.query<{ id: number; visible: boolean }>("select id, not (is_deleted or is_template_deleted) as visible from cca_data where template_id = $1 order by id", [template.id]);
    expect(back).toEqual([{ id: kept, visible: true }, { id: ownDelete, visible: false }]);
    // Restoring a live template changes nothing.
    expect((await send("PUT", `${T}/restore/${template.shortName}`, undefined)).status).toBe(200);
  });

  it("counts, per field and per option, the live records that hold a value, also for fields removed since", async () => {
    const template = await create();
    const geometry = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [77.6, 12.9] } }] };
    await addRecord(template.id, {
      "f-name": { type: "TEXT", value: "Grove A" },
      "f-kind": { type: "SINGLE_SELECT_DROPDOWN", value: { valueId: "o-grove", label: "Sacred grove", value: "Forest|Sacred grove" } },
      "f-area": { type: "NUMBER", value: 12.5 },
      "f-map": { type: "GEOMETRY", value: geometry },
    });
    await addRecord(template.id, {
      "f-name": { type: "TEXT", value: "Lake B" },
      "f-kind": { type: "SINGLE_SELECT_DROPDOWN", value: { valueId: "o-lake", label: "Lake", value: "Lake" } },
      "f-photo": { type: "FILE", value: [{ path: "/x/y.jpg", attribution: "", license: "CC-BY" }] },
      "f-area": { type: "NUMBER", value: null },
    });
    const gone = await addRecord(template.id, { "f-name": { type: "TEXT", value: "Deleted" }, "f-kind": { type: "SINGLE_SELECT_DROPDOWN", value: { valueId: "o-lake", value: "Lake" } } });
    await api.db.query("update cca_data set is_deleted = true where id = $1", [gone]);

    const counts = async () => {
      const res = await get(`${T}/counts/${template.shortName}`, "curator");
      expect(res.status).toBe(200);
      return res.body as TemplateValueCounts;
    };
    expect(await counts()).toEqual({
      total: 2,
      fields: { "f-name": 2, "f-kind": 2, "f-area": 1, "f-map": 1, "f-photo": 1 },
      options: { "f-kind": { "Forest|Sacred grove": 1, Lake: 1 } },
    });

    // The curator removes the area field: records keep their values, still counted under its id.
    const edited = structuredClone(template);
    edited.fields[0]!.children = edited.fields[0]!.children.filter((f) => f.fieldId !== "f-area");
    expect((await send("PUT", `${T}/update`, edited)).status).toBe(200);
    expect((await counts()).fields["f-area"]).toBe(1);
    const stored = await api.db.query<{ field_values: Record<string, { value: unknown }> }>("select field_values from cca_data where template_id = $1 and not is_deleted order by id", [template.id]);
    expect(stored[0]!.field_values["f-area"]!.value).toBe(12.5);
  });
});

describe(`[TEMPLATES] comments and activity (${TEST_DB})`, () => {
  it("curators discuss a template; its history lists changes and comments newest first", async () => {
    const template = await create();
    const edited = structuredClone(template);
    edited.fields[0]!.children.push({ ...fieldOf(template, "f-name"), fieldId: "f-new", name: "New" });
    await send("PUT", `${T}/update`, edited);
    const comment = (body: unknown, rootHolderId: unknown = template.id, extra: Record<string, unknown> = {}) =>
      send("POST", `${T}/comment`, { body, languageId: 206, rootHolderId, rootHolderType: "ccaTemplate", subRootHolderId: null, subRootHolderType: null, ...extra });
    for (const blank of ["", "   ", null, 42]) {
      const res = await comment(blank);
      expect(res.status).toBe(400);
      expect(fieldErrors(res).body).toBe("form:required");
    }
    expect(fieldErrors(await comment("x".repeat(2001))).body).toBe('form:max_length|{"max":2000}');
    expect(fieldErrors(await comment("x", template.id, { rootHolderType: "page" })).rootHolderType).toBe("form:invalid");
    expect(fieldErrors(await comment("x", "abc")).rootHolderId).toBe("form:invalid");
    const added = await comment("  क्या क्षेत्रफल अनिवार्य होना चाहिए?  ");
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ activityType: "Added a comment", body: "क्या क्षेत्रफल अनिवार्य होना चाहिए?", user: { id: SEED_USER_BY_ROLE.templateCurator.id } });

    const list = (await get(`${ACTIVITY}/${template.id}`, "admin")).body as ActivityEntryList;
    expect(list.totalCount).toBe(3);
    expect(list.activity.map((a: ActivityEntry) => a.activityType)).toEqual(["Added a comment", "Template updated", "Template created"]);
    expect(list.activity[1]!.details).toMatchObject({ addedFields: ["f-new"], removedFields: [] });
    const paged = (await get(`${ACTIVITY}/${template.id}?offset=1&limit=1`, "curator")).body as ActivityEntryList;
    expect(paged.activity.map((a) => a.activityType)).toEqual(["Template updated"]);
    expect((await get(`${ACTIVITY}/${template.id}?limit=500`, "curator")).status).toBe(400);
  });

  it("the seeded templates carry their creation in the history", async () => {
    const master = (await get(`${T}/master`)).body as CCATemplate;
    const list = (await get(`${ACTIVITY}/${master.id}`, "curator")).body as ActivityEntryList;
    expect(list.activity.at(-1)).toMatchObject({ activityType: "Template created", user: { id: SEED_USER_BY_ROLE.templateCurator.id } });
  });
});
