import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { PlaceMatch } from "@/contracts/place-search";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const URL = "nakshaIntegrator-api/api/layer/places";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const find = async (query: string) => {
  const res = await api.get(`${URL}?${query}`);
  return { status: res.status, body: res.body as PlaceMatch[] & ApiErrorBody, headers: res.headers };
};

const inside = (bbox: PlaceMatch["bbox"], lon: number, lat: number) => bbox[0] <= lon && lon <= bbox[2] && bbox[1] <= lat && lat <= bbox[3];

describe(`[PLACES] a member drawing a boundary finds a place of India by name, offline (${TEST_DB})`, () => {
  it("a state's name finds the state first, with a box around it", async () => {
    const { status, body, headers } = await find("q=meghalaya");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toContain("public");
    expect(body[0]).toMatchObject({ kind: "state", name: "Meghalaya", state: null, district: null });
    // Shillong and Tura are in the box; Guwahati (Assam) is not.
    expect(inside(body[0]!.bbox, 91.88, 25.57)).toBe(true);
    expect(inside(body[0]!.bbox, 90.2, 25.51)).toBe(true);
    expect(inside(body[0]!.bbox, 91.75, 26.18)).toBe(false);
  });

  it("a town is found through its tahsil or district, named with where it lies", async () => {
    const { body } = await find("q=Shillong");
    const shillong = body.find((p) => p.kind === "tahsil" && p.name === "Shillong");
    expect(shillong).toMatchObject({ state: "Meghalaya", district: "East Khasi Hills" });
    expect(inside(shillong!.bbox, 91.89, 25.58)).toBe(true);
  });

  it("ignores case, marks and extra spaces, and lists closer matches first (a state before a district of the same name)", async () => {
    const { body } = await find(`q=${encodeURIComponent("  GOA ")}`);
    expect(body[0]).toMatchObject({ kind: "state", name: "Goa" });
    const { body: words } = await find("q=khasi");
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((p) => p.name.toLowerCase().includes("khasi"))).toBe(true);
  });

  it("answers at most `limit` places (8 unless asked), and nothing for a name it does not know", async () => {
    expect((await find("q=a")).body).toHaveLength(8);
    expect((await find("q=a&limit=20")).body).toHaveLength(20);
    expect((await find("q=a&limit=3")).body).toHaveLength(3);
    expect((await find("q=zzzzqqq")).body).toEqual([]);
  });

  it.each([
    ["", "q", "form:required"],
    ["q=%20%20", "q", "form:required"],
    [`q=${"x".repeat(101)}`, "q", 'form:max_length|{"max":100}'],
    ["q=goa&limit=21", "limit", 'form:whole_number_range|{"min":0,"max":20}'],
    ["q=goa&limit=-1", "limit", 'form:whole_number_range|{"min":0,"max":20}'],
  ])("%s → 400 with a reason", async (query, field, key) => {
    const { status, body } = await find(query);
    expect(status).toBe(400);
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.fieldErrors).toEqual({ [field]: key });
  });

  it("is read-only: writing to it is not allowed", async () => {
    const res = await api.request("POST", URL, { headers: { "content-type": "application/json" }, body: Buffer.from(JSON.stringify({ q: "goa" })) });
    expect(res.status).toBe(405);
  });
});
