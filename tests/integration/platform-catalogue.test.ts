/**
 * The contract catalogue (tests/contract/platform-catalogue.ts): every call of the reference's §3 with
 * what the portal answers. A row the portal claims to answer must reach a route of the platform router
 * (never 404 or 405, never a crash), and the table must stay complete.
 */
import { internalUrlOf } from "@/web-server/public-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, EXPECTED_ROWS } from "../contract/platform-catalogue";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const answered = CATALOGUE.filter((row) => row.status !== "not served");

describe("[CONTRACT] the catalogue lists every call of the reference once", () => {
  it("has the reference's number of rows per section and service, and no duplicates", () => {
    const counts: Record<string, number> = {};
    for (const row of CATALOGUE) counts[`${row.section} ${row.service}`] = (counts[`${row.section} ${row.service}`] ?? 0) + 1;
    expect(counts).toEqual(EXPECTED_ROWS);
    const keys = CATALOGUE.map((row) => `${row.service} ${row.method} ${row.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("gives a reason for every row not served as the reference says, and a sample call for every answered row", () => {
    for (const row of CATALOGUE) {
      if (row.status !== "served") expect(row.reason, `${row.method} ${row.path}`).toMatch(/\w{3,}/);
      if (row.status !== "not served") {
        expect(row.sample, `${row.method} ${row.path}`).toMatch(new RegExp(`^${row.service}-api/api/`));
        expect(row.method).not.toBe("ANY");
      }
    }
  });

  it("every service the portal answers reaches the platform adapter through the portal server", () => {
    for (const service of new Set(answered.map((row) => row.service))) {
      expect(internalUrlOf(`/${service}-api/api/v1/x?y=1`), service).toBe(`/api/platform/${service}/v1/x?y=1`);
    }
  });
});

describe(`[CONTRACT] every call the catalogue claims reaches a route of the platform (${TEST_DB})`, () => {
  it.each(answered.map((row) => [`${row.method} ${row.service}-api/api${row.path}`, row] as const))("%s", async (_name, row) => {
    const body = row.method === "GET" || row.method === "DELETE" ? undefined : Buffer.from("{}");
    const res = await api.request(row.method, row.sample!, { headers: body ? { "content-type": "application/json" } : {}, body });
    const detail = `${row.method} ${row.sample} → ${res.status} ${res.raw.toString("utf8").slice(0, 200)}`;
    expect([404, 405], detail).not.toContain(res.status);
    expect(res.status, detail).toBeLessThan(500);
  });
});
