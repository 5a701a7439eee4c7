/**
 * The two plans of the data reads that choose by size (issue 35), on both databases, give the same answers:
 * - the response table's pages (`tablePage`): a large match is read in the order of a sort index (migration
 *   0034) instead of being sorted whole — every sort (id, creation, last update, a text, a number, an option),
 *   both orders, pages past the records that hold a value (those without one come last, by id), the whole
 *   template and a filtered match;
 * - the facets (`facets`): a small scope reads its records' value rows by key, a large one hashes each
 *   field's index rows — every facet kind, the groups, one to three filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDataQuery } from "@/server/modules/records/data-query";
import { facets, tablePage, type FacetField, type TableSort } from "@/server/modules/records/data.repository";
import { resolveQuery } from "@/server/modules/records/data.service";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
  // Every fourth master record without an area in the value index (as a record saved without one): the walk must put them last, by id.
  await api.db.query("delete from cca_data_value where field_id = 'area-ha' and data_id in (select d.id from cca_data d join cca_template t on t.id = d.template_id where t.short_name = 'master' and d.id % 4 = 0)");
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const SORTS: TableSort[] = [
  { kind: "column", column: "id" },
  { kind: "column", column: "created_on" },
  { kind: "column", column: "updated_on" },
  { kind: "field", fieldId: "name-of-cca", value: "text" },
  { kind: "field", fieldId: "area-ha", value: "number" },
  { kind: "field", fieldId: "legal-status", value: "option" },
];

describe(`[DATA] table pages walked in index order equal pages sorted whole (${TEST_DB})`, () => {
  it.each([
    ["the whole master template", { shortName: "master" }],
    ["one state, a case-study filter", { shortName: "master", state: ["Odisha", "Meghalaya", "Karnataka", "Rajasthan"] }],
  ])("%s", async (_name, query) => {
    const { spec } = await resolveQuery(api.db, parseDataQuery(query));
    const whole = await tablePage(api.db, spec, SORTS[0]!, "asc", 0, 1000, { walkMin: 2_000_000_000 });
    expect(whole.total).toBeGreaterThan(3);
    const withArea = await api.db.query<{ n: number }>(
      "select count(*)::integer as n from cca_data_value where field_id = 'area-ha' and ordinal = 0 and visible and num_lo is not null and data_id = any($1::integer[])",
      [whole.ids],
    );
    expect(withArea[0]!.n).toBeLessThan(whole.total);
    for (const sort of SORTS) {
      for (const order of ["asc", "desc"] as const) {
        for (const [offset, limit] of [[0, 10], [5, 7], [whole.total - 4, 10], [0, whole.total + 5], [whole.total + 3, 5]] as const) {
          const sorted = await tablePage(api.db, spec, sort, order, offset, limit, { walkMin: 2_000_000_000 });
          const walked = await tablePage(api.db, spec, sort, order, offset, limit, { walkMin: 0 });
          expect(walked, `${JSON.stringify(sort)} ${order} ${offset}+${limit}`).toEqual(sorted);
          expect(sorted.total).toBe(whole.total);
        }
      }
    }
  });
});

const FACETS: FacetField[] = [
  { fieldId: "state", kind: "option" },
  { fieldId: "ecosystem-type", kind: "option" },
  { fieldId: "legal-status", kind: "option" },
  { fieldId: "governance", kind: "option" },
  { fieldId: "area-ha", kind: "number" },
  { fieldId: "year-protection-began", kind: "number" },
];

describe(`[DATA] facets counted by key equal facets hashed (${TEST_DB})`, () => {
  it.each([
    ["one filter", { state: ["Odisha", "Meghalaya", "Karnataka"] }],
    ["three filters", { state: ["Odisha", "Meghalaya", "Karnataka", "Rajasthan"], "ecosystem-type": ["Forest|Sacred grove", "Forest|Community forest"], "area-ha": "1-5000" }],
    ["a template and a group", { shortName: "master", usergroups: "1,2,3" }],
  ])("%s", async (_name, query) => {
    const { spec } = await resolveQuery(api.db, parseDataQuery(query));
    const order = (rows: Awaited<ReturnType<typeof facets>>) => rows.map((r) => JSON.stringify(r)).sort();
    const small = await facets(api.db, spec, FACETS, { probeMax: 2_000_000_000 });
    const large = await facets(api.db, spec, FACETS, { probeMax: 0 });
    expect(small.some((r) => r.field_id === "usergroups")).toBe(true);
    expect(small.filter((r) => r.n !== null && r.n > 0).length).toBeGreaterThan(3);
    expect(order(small)).toEqual(order(large));
  });
});
