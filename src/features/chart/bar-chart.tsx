import { useEffect, useRef, useState } from "react";
import useTranslation from "@/lib/i18n/use-translation";
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type Plugin } from "chart.js";
import { labelAxisWidth, wrapLabel } from "./chart-labels";
import type { ChartView } from "./chart-types";

// Chart.js, tree-shaken: only what a horizontal bar chart with tooltips needs. This module is loaded
// with next/dynamic by the statistics screen only, so no other route downloads it.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const LABEL_FONT_SIZE = 12;

/** The theme's colour (a CSS variable of Chakra's tokens), or the fallback before the sheet is read. */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * One chart of the statistics page as horizontal bars, filling its parent (sized by the figure). The canvas is an image whose accessible name
 * lists the bars as Chart.js drew them (category and number, in the visitor's language), so a screen
 * reader gets the same facts as the picture; the figure's table carries them too, on request.
 */
export default function BarChart({ chart, format }: { chart: ChartView; format: (n: number) => string }) {
  const { t, lang } = useTranslation("chart");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const valueLabel = t("chart:records");

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    /** After each draw: the bars as drawn (the category's label, and the value at the tip of the bar on the value axis). */
    const mirror: Plugin<"bar"> = {
      id: "ccaDrawnBars",
      afterRender(instance) {
        const meta = instance.getDatasetMeta(0);
        const values = instance.scales.x!;
        const bars = meta.data.map((bar, i) => `${instance.scales.y!.getLabelForValue(i)} ${format(Math.round(values.getValueForPixel(bar.x) ?? 0))}`);
        setDrawn(bars.join("; "));
      },
    };
    const text = themeColor("--chakra-colors-gray-700", "#3f3f46");
    const fontFamily = getComputedStyle(canvas).fontFamily || undefined;
    // Labels are measured in the font they are drawn in (Chart.js's default size).
    const measuring = document.createElement("canvas").getContext("2d");
    const labelFont = `${LABEL_FONT_SIZE}px ${fontFamily ?? "sans-serif"}`;
    const measure = (s: string) => {
      if (!measuring) return s.length * LABEL_FONT_SIZE * 0.6;
      measuring.font = labelFont;
      return measuring.measureText(s).width;
    };
    const instance = new Chart(canvas, {
      type: "bar",
      data: {
        labels: chart.rows.map((r) => r.label),
        datasets: [{ label: valueLabel, data: chart.rows.map((r) => r.value), backgroundColor: themeColor("--chakra-colors-teal-600", "#0d9488"), borderRadius: 2 }],
      },
      options: {
        indexAxis: "y",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: lang === "hi" ? "hi-IN" : "en-IN",
        // A little room left of the labels: the longest one ends inside the canvas with a margin.
        layout: { padding: { left: 4 } },
        color: text,
        font: { family: fontFamily },
        scales: {
          x: { beginAtZero: true, ticks: { color: text, precision: 0, callback: (v) => format(Number(v)) }, grid: { color: themeColor("--chakra-colors-gray-200", "#e4e4e7") } },
          y: {
            // Long labels wrap onto two lines and end in "…" past that, never cut off at the canvas edge (a phone
            // leaves the label axis ~130 px); the tooltip's title and the table carry the full text.
            ticks: {
              color: text,
              autoSkip: false,
              font: { size: LABEL_FONT_SIZE },
              callback(value) {
                return wrapLabel(this.getLabelForValue(Number(value)), labelAxisWidth(this.chart.width), measure);
              },
            },
            grid: { display: false },
          },
        },
        plugins: {
          tooltip: { callbacks: { label: (item) => `${valueLabel}: ${format(item.parsed.x ?? 0)}` } },
        },
      },
      plugins: [mirror],
    });
    // Drawn again once the web fonts are in (the Devanagari face of Hindi labels), so labels are measured and drawn in them.
    let live = true;
    void document.fonts?.ready.then(() => {
      if (live) instance.update();
    });
    return () => {
      live = false;
      instance.destroy();
    };
  }, [chart, format, lang, valueLabel]);

  return (
    <canvas ref={canvasRef} role="img" aria-label={`${t("chart:bar_chart", { title: chart.title })}${drawn ? `: ${drawn}` : ""}`} />
  );
}
