/**
 * Options read in the visitor's language (issue 28 item 3): a record's option values and their
 * parents' names come with the template's Hindi labels, and a template's parent names are kept per
 * language by the template writes. On the demo seed, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData, CCADataListResponse } from "@/contracts/cca-data";
import { flattenFields, type CCAField, type CCATemplate } from "@/contracts/template";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const T = "cca-api/api/v1/template";
let api: TestPlatform;
let curator = "";

beforeAll(async () => {
  api = await createTestPlatform();
  curator = (await tokensOf(api, SEED_USER_BY_ROLE.templateCurator.email!, SEED_USER_BY_ROLE.templateCurator.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

const fieldOf = (template: CCATemplate, id: string): CCAField => flattenFields(template.fields).find((f) => f.fieldId === id)!;

describe(`[DATA] a Hindi visitor reads a record's options in Hindi (${TEST_DB})`, () => {
  it("the record of Mawphlang: state, legal status and ecosystem (with its parent) carry the Hindi labels", async () => {
    const hi = (await getAs(api, "cca-api/api/v1/data/1?language=hi")).body as CCAData;
    expect(hi.ccaFieldValues.state?.value).toMatchObject({ value: "Meghalaya", label: "मेघालय" });
    expect(hi.ccaFieldValues["legal-status"]?.value).toMatchObject({ value: "No legal recognition", label: "कोई कानूनी मान्यता नहीं" });
    expect(hi.ccaFieldValues["ecosystem-type"]?.value).toEqual([expect.objectContaining({ value: "Forest|Sacred grove", label: "देववन (पवित्र उपवन)", parentLabel: "वन" })]);

    const en = (await getAs(api, "cca-api/api/v1/data/1?language=en")).body as CCAData;
    expect(en.ccaFieldValues.state?.value).toMatchObject({ value: "Meghalaya", label: "Meghalaya" });
    expect(en.ccaFieldValues["ecosystem-type"]?.value).toEqual([expect.objectContaining({ label: "Sacred grove", parentLabel: "Forest" })]);
  });

  it("the list's cards name the parent in Hindi too", async () => {
    const list = (await getAs(api, "cca-api/api/v1/data/list?id=1&language=hi")).body as CCADataListResponse;
    const ecosystem = list.ccaDataList[0]!.values.find((v) => v.fieldId === "ecosystem-type");
    expect(ecosystem?.value).toEqual([expect.objectContaining({ label: "देववन (पवित्र उपवन)", parentLabel: "वन" })]);
  });
});

describe(`[TEMPLATES] the names of option parents per language (${TEST_DB})`, () => {
  it("a template answers its parents' names in the language asked, and a Hindi update changes only the Hindi ones", async () => {
    const en = (await getAs(api, `${T}/master?language=en`)).body as CCATemplate;
    const hi = (await getAs(api, `${T}/master?language=hi`)).body as CCATemplate;
    expect(fieldOf(en, "ecosystem-type").parentLabels).toEqual({ Forest: "Forest", Wetland: "Wetland", Mountain: "Mountain" });
    expect(fieldOf(hi, "ecosystem-type").parentLabels).toEqual({ Forest: "वन", Wetland: "आर्द्रभूमि", Mountain: "पर्वत" });
    expect(fieldOf(hi, "state").parentLabels).toBeUndefined();

    const edited = structuredClone(hi);
    fieldOf(edited, "ecosystem-type").parentLabels = { Forest: "जंगल", Wetland: "आर्द्रभूमि", Mountain: "पर्वत", Invented: "नहीं" };
    const res = await sendJson(api, "PUT", `${T}/update?language=hi`, edited, { token: curator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fieldOf((await getAs(api, `${T}/master?language=hi`)).body as CCATemplate, "ecosystem-type").parentLabels).toEqual({ Forest: "जंगल", Wetland: "आर्द्रभूमि", Mountain: "पर्वत" });
    expect(fieldOf((await getAs(api, `${T}/master?language=en`)).body as CCATemplate, "ecosystem-type").parentLabels?.Forest).toBe("Forest");

    const record = (await getAs(api, "cca-api/api/v1/data/1?language=hi")).body as CCAData;
    expect(record.ccaFieldValues["ecosystem-type"]?.value).toEqual([expect.objectContaining({ parentLabel: "जंगल" })]);
  });
});
