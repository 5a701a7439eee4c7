import { useCallback, useRef } from "react";
import Head from "next/head";
import dynamic from "next/dynamic";
import NextLink from "next/link";
import type { Translate } from "next-translate";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/contracts/layout";
import { groupHref } from "@/lib/group-link";
import { chartHeight, type ChartNote, type ChartProps, type ChartView } from "./chart-types";
import { numberFormat } from "@/shared/format/intl";
import { useStartOnIntent } from "@/lib/start-on-intent";

// Chart.js draws on a canvas in the browser: its chunk loads on this route only, once the visitor uses the
// page (at once with a mouse; src/lib/start-on-intent.ts), until then the server's bars show (caption,
// summary, table and CSV are server-rendered too); its box is sized here, so nothing moves.
const BarChart = dynamic(() => import("./bar-chart"), { ssr: false });

/** The bars drawn by the server, each as long as its share of the largest: what shows until Chart.js draws. */
function BarsPreview({ chart, format }: { chart: ChartView; format: (n: number) => string }) {
  const largest = Math.max(1, ...chart.rows.map((r) => r.value));
  return (
    <div className="cca-chart-preview" aria-hidden="true">
      {chart.rows.map((r) => (
        <div key={r.label} className="cca-chart-preview__row">
          <span className="cca-chart-preview__label">{r.label}</span>
          <span className="cca-chart-preview__track">
            <span className="cca-chart-preview__bar" style={{ width: `${(r.value / largest) * 100}%` }} />
            <span className="cca-chart-preview__value">{format(r.value)}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

function ChartCanvas({ chart, format }: { chart: ChartView; format: (n: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const { started } = useStartOnIntent(box);
  return (
    <div ref={box} className="cca-chart-canvas" style={{ height: `${chartHeight(chart.rows.length)}px` }}>
      {started ? <BarChart chart={chart} format={format} /> : <BarsPreview chart={chart} format={format} />}
    </div>
  );
}

type Props = ChartProps & { layout: LayoutData };

/** A data URL of CSV text (built from parts so it is not read as a translation key). */
const CSV_URL_PREFIX = ["data", "text/csv;charset=utf-8,"].join(":");

function csvOf(chart: ChartView, valueHeader: string): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return [`${quote(chart.title)},${quote(valueHeader)}`, ...chart.rows.map((r) => `${quote(r.label)},${r.value}`)].join("\r\n");
}

/** What the bars of a chart count, so "CCAs by state" beside the "State" question reads as two measures. */
function noteText(note: ChartNote, total: number, format: (n: number) => string, t: Translate): string {
  switch (note.kind) {
    case "location":
      return t("chart:note_location", { total: format(total) });
    case "answers":
      return t("chart:note_answers", { answered: format(note.answered), total: format(total) });
    case "multiple":
      return t("chart:note_multiple");
    case "numbers":
      return t("chart:note_numbers", { answered: format(note.answered), total: format(total) });
  }
}

function ChartFigure({ chart, total: records, format }: { chart: ChartView; total: number; format: (n: number) => string }) {
  const { t } = useTranslation("chart");
  const valueHeader = t("chart:records");
  const top = [...chart.rows].sort((a, b) => b.value - a.value)[0];
  const total = chart.rows.reduce((n, r) => n + r.value, 0);
  const summary =
    chart.rows.length === 0 || !top
      ? t("chart:no_data")
      : t(chart.kind === "count" ? "chart:summary_count" : "chart:summary_distribution", {
          groups: format(chart.rows.filter((r) => r.value > 0).length),
          total: format(total),
          top: top.label,
          value: format(top.value),
        });
  return (
    <figure id={chart.id} className="cca-chart-figure" aria-labelledby={`${chart.id}-caption`}>
      <figcaption id={`${chart.id}-caption`}>{chart.title}</figcaption>
      <p className="cca-chart-summary">{summary}</p>
      <p className="cca-chart-note">{noteText(chart.note, records, format, t)}</p>
      {chart.rows.length > 0 && (
        <ChartCanvas chart={chart} format={format} />
      )}
      {chart.rows.length > 0 && (
        <div className="cca-chart-actions">
          <details>
            <summary>{t("chart:table_view")}</summary>
            <table className="cca-chart-table">
              <caption className="cca-home-sr-only">{chart.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{chart.kind === "count" ? t("chart:category") : t("chart:range")}</th>
                  <th scope="col">{valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    <td>{format(r.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <a className="cca-home-link cca-home-link--teal" href={`${CSV_URL_PREFIX}${encodeURIComponent(csvOf(chart, valueHeader))}`} download={`${chart.id}.csv`}>
            {t("chart:download_csv")}
            <span className="cca-home-sr-only">{`: ${chart.title}`}</span>
          </a>
        </div>
      )}
    </figure>
  );
}

export function ChartScreen({ total, area, charts, loaded, layout }: Props) {
  const { t, lang } = useTranslation("chart");
  const prefix = layout.currentGroup.linkPrefix;
  const format = useCallback((n: number) => numberFormat(lang, { maximumFractionDigits: 0 }).format(n), [lang]);
  return (
    <>
      <Head>
        <title>{t("chart:title")}</title>
      </Head>
      <div className="cca-home-container cca-home-body">
        <div className="cca-home-stack">
          <h1 className="cca-page-title">{t("chart:title")}</h1>
          {!loaded ? (
            <p role="alert">{t("chart:failed")}</p>
          ) : total === 0 ? (
            <p>
              {t("chart:empty")}{" "}
              <NextLink className="cca-home-link cca-home-link--teal" href={groupHref(prefix, "/participate/list")}>
                {t("chart:participate")}
              </NextLink>
            </p>
          ) : (
            <>
              <dl className="cca-stats cca-stats__list">
                <div className="cca-stats__item">
                  <dt>{t("chart:total_ccas")}</dt>
                  <dd data-testid="chart-total">{format(total)}</dd>
                </div>
                <div className="cca-stats__item">
                  <dt>{t("chart:total_area")}</dt>
                  <dd>{t("chart:area_unit", { value: format(area) })}</dd>
                </div>
              </dl>
              <nav aria-label={t("chart:quick_nav")}>
                <ul className="cca-chart-nav">
                  {charts.map((c) => (
                    <li key={c.id}>
                      <a className="cca-home-link cca-home-link--teal" href={`#${c.id}`}>
                        {c.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              {charts.map((c) => (
                <ChartFigure key={c.id} chart={c} total={total} format={format} />
              ))}
            </>
          )}
        </div>
      </div>
    </>
  );
}
