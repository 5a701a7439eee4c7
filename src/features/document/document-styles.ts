import { color, MEDIA, space } from "@/components/ui/css-tokens";

/** Class names of the document screens (cards, badges, the viewer frame), served in the static stylesheet. */
const { md: MD } = MEDIA;

export const DOCUMENT_CSS = `
.cca-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.cca-doc-card { flex-direction: column; }
.cca-doc-badge { align-self: flex-start; font-size: var(--chakra-font-sizes-xs); font-weight: var(--chakra-font-weights-semibold); text-transform: uppercase; letter-spacing: 0.02em; color: ${color("teal.900")}; background: ${color("teal.100")}; border-radius: var(--chakra-radii-sm); padding: 1px ${space(2)}; }
.cca-doc-abstract { -webkit-line-clamp: 3; }
.cca-doc-above { position: relative; z-index: 1; }
.cca-doc-above a { color: ${color("teal.800")}; text-decoration: underline; }
.cca-doc-flag { color: ${color("red.700")}; }
.cca-doc-tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: ${space(1)}; }
.cca-doc-tags a { display: inline-block; font-size: var(--chakra-font-sizes-xs); border: 1px solid ${color("gray.300")}; border-radius: 999px; padding: 1px ${space(2)}; text-decoration: none !important; color: ${color("gray.800")} !important; background: ${color("white")}; }
.cca-doc-primary { background: ${color("teal.700")}; color: ${color("white")} !important; border-color: ${color("teal.700")}; text-decoration: none; }
.cca-doc-select { border: 1px solid ${color("gray.300")}; border-radius: var(--chakra-radii-md); padding: 4px ${space(2)}; background: ${color("white")}; font-size: var(--chakra-font-sizes-sm); }
.cca-doc-frame { width: 100%; height: 70vh; min-height: 420px; border: 1px solid ${color("gray.300")}; border-radius: var(--chakra-radii-md); background: ${color("gray.100")}; }
.cca-doc-info { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space(1)} ${space(4)}; margin: 0; }
${MD} { .cca-doc-info { grid-template-columns: 12rem minmax(0, 1fr); } }
.cca-doc-info dt { font-weight: var(--chakra-font-weights-semibold); color: ${color("gray.700")}; }
.cca-doc-info dd { margin: 0 0 ${space(2)}; overflow-wrap: anywhere; }
.cca-doc-table { width: 100%; border-collapse: collapse; font-size: var(--chakra-font-sizes-sm); }
.cca-doc-table th, .cca-doc-table td { text-align: start; padding: ${space(2)} ${space(3)}; border-bottom: 1px solid ${color("gray.200")}; }
.cca-doc-table a { color: ${color("teal.800")}; text-decoration: underline; }
.cca-doc-back { color: ${color("teal.800")}; text-decoration: underline; }
.cca-pdf-toolbar { display: flex; flex-wrap: wrap; gap: ${space(2)}; align-items: center; padding: ${space(2)}; background: ${color("gray.100")}; border-bottom: 1px solid ${color("gray.300")}; position: sticky; top: 0; z-index: 2; }
.cca-pdf-pages { overflow: auto; background: ${color("gray.500")}; padding: ${space(3)}; }
.cca-pdf-page { position: relative; margin: 0 auto ${space(3)}; background: ${color("white")}; box-shadow: 0 1px 3px rgba(0,0,0,0.3); }
.cca-pdf-page canvas { display: block; }
.cca-pdf-page mark { background: rgba(255, 200, 0, 0.45); position: absolute; pointer-events: none; }
`;
