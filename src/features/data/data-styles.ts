import { CARD, color, MEDIA, space } from "@/components/ui/css-tokens";

/**
 * Class names of the data screens' repeated parts (result cards, facet options, value rows), served
 * in the static stylesheet like the page screen's (see page-styles.ts): a list page renders dozens
 * of them, and plain class names cost far less on the server than style props per element.
 */
const { md: MD, lg: LG } = MEDIA;

export const DATA_CSS = `
.cca-dl-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space(6)}; align-items: start; }
${LG} { .cca-dl-layout { grid-template-columns: 18rem minmax(0, 1fr); } }
.cca-dl-aside { display: none; }
${LG} { .cca-dl-aside { display: block; position: sticky; top: ${space(4)}; max-height: calc(100vh - 2rem); overflow-y: auto; } }
${LG} { .cca-dl-filters-open { display: none !important; } }
.cca-dl-cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space(3)}; }
${MD} { .cca-dl-cards { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.cca-dl-card { ${CARD} display: flex; gap: ${space(3)}; padding: ${space(3)}; position: relative; min-width: 0; }
.cca-dl-card:focus-within { outline: 2px solid ${color("teal.600")}; outline-offset: 2px; }
.cca-dl-card:hover { border-color: ${color("teal.500")}; }
.cca-dl-thumb { flex-shrink: 0; width: 72px; height: 72px; border-radius: var(--chakra-radii-sm); object-fit: cover; background: ${color("gray.100")}; }
.cca-dl-card-body { min-width: 0; display: flex; flex-direction: column; gap: ${space(1)}; }
.cca-dl-card-title { font-weight: var(--chakra-font-weights-semibold); color: ${color("teal.800")}; text-decoration: none; overflow-wrap: anywhere; }
.cca-dl-card-title::after { content: ""; position: absolute; inset: 0; }
.cca-dl-card-title:focus-visible { outline: none; }
.cca-dl-card-line { font-size: var(--chakra-font-sizes-sm); color: ${color("gray.700")}; margin: 0; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.cca-dl-card-line b { font-weight: var(--chakra-font-weights-medium); color: ${color("gray.800")}; }

.cca-dl-page { min-width: 2.5rem; }
.cca-dl-page--current { background: ${color("teal.700")}; color: ${color("white")}; border-color: ${color("teal.700")}; }
.cca-dl-facet { border-bottom: 1px solid ${color("gray.200")}; padding-block: ${space(3)}; }
.cca-dl-facet > summary { cursor: pointer; font-weight: var(--chakra-font-weights-semibold); list-style-position: outside; margin-inline-start: ${space(4)}; }
.cca-dl-facet > summary:focus-visible { outline: 2px solid ${color("teal.600")}; outline-offset: 2px; }
.cca-dl-facet fieldset { border: 0; margin: ${space(2)} 0 0; padding: 0; min-width: 0; }
.cca-dl-options { list-style: none; margin: 0; padding: 0; max-height: 16rem; overflow-y: auto; }
.cca-dl-modal { max-height: calc(100dvh - 11rem); overflow-y: auto; padding-inline-end: 4px; }
.cca-dl-modal .cca-dl-options { max-height: none; overflow: visible; }
.cca-dl-options ul { list-style: none; margin: 0; padding-inline-start: ${space(5)}; }
.cca-dl-opt { display: flex; align-items: center; gap: ${space(2)}; padding-block: 3px; font-size: var(--chakra-font-sizes-sm); cursor: pointer; }
.cca-dl-opt input { width: 1rem; height: 1rem; accent-color: ${color("teal.600")}; flex-shrink: 0; }
.cca-dl-opt-label { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.cca-dl-opt-count { color: ${color("gray.600")}; font-variant-numeric: tabular-nums; }
.cca-dl-opt--parent { font-weight: var(--chakra-font-weights-medium); }

.cca-ds-values { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0; margin: 0; }
${MD} { .cca-ds-values { grid-template-columns: minmax(10rem, 16rem) minmax(0, 1fr); } }
.cca-ds-values dt { font-weight: var(--chakra-font-weights-semibold); color: ${color("gray.800")}; padding: ${space(2)} ${space(3)} 0; }
${MD} { .cca-ds-values dt { padding-bottom: ${space(2)}; border-top: 1px solid ${color("gray.100")}; } }
.cca-ds-values dd { margin: 0; padding: ${space(1)} ${space(3)} ${space(2)}; overflow-wrap: anywhere; white-space: pre-line; }
${MD} { .cca-ds-values dd { padding-top: ${space(2)}; border-top: 1px solid ${color("gray.100")}; } }
.cca-ds-empty { color: ${color("gray.600")}; font-style: italic; }
.cca-ds-rich { white-space: normal; }
.cca-ds-rich p { margin-bottom: ${space(2)}; }
.cca-ds-rich ul, .cca-ds-rich ol { padding-inline-start: ${space(5)}; }
.cca-ds-rich a, .cca-ds-values a { color: ${color("teal.700")}; text-decoration: underline; }
.cca-ds-files { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: ${space(3)}; white-space: normal; }
.cca-ds-file { ${CARD} overflow: hidden; font-size: var(--chakra-font-sizes-sm); }
.cca-ds-file img { width: 100%; height: 8rem; object-fit: cover; display: block; background: ${color("gray.100")}; }
.cca-ds-file div { padding: ${space(2)}; }
.cca-ds-section { ${CARD} padding: ${space(4)}; margin-bottom: ${space(6)}; break-inside: auto; }
@media print {
  .cca-no-print, .cca-page > header, .cca-page > footer, nav[aria-label] { display: none !important; }
  .cca-ds-section { break-before: page; border: 0; padding: 0; }
  .cca-ds-section:first-of-type { break-before: auto; }
  .cca-ds-print-only { display: block !important; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.8em; }
}
.cca-ds-print-only { display: none; }
`;
