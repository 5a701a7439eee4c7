/**
 * GET data/chart (issue 15): totals, records per state, the option facets of the chart fields and a
 * summary (count, sum, min, max, distribution) of each number chart field, for any data query (the
 * site: no filter; a group: `usergroups`). The unfiltered option facets come from the counts kept by
 * migration 0009, the state counts from the `location_state` index, the numbers from the value index.
 */
import { AREA_FIELD_ID, CHART_BUCKETS, MIN_CELL_COUNT, type DataChart, type NumberStatistics } from "@/contracts/chart";
import { isOptionType, type FieldType } from "@/contracts/template";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import type { Queryable } from "../../infra/db/db";
import type { DataQuery } from "./data-query";
import { countByState, countMatches, facets, numberHistograms, numberSummaries, type FacetField } from "./data.repository";
import { aggregate, resolveQuery } from "./data.service";
import { findChartFields } from "../templates/template.repository";

const CHART_TTL = 5 * 60_000;
const NUMBER_TYPES: readonly FieldType[] = ["NUMBER", "NUMBER_RANGE", "YEAR"];

export async function chart(db: Queryable, q: DataQuery, isChart: boolean): Promise<DataChart> {
  const { spec, filterTemplate } = await resolveQuery(db, q);
  const load = async (): Promise<DataChart> => {
    const chartFields = await findChartFields(db, filterTemplate.id);
    const numberIds = chartFields.filter((f) => NUMBER_TYPES.includes(f.type)).map((f) => f.field_id);
    if (!numberIds.includes(AREA_FIELD_ID) && filterTemplate.byId.has(AREA_FIELD_ID)) numberIds.push(AREA_FIELD_ID);

    let aggregation;
    if (isChart) {
      const fields: FacetField[] = chartFields.filter((f) => isOptionType(f.type)).map((f) => ({ fieldId: f.field_id, kind: "option" }));
      const rows = await facets(db, spec, fields);
      aggregation = Object.fromEntries(fields.map((f) => [f.fieldId, [] as { _id: string | null; count: number }[]]));
      aggregation.usergroups = [];
      for (const r of rows) {
        const target = aggregation[r.field_id];
        if (target) target.push({ _id: r.value, count: r.n ?? 0 });
      }
      for (const list of Object.values(aggregation)) list.sort((a, b) => b.count - a.count || String(a._id).localeCompare(String(b._id)));
    } else {
      aggregation = await aggregate(db, q);
    }

    const [total, states, summaries] = await Promise.all([countMatches(db, spec), countByState(db, spec), numberSummaries(db, spec, numberIds)]);
    const numericAggregation: Record<string, NumberStatistics> = {};
    for (const id of numberIds) numericAggregation[id] = { count: 0, sum: 0, min: null, max: null, buckets: [] };
    // A filtered statistic over fewer than MIN_CELL_COUNT records gives its count only (issue 30).
    const filtered = spec.filters.length > 0 || spec.tsquery !== null || (spec.ids?.length ?? 0) > 0 || spec.userId !== null;
    for (const s of summaries) {
      numericAggregation[s.field_id] =
        filtered && s.n > 0 && s.n < MIN_CELL_COUNT
          ? { count: s.n, sum: 0, min: null, max: null, buckets: [], suppressed: true }
          : { count: s.n, sum: s.total ?? 0, min: s.lo, max: s.hi, buckets: [] };
    }

    if (isChart) {
      const ranges = summaries.filter((s) => s.lo !== null && s.hi !== null && !numericAggregation[s.field_id]?.suppressed).map((s) => ({ fieldId: s.field_id, lo: s.lo!, hi: s.hi === s.lo ? s.lo! + 1 : s.hi! }));
      const bins = await numberHistograms(db, spec, ranges, CHART_BUCKETS);
      for (const r of ranges) {
        const width = (r.hi - r.lo) / CHART_BUCKETS;
        numericAggregation[r.fieldId]!.buckets = Array.from({ length: CHART_BUCKETS }, (_, i) => ({
          from: r.lo + i * width,
          to: i === CHART_BUCKETS - 1 ? r.hi : r.lo + (i + 1) * width,
          count: bins.find((b) => b.field_id === r.fieldId && b.bucket === i + 1)?.n ?? 0,
        }));
      }
    }

    const satewiseAggregation: Record<string, number> = {};
    for (const s of states) satewiseAggregation[s.state ?? "?"] = (satewiseAggregation[s.state ?? "?"] ?? 0) + s.n;
    return { numericAggregation, aggregation, satewiseAggregation, total };
  };
  return cached(`${CACHE_KEYS.records}chart:${isChart}:${filterTemplate.id}:${filterTemplate.updatedOn}:${JSON.stringify(spec)}`, CHART_TTL, load);
}
