import { CARD, color, MEDIA, space } from "@/components/ui/css-tokens";

/**
 * The home screens' class names, served in the static stylesheet, for the same reason as the
 * chrome's and the page screen's: plain elements server-render far cheaper than Chakra style props.
 * The declarations are the ones Chakra generated for the props these replaced. Breakpoints: sm 30rem, md 48rem, lg 64rem.
 */
const { sm: SM, md: MD, lg: LG } = MEDIA;

export const HOME_CSS = `
.cca-home-container { position: relative; width: 100%; max-width: var(--chakra-sizes-6xl); margin-inline: auto; padding-inline: ${space(4)}; }
${MD} { .cca-home-container { padding-inline: ${space(6)}; } }
${LG} { .cca-home-container { padding-inline: ${space(8)}; } }
.cca-home-heading { font-family: var(--chakra-fonts-heading); font-weight: var(--chakra-font-weights-semibold); }
.cca-home-hero { background: ${color("teal.700")}; --bg-currentcolor: ${color("teal.700")}; color: ${color("white")}; padding-block: ${space(10)}; }
${MD} { .cca-home-hero { padding-block: ${space(16)}; } }
.cca-home-hero h1 { margin-bottom: ${space(4)}; font-size: var(--chakra-font-sizes-2xl); line-height: 2rem; }
${MD} { .cca-home-hero h1 { font-size: var(--chakra-font-sizes-4xl); line-height: 2.75rem; letter-spacing: -0.025em; } }
.cca-home-hero p { font-size: var(--chakra-font-sizes-lg); max-width: var(--chakra-sizes-3xl); }
${MD} { .cca-home-hero p { font-size: var(--chakra-font-sizes-xl); } }
.cca-home-body { padding-block: ${space(10)}; }
.cca-home-stack { display: flex; flex-direction: column; gap: ${space(12)}; }
.cca-home-h2 { font-size: var(--chakra-font-sizes-xl); line-height: 1.875rem; }
.cca-home-h2--spaced { margin-bottom: ${space(5)}; }
.cca-home-section-head { display: flex; align-items: baseline; justify-content: space-between; flex-direction: row; gap: 0.5rem; margin-bottom: ${space(5)}; }

.cca-home-link { display: inline-flex; align-items: center; outline: none; gap: ${space(1.5)}; cursor: pointer; border-radius: var(--chakra-radii-l1); --focus-ring-color: ${color("color-palette-focus-ring")}; color: ${color("color-palette-fg")}; font-weight: var(--chakra-font-weights-semibold); }
.cca-home-link--teal { color: ${color("teal.700")}; }
.cca-home-link:is(:focus-visible, [data-focus-visible]) { outline-width: var(--focus-ring-width, 2px); outline-offset: var(--focus-ring-offset, 2px); outline-style: var(--focus-ring-style, solid); outline-color: var(--focus-ring-color); }
@media (hover: hover) { .cca-home-link:is(:hover, [data-hover]) { text-decoration: underline; text-underline-offset: 3px; text-decoration-color: color-mix(in srgb, currentColor 20%, transparent); } }

.cca-home-cards { display: grid; grid-template-columns: repeat(1, minmax(0, 1fr)); list-style-type: none; gap: ${space(5)}; }
${MD} { .cca-home-cards { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.cca-home-card { ${CARD} padding: ${space(5)}; display: flex; flex-direction: column; gap: ${space(2)}; }
.cca-home-card h3 { font-size: var(--chakra-font-sizes-md); line-height: 1.5rem; }
.cca-home-card p { color: ${color("gray.700")}; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; text-wrap: wrap; }
.cca-home-card .cca-home-link { margin-top: auto; }
.cca-home-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border-width: 0; }

.cca-home-groups { display: grid; grid-template-columns: repeat(1, minmax(0, 1fr)); list-style-type: none; gap: ${space(4)}; }
${SM} { .cca-home-groups { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
${LG} { .cca-home-groups { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.cca-home-group { ${CARD} padding: ${space(4)}; }
.cca-home-group .cca-home-link { display: flex; gap: ${space(3)}; }
.cca-home-group img { object-fit: cover; width: auto; }
.cca-home-group__local { display: block; font-weight: var(--chakra-font-weights-normal); color: ${color("gray.600")}; font-size: var(--chakra-font-sizes-sm); }
`;
