/**
 * GET cca-api/api/v1/data/search?sort= (issue 28 item 9 c) on both databases: newest and oldest by
 * creation, title A–Z by the stored sort key (records without a title last), relevance while searching
 * (the default then), for the whole set and a filtered one, paged; migration 0022 fills the key of
 * records stored before it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSearchResponse } from "@/contracts/cca-data";
import { fillTitleSort } from "@/server/migrations/0022_record_title_sort";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const SEARCH = "cca-api/api/v1/data/search";
let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

async function idsOf(query: string): Promise<number[]> {
  const res = await api.get(`${SEARCH}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as DataSearchResponse).data.map((r) => r.id);
}

/** The stored title keys of these records, in the order given. */
async function titleKeys(ids: number[]): Promise<Array<string | null>> {
  const rows = await api.db.query<{ id: number; title_sort: string | null }>("select id, title_sort from cca_data where id = any($1::integer[])", [ids]);
  const byId = new Map(rows.map((r) => [r.id, r.title_sort]));
  return ids.map((id) => byId.get(id) ?? null);
}

const ascending = (keys: Array<string | null>) => {
  const titled = keys.filter((k): k is string => k !== null);
  // Titled first, in code-point order (collation "C"), then the untitled.
  expect(keys.slice(0, titled.length)).toEqual(titled);
  expect(titled).toEqual([...titled].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
};

describe(`[DATA] the data list's order (${TEST_DB})`, () => {
  it("newest first by default, oldest first on request, each paged", async () => {
    const newest = await idsOf("limit=100");
    expect(newest.length).toBeGreaterThan(20);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    expect(await idsOf("limit=100&sort=newest")).toEqual(newest);
    const oldest = await idsOf("limit=100&sort=oldest");
    expect(oldest).toEqual([...newest].reverse());
    expect(await idsOf("limit=5&offset=5&sort=oldest")).toEqual(oldest.slice(5, 10));
  });

  it("title A–Z by the record's title (the demo's names), on the whole set and a filtered one", async () => {
    const all = await idsOf("limit=100&sort=title");
    const keys = await titleKeys(all);
    expect(keys.filter((k) => k !== null).length).toBeGreaterThan(20);
    ascending(keys);
    const second = await idsOf("limit=10&offset=10&sort=title");
    expect(second).toEqual(all.slice(10, 20));
    const odisha = await idsOf("limit=100&sort=title&state=Odisha");
    expect(odisha.length).toBeGreaterThan(1);
    ascending(await titleKeys(odisha));
  });

  it("while searching the best match comes first by default; another order can be asked", async () => {
    const relevance = await idsOf("limit=100&query=grove");
    expect(relevance.length).toBeGreaterThan(1);
    expect(await idsOf("limit=100&query=grove&sort=relevance")).toEqual(relevance);
    const newest = await idsOf("limit=100&query=grove&sort=newest");
    expect([...newest].sort((a, b) => a - b)).toEqual([...relevance].sort((a, b) => a - b));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    ascending(await titleKeys(await idsOf("limit=100&query=grove&sort=title")));
    // Relevance without a search is the default order.
    expect(await idsOf("limit=100&sort=relevance")).toEqual(await idsOf("limit=100"));
  });

  it("an unknown order is refused with a reason", async () => {
    const res = await api.get(`${SEARCH}?sort=random`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_FAILED", fieldErrors: { sort: expect.any(String) } });
  });

  it("migration 0022 fills the key of records stored before it, as the writes do", async () => {
    const before = await api.db.query<{ id: number; title_sort: string | null }>("select id, title_sort from cca_data order by id");
    expect(before.find((r) => r.title_sort !== null)?.title_sort).toMatch(/^[^A-Z]+$/);
    await api.db.query("update cca_data set title_sort = null");
    await api.db.transaction((tx) => fillTitleSort(tx));
    expect(await api.db.query("select id, title_sort from cca_data order by id")).toEqual(before);
  });
});
