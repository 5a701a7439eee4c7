import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { RecordLocation } from "@/contracts/cca-data";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const URL = "nakshaIntegrator-api/api/layer/locationInfo";
const EMPTY: RecordLocation = { state: null, district: null, tahsil: null };

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const locate = async (query: string) => {
  const res = await api.get(`${URL}?${query}`);
  return { status: res.status, body: res.body as RecordLocation & ApiErrorBody };
};

describe(`[LOCATION] layer/locationInfo names the state, district and tahsil of a point, offline (${TEST_DB})`, () => {
  it.each([
    ["a sacred grove near Bengaluru", "lat=12.97&lon=77.59", { state: "Karnataka", district: "Bangalore Urban" }],
    ["a point on Chilika lake", "lat=19.7&lon=85.3", { state: "Odisha", district: "Puri" }],
    ["Shillong", "lat=25.57&lon=91.88", { state: "Meghalaya", district: "East Khasi Hills", tahsil: "Shillong" }],
    ["Leh", "lat=34.15&lon=77.58", { state: "Ladakh", district: "Leh" }],
    ["Port Blair", "lat=11.62&lon=92.72", { state: "Andaman and Nicobar Islands" }],
    ["Kolkata, with a + sign and spaces", "lat=%2B22.57&lon=%2088.36", { state: "West Bengal", district: "Kolkata" }],
  ])("%s", async (_name, query, expected) => {
    const { status, body } = await locate(query);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["district", "state", "tahsil"]);
    expect(body).toMatchObject(expected);
  });

  it.each([
    ["Kathmandu", "lat=27.7&lon=85.3"],
    ["the sea off India", "lat=10&lon=70"],
    ["Birgunj, across the border from Raxaul", "lat=27.01&lon=84.88"],
    ["Colombo", "lat=6.93&lon=79.85"],
    ["the other side of the world", "lat=-33.9&lon=151.2"],
  ])("%s is not in India: empty values", async (_name, query) => {
    expect(await locate(query)).toEqual({ status: 200, body: EMPTY });
  });

  it.each([
    ["lat=abc&lon=77.59", "lat", "form:invalid_number"],
    ["lat=95&lon=77.59", "lat", 'form:max_value|{"max":90}'],
    ["lat=-90.5&lon=77.59", "lat", 'form:min_value|{"min":-90}'],
    ["lat=12.97&lon=181", "lon", 'form:max_value|{"max":180}'],
    ["lat=12.97", "lon", "form:required"],
    ["lon=77.59", "lat", "form:required"],
    ["lat=1e2&lon=77", "lat", "form:invalid_number"],
    ["lat=Infinity&lon=77", "lat", "form:invalid_number"],
    ["lat=12.97&lon=", "lon", "form:required"],
  ])("%s → 400 with a reason", async (query, field, key) => {
    const { status, body } = await locate(query);
    expect(status).toBe(400);
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.message).toContain(field);
    expect(body.fieldErrors).toEqual({ [field]: key });
  });

  it("answers a point in well under 10 ms once loaded", async () => {
    await locate("lat=20&lon=78");
    const started = performance.now();
    for (let i = 0; i < 200; i++) await locate(`lat=${(8 + (i % 29)).toFixed(2)}&lon=${(70 + (i % 27)).toFixed(2)}`);
    expect((performance.now() - started) / 200).toBeLessThan(10);
  });
});
