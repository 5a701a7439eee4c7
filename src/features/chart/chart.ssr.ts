import { AREA_FIELD_ID, type DataChart } from "@/contracts/chart";
import { MULTI_OPTION_TYPES, parentLabel, parseOptionValue, type CCAField } from "@/contracts/template";
import { fetchChart } from "@/lib/api/home";
import { fetchChartFields } from "@/lib/api/templates";
import { withLayout } from "@/lib/ssr/with-layout";
import type { ChartProps, ChartView } from "./chart-types";
import { numberFormat } from "@/shared/format/intl";

const STATE_CHART_ID = "chart-states";
const UNKNOWN = { en: "Unknown", hi: "अज्ञात" };

function formatNumber(n: number, lang: "en" | "hi"): string {
  return numberFormat(lang, { maximumFractionDigits: 0 }).format(n);
}

/** An option's bar: "Parent → Child" in the field's language (the parent's name too), Others without its mark. */
function chartOptionLabel(field: CCAField, labels: ReadonlyMap<string, string>, value: string): string {
  const { parent, child } = parseOptionValue(value);
  const own = labels.get(value) ?? child;
  return parent === null ? own : `${parentLabel(field, parent)} → ${own}`;
}

/** The charts of the page: records per state first, then one per chart field in template order. */
export function chartViews(chart: DataChart, fields: CCAField[], lang: "en" | "hi", stateTitle: string): ChartView[] {
  const views: ChartView[] = [];
  // A state reads as the chart fields' option of that name does (the master's state field names every state in both languages).
  const optionLabels = new Map(fields.flatMap((f) => f.valueOptions.map((o): [string, string] => [o.value, o.label])));
  const states = Object.entries(chart.satewiseAggregation)
    .map(([state, value]) => ({ label: state === "?" ? UNKNOWN[lang] : (optionLabels.get(state) ?? state), value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  views.push({ id: STATE_CHART_ID, title: stateTitle, kind: "count", rows: states, note: { kind: "location" } });
  for (const field of fields) {
    const facet = chart.aggregation[field.fieldId];
    const numbers = chart.numericAggregation[field.fieldId];
    if (facet && field.valueOptions.length > 0) {
      const labels = new Map(field.valueOptions.map((o) => [o.value, o.label]));
      const rows = facet
        .filter((r) => r._id !== null && (r.count ?? 0) > 0)
        .map((r) => ({ label: chartOptionLabel(field, labels, String(r._id)), value: r.count ?? 0 }));
      const answered = rows.reduce((n, r) => n + r.value, 0);
      const note = MULTI_OPTION_TYPES.includes(field.type) ? { kind: "multiple" as const } : { kind: "answers" as const, answered };
      views.push({ id: `chart-${field.fieldId}`, title: field.name, kind: "count", rows, note });
    } else if (numbers) {
      const rows = numbers.buckets.map((b) => ({ label: `${formatNumber(b.from, lang)}–${formatNumber(b.to, lang)}`, value: b.count }));
      const answered = rows.reduce((n, r) => n + r.value, 0);
      views.push({ id: `chart-${field.fieldId}`, title: field.name, kind: "distribution", rows, note: { kind: "numbers", answered } });
    }
  }
  return views;
}

export const getServerSideProps = withLayout<ChartProps>(async ({ client, layout, locale }) => {
  const lang = locale === "hi" ? "hi" : "en";
  const groupId = layout.currentGroup.id;
  try {
    const [chart, fields] = await Promise.all([
      fetchChart(client, { isChart: "true", language: lang, ...(groupId === null ? {} : { usergroups: String(groupId) }) }),
      fetchChartFields(client, lang),
    ]);
    const stateTitle = lang === "hi" ? "राज्यवार क्षेत्र" : "CCAs by state";
    return {
      props: { loaded: true, total: chart.total, area: chart.numericAggregation[AREA_FIELD_ID]?.sum ?? 0, charts: chartViews(chart, fields, lang, stateTitle) },
    };
  } catch (error) {
    console.error("[chart] the statistics could not be read:", error instanceof Error ? error.message : error);
    return { props: { loaded: false, total: 0, area: 0, charts: [] } };
  }
});
