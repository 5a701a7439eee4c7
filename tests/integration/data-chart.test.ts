/**
 * GET cca-api/api/v1/data/chart (issue 15 item 3) on both databases, against a hand count of the
 * demo records (read from their stored values here): totals, records per state, area, the option
 * facets of the chart fields, for the site and for a group, and after a record is deleted.
 */
import { numberRange } from "@/contracts/restrictions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AREA_FIELD_ID, type DataChart } from "@/contracts/chart";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { getAs } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const CHART = "cca-api/api/v1/data/chart";
let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

interface Stored {
  id: number;
  field_values: Record<string, { value: unknown }>;
  /** Its treatments (issue 30): a generalised number counts as its range's lower end, a withheld one not at all. */
  treatments: { fields?: Record<string, { treatment: string; until?: string }> };
  location_state: string | null;
  groups: number[];
}

/** Every visible record with its values and groups. */
async function visibleRecords(): Promise<Stored[]> {
  return api.db.query<Stored>(
    `select d.id, d.field_values, d.treatments, d.location_state,
            coalesce((select array_agg(g.user_group_id order by g.user_group_id) from cca_data_user_group g where g.data_id = d.id), '{}') as groups
       from cca_data d where not d.is_deleted and not d.is_template_deleted and d.is_public order by d.id`,
  );
}

/** The hand count of what data/chart should answer for these records. */
function handCount(records: Stored[], optionField: string) {
  const states: Record<string, number> = {};
  let area = 0;
  let withArea = 0;
  const options: Record<string, number> = {};
  for (const r of records) {
    const state = r.location_state ?? "?";
    states[state] = (states[state] ?? 0) + 1;
    const a = r.field_values[AREA_FIELD_ID]?.value;
    const treatment = r.treatments.fields?.[AREA_FIELD_ID];
    const active = treatment && (treatment.treatment !== "EMBARGO" || (treatment.until ?? "") > new Date().toISOString().slice(0, 10));
    if (typeof a === "number" && (!active || treatment.treatment === "GENERALISE")) {
      area += active ? numberRange(a).from : a;
      withArea++;
    }
    const o = r.field_values[optionField]?.value;
    for (const item of Array.isArray(o) ? o : o ? [o] : []) {
      const value = (item as { value: string }).value;
      options[value] = (options[value] ?? 0) + 1;
    }
  }
  return { total: records.length, states, area, withArea, options };
}

async function chartOf(query: string): Promise<DataChart> {
  const res = await getAs(api, `${CHART}?query=&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DataChart;
}

async function firstOptionChartField(): Promise<string> {
  const row = await api.db.one<{ field_id: string }>(
    `select f.field_id from cca_template_field f join cca_template t on t.id = f.template_id
      where t.short_name = 'master' and f.is_chart and f.type in ('SINGLE_SELECT_DROPDOWN', 'SINGLE_SELECT_RADIO', 'MULTI_SELECT_DROPDOWN', 'MULTI_SELECT_CHECKBOX')
      order by f.position limit 1`,
  );
  return row.field_id;
}

describe(`[CHART] data/chart against a hand count (${TEST_DB})`, () => {
  it("the site: total, records per state, total area and a chart field's counts", async () => {
    const optionField = await firstOptionChartField();
    const records = await visibleRecords();
    expect(records.length).toBeGreaterThan(10);
    const expected = handCount(records, optionField);
    const chart = await chartOf("isChart=true&language=en");
    expect(chart.total).toBe(expected.total);
    expect(chart.satewiseAggregation).toEqual(expected.states);
    expect(chart.numericAggregation[AREA_FIELD_ID]!.sum).toBeCloseTo(expected.area, 6);
    expect(chart.numericAggregation[AREA_FIELD_ID]!.count).toBe(expected.withArea);
    const counts = Object.fromEntries(chart.aggregation[optionField]!.map((r) => [r._id, r.count]));
    expect(counts).toEqual(expected.options);
    // The distribution holds every record with an area, once.
    const buckets = chart.numericAggregation[AREA_FIELD_ID]!.buckets;
    expect(buckets.length).toBeGreaterThan(1);
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(expected.withArea);
    expect(buckets[0]!.from).toBe(chart.numericAggregation[AREA_FIELD_ID]!.min);
    expect(buckets.at(-1)!.to).toBe(chart.numericAggregation[AREA_FIELD_ID]!.max);
  });

  it("a group: only the records posted to it; the home's call (no isChart) has the same totals", async () => {
    const records = await visibleRecords();
    const groupId = records.flatMap((r) => r.groups).sort((a, b) => records.filter((r) => r.groups.includes(b)).length - records.filter((r) => r.groups.includes(a)).length)[0]!;
    const mine = records.filter((r) => r.groups.includes(groupId));
    const expected = handCount(mine, await firstOptionChartField());
    const chart = await chartOf(`usergroups=${groupId}`);
    expect(chart.total).toBe(expected.total);
    expect(chart.satewiseAggregation).toEqual(expected.states);
    expect(chart.numericAggregation[AREA_FIELD_ID]!.sum).toBeCloseTo(expected.area, 6);
    expect(chart.numericAggregation[AREA_FIELD_ID]!.buckets).toEqual([]);
  });

  it("a deleted record leaves every count", async () => {
    const before = await chartOf("isChart=true");
    const victim = (await visibleRecords()).find((r) => typeof r.field_values[AREA_FIELD_ID]?.value === "number")!;
    await api.db.query("update cca_data set is_deleted = true where id = $1", [victim.id]);
    invalidateCache(CACHE_KEYS.records);
    const after = await chartOf("isChart=true");
    expect(after.total).toBe(before.total - 1);
    expect(after.numericAggregation[AREA_FIELD_ID]!.sum).toBeCloseTo(before.numericAggregation[AREA_FIELD_ID]!.sum - (victim.field_values[AREA_FIELD_ID]!.value as number), 6);
    const state = victim.location_state ?? "?";
    expect(after.satewiseAggregation[state] ?? 0).toBe(before.satewiseAggregation[state]! - 1);
  });

  it("refuses bad parameters with a 400, an unknown template with a 404", async () => {
    expect((await getAs(api, `${CHART}?isChart=maybe`)).status).toBe(400);
    expect((await getAs(api, `${CHART}?usergroups=abc`)).status).toBe(400);
    expect((await getAs(api, `${CHART}?shortName=no-such-template`)).status).toBe(404);
  });
});
