/**
 * MapLibre paint of a layer from its legend: categories as a `match` on the colour-by column, number
 * classes as a `step`, else the layer's one colour. Pure (no MapLibre import), unit-tested.
 */
import type { LegendEntry, NakshaLayer } from "@/contracts/naksha-layer";

export const OTHER_COLOR = "#999999";
/** Clustered CCA records: a cluster (with its count) and a single record, on every map and its legend. */
export const CLUSTER_COLOR = "#2c7a7b";
export const RECORD_COLOR = "#dd6b20";

export type ColorExpression = string | unknown[];

export function colorExpression(layer: Pick<NakshaLayer, "colorBy" | "legend" | "color">): ColorExpression {
  const { colorBy, legend } = layer;
  if (!colorBy || legend.length === 0) return layer.color;
  const numeric = legend.every((l) => typeof l.value === "number");
  if (numeric) {
    const steps: unknown[] = ["step", ["to-number", ["get", colorBy], -1e300], legend[0]!.color];
    for (const entry of legend.slice(1)) steps.push(entry.value, entry.color);
    return steps;
  }
  const categories = legend.filter((l): l is LegendEntry & { value: string } => typeof l.value === "string");
  const other = legend.find((l) => l.value === null)?.color ?? OTHER_COLOR;
  if (categories.length === 0) return other;
  return ["match", ["to-string", ["get", colorBy]], ...categories.flatMap((c) => [c.value, c.color]), other];
}

/** The title and the summary lines of a clicked feature, from its tile attributes. */
export function featureSummary(layer: Pick<NakshaLayer, "titleColumn" | "summaryColumns">, properties: Record<string, unknown>): { title: string | null; lines: Array<[string, string]> } {
  const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
  const title = layer.titleColumn ? text(properties[layer.titleColumn]) : null;
  const lines = layer.summaryColumns.filter((c) => c !== layer.titleColumn).flatMap((c) => {
    const value = text(properties[c]);
    return value === null ? [] : [[c, value] as [string, string]];
  });
  return { title, lines };
}
