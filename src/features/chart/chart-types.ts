/** One chart of the statistics page, made on the server from `data/chart` and the chart fields. */
export interface ChartView {
  /** Anchor id (quick navigation). */
  id: string;
  title: string;
  /** "count" = records per option or state; "distribution" = records per range of a number. */
  kind: "count" | "distribution";
  rows: { label: string; value: number }[];
  /** What the bars count, said under the caption: the state chart and a "State" question differ. */
  note: ChartNote;
}

/**
 * - location: every record once, by the state its location lies in (any template);
 * - answers: the records whose form asks this question and that answered it (`answered` of all);
 * - multiple: a question with several answers per record, each answer counted;
 * - numbers: the records that gave a number.
 */
export type ChartNote =
  | { kind: "location" }
  | { kind: "answers"; answered: number }
  | { kind: "multiple" }
  | { kind: "numbers"; answered: number };

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
