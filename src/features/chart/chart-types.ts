/** One chart of the statistics page, made on the server from `data/chart` and the chart fields. */
export interface ChartView {
  /** Anchor id (quick navigation). */
  id: string;
  title: string;
  /** "count" = records per option or state; "distribution" = records per range of a number. */
  kind: "count" | "distribution";
  rows: { label: string; value: number }[];
}

export interface ChartProps {
  total: number;
  /** Hectares. */
  area: number;
  charts: ChartView[];
  /** False when the statistics could not be read. */
  loaded: boolean;
}

/** Height in pixels of a chart's drawing: one band per row plus the value axis. */
export const chartHeight = (rows: number) => Math.max(120, rows * 32 + 48);
