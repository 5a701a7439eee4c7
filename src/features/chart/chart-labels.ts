/**
 * Category labels of a bar chart on a narrow screen: Chart.js gives its label axis at most half the
 * chart and cuts longer labels off at the canvas edge. Here a label is broken into lines at spaces to
 * fit `maxWidth`, at most `maxLines` of them (as many as a bar's band holds); what still does not fit
 * ends in "…". The full text stays in the bar's tooltip and the figure's table.
 */
export function wrapLabel(text: string, maxWidth: number, measure: (s: string) => number, maxLines = 2): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let next = 0;
  while (next < words.length && lines.length < maxLines) {
    let line = words[next++]!;
    while (next < words.length && measure(`${line} ${words[next]}`) <= maxWidth) line = `${line} ${words[next++]}`;
    lines.push(line);
  }
  if (next === words.length && lines.every((l) => measure(l) <= maxWidth)) return lines;
  // Cut: the last line takes what is left and ends in "…"; a single word wider than a line is cut too.
  const last = lines.length - 1;
  lines[last] = next < words.length ? `${lines[last]} ${words.slice(next).join(" ")}` : lines[last]!;
  return lines.map((l) => ellipsize(l, maxWidth, measure));
}

/** The longest start of `text` that fits `maxWidth` with "…" after it. */
function ellipsize(text: string, maxWidth: number, measure: (s: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  // Whole letters: a Devanagari syllable is not split from its vowel sign.
  const chars = typeof Intl.Segmenter === "function" ? Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment) : Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join("").trimEnd()}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

/** How wide the label axis may be: a share of the chart, within bounds a label can be read in. */
export function labelAxisWidth(chartWidth: number): number {
  return Math.round(Math.max(72, Math.min(240, chartWidth * 0.4)));
}
