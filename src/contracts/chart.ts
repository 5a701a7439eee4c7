/** `GET cca-api/api/v1/data/chart` (reference §3.5, §4.5): the statistics of the records a data query matches. */
import type { DataAggregation } from "./cca-data";

/** One bin of a number field's distribution: values in [from, to) (the last bin includes `to`). */
export interface NumberBucket {
  from: number;
  to: number;
  count: number;
}

/** What the records hold in one number field (first value of a range). */
export interface NumberStatistics {
  /** Records holding a value. */
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  /** Equal-width distribution (with `isChart=true`; empty otherwise). */
  buckets: NumberBucket[];
  /**
   * Set when a filtered query (a field filter, free text, ids or an owner) leaves fewer than
   * `MIN_CELL_COUNT` records holding a value: sum, min, max and distribution are not given (sum 0,
   * min/max null), so a statistic cannot be narrowed down to one record's values (issue 30).
   */
  suppressed?: true;
}

/** The fewest records a filtered number statistic describes. */
export const MIN_CELL_COUNT = 3;

export interface DataChart {
  /**
   * Per number field flagged for charts (and the master template's area), a summary rather than the
   * reference's one entry per record (which grew with the data: 100,000 entries for one number).
   */
  numericAggregation: Record<string, NumberStatistics>;
  /** Option facets of the chart fields (`isChart=true`) or of the filterable fields, and `usergroups`. */
  aggregation: DataAggregation;
  /** Records per state (sic, the reference's spelling); "?" for records with no known state. */
  satewiseAggregation: Record<string, number>;
  /** Matching records. */
  total: number;
}

/** The master template's area field (hectares): the home's "total area". */
export const AREA_FIELD_ID = "area-ha";
/** Bins of a number field's distribution. */
export const CHART_BUCKETS = 8;
