import type { ChartView } from "./chart-types";

/** Horizontal bars drawn with CSS (no script of their own); the figure's table carries the same numbers for assistive technology. */
export default function BarChart({ chart, format }: { chart: ChartView; format: (n: number) => string }) {
  const max = Math.max(1, ...chart.rows.map((r) => r.value));
  return (
    <ul className="cca-bars" aria-hidden="true">
      {chart.rows.map((row) => (
        <li key={row.label} className="cca-bars__row">
          <span className="cca-bars__label">{row.label}</span>
          <span className="cca-bars__track">
            <span className="cca-bars__bar" style={{ width: `${(row.value / max) * 100}%` }} />
          </span>
          <span className="cca-bars__value">{format(row.value)}</span>
        </li>
      ))}
    </ul>
  );
}
