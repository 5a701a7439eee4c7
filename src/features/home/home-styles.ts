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
/* A screen's title (its h1) on the class-styled screens: the values of PageTitle (components/ui/page-title.tsx). */
.cca-page-title { font-family: var(--chakra-fonts-heading); font-weight: var(--chakra-font-weights-semibold); font-size: var(--chakra-font-sizes-2xl); line-height: 2rem; }
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

.cca-home-description { font-size: var(--chakra-font-sizes-lg); color: ${color("gray.700")}; white-space: pre-line; max-width: var(--chakra-sizes-4xl); }

.cca-gallery { position: relative; background: ${color("gray.900")}; color: ${color("white")}; }
.cca-gallery__viewport { position: relative; }
.cca-slide { position: relative; min-height: 18rem; display: flex; align-items: flex-end; background: ${color("teal.800")}; }
${MD} { .cca-slide { min-height: 26rem; } }
.cca-slide[hidden] { display: none; }
.cca-slide__image { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.cca-slide__panel { position: relative; margin: ${space(4)}; padding: ${space(5)}; max-width: var(--chakra-sizes-xl); border-radius: var(--chakra-radii-md); background: rgba(0, 0, 0, 0.66); color: ${color("white")}; display: flex; flex-direction: column; gap: ${space(2)}; align-items: flex-start; min-width: 0; overflow-wrap: anywhere; }
${MD} { .cca-slide__panel { margin: ${space(8)}; margin-bottom: ${space(16)}; } }
.cca-slide--opaque .cca-slide__panel { background: ${color("gray.900")}; }
.cca-slide[style] .cca-slide__panel { background: transparent; color: inherit; }
.cca-slide__title { font-size: var(--chakra-font-sizes-2xl); line-height: 2rem; }
.cca-slide__text { max-width: 100%; min-width: 0; overflow-wrap: anywhere; }
.cca-slide__text a { text-decoration: underline; }
.cca-slide__button { display: inline-flex; gap: ${space(1)}; padding: ${space(2)} ${space(4)}; border-radius: var(--chakra-radii-md); background: ${color("white")}; color: ${color("teal.800")}; font-weight: var(--chakra-font-weights-semibold); }
.cca-slide__button:focus-visible, .cca-gallery__button:focus-visible, .cca-gallery__dot:focus-visible { outline: 3px solid ${color("orange.300")}; outline-offset: 2px; }
.cca-gallery__controls { position: absolute; bottom: ${space(3)}; right: ${space(3)}; display: flex; align-items: center; gap: ${space(2)}; }
.cca-gallery__button { min-width: 2.75rem; min-height: 2.75rem; padding-inline: ${space(3)}; border-radius: var(--chakra-radii-md); background: rgba(0, 0, 0, 0.75); color: ${color("white")}; font-weight: var(--chakra-font-weights-semibold); cursor: pointer; }
.cca-gallery__dots { display: flex; gap: ${space(1)}; list-style-type: none; }
.cca-gallery__dot { width: 1.5rem; height: 1.5rem; border-radius: 9999px; border: 2px solid ${color("white")}; background: rgba(0, 0, 0, 0.75); cursor: pointer; }
.cca-gallery__dot[aria-current="true"] { background: ${color("white")}; }

.cca-stats { ${CARD} padding: ${space(5)}; }
.cca-stats__list { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${space(4)}; }
.cca-stats__item dt { color: ${color("gray.700")}; }
.cca-stats__item dd { font-size: var(--chakra-font-sizes-3xl); font-weight: var(--chakra-font-weights-bold); color: ${color("teal.800")}; }

.cca-mini__list { display: grid; list-style-type: none; gap: ${space(5)}; grid-template-columns: repeat(1, minmax(0, 1fr)); }
${MD} { .cca-mini__list--grid { grid-template-columns: repeat(var(--cca-mini-columns, 3), minmax(0, 1fr)); } }
.cca-mini__card { ${CARD} overflow: hidden; display: flex; flex-direction: column; }
${MD} { .cca-mini__list--wide .cca-mini__card { flex-direction: row; } .cca-mini__list--wide .cca-mini__image { width: 40%; } }
.cca-mini__list--compact .cca-mini__card { flex-direction: row; align-items: center; }
.cca-mini__list--compact .cca-mini__image { width: 6rem; height: 6rem; }
.cca-mini__image { width: 100%; aspect-ratio: 16 / 10; object-fit: cover; }
.cca-mini__body { padding: ${space(4)}; display: flex; flex-direction: column; gap: ${space(2)}; align-items: flex-start; }
.cca-mini__body .cca-slide__title { font-size: var(--chakra-font-sizes-lg); line-height: 1.75rem; }
.cca-mini__body .cca-slide__button { background: ${color("teal.700")}; color: ${color("white")}; }

/* The statistics page (/chart; features/chart) shares this sheet: its figures are the home's numbers in detail. */
.cca-chart-nav { display: flex; flex-wrap: wrap; gap: ${space(2)} ${space(4)}; list-style-type: none; }
.cca-chart-figure { ${CARD} padding: ${space(5)}; display: flex; flex-direction: column; gap: ${space(3)}; scroll-margin-top: ${space(20)}; }
.cca-chart-figure figcaption { font-family: var(--chakra-fonts-heading); font-weight: var(--chakra-font-weights-semibold); font-size: var(--chakra-font-sizes-xl); }
.cca-chart-summary { color: ${color("gray.700")}; }
.cca-chart-note { color: ${color("gray.600")}; font-size: var(--chakra-font-sizes-sm); }
.cca-chart-actions { display: flex; flex-wrap: wrap; gap: ${space(4)}; align-items: center; }
.cca-chart-actions summary { cursor: pointer; color: ${color("teal.700")}; font-weight: var(--chakra-font-weights-semibold); }
.cca-chart-table { border-collapse: collapse; margin-top: ${space(2)}; }
.cca-chart-table th, .cca-chart-table td { border: 1px solid ${color("gray.300")}; padding: ${space(1)} ${space(3)}; text-align: left; }
.cca-chart-table td:last-child { text-align: right; }
.cca-chart-canvas { position: relative; width: 100%; }
.cca-chart-preview { display: flex; flex-direction: column; justify-content: flex-start; height: 100%; padding-top: ${space(1)}; font-size: 12px; color: ${color("gray.700")}; }
.cca-chart-preview__row { display: grid; grid-template-columns: minmax(0, 35%) 1fr; align-items: center; gap: ${space(2)}; height: 32px; }
.cca-chart-preview__label { text-align: right; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; line-height: 1.2; }
.cca-chart-preview__track { display: flex; align-items: center; gap: ${space(1)}; height: 100%; border-left: 1px solid ${color("gray.200")}; }
.cca-chart-preview__bar { display: block; height: 70%; background: ${color("teal.600")}; border-radius: 2px; }
.cca-chart-preview__value { white-space: nowrap; }
@media print { .cca-chart-actions { display: none; } .cca-chart-figure details { display: block; } }

/* Admin editors of the home (features/admin): plain form controls. */
.cca-admin-form { display: flex; flex-direction: column; gap: ${space(3)}; }
.cca-admin-form label { display: flex; flex-direction: column; gap: ${space(1)}; font-weight: var(--chakra-font-weights-medium); }
.cca-admin-form label.cca-admin-check { flex-direction: row; align-items: center; gap: ${space(2)}; }
.cca-admin-form input[type="text"], .cca-admin-form input[type="number"], .cca-admin-form textarea, .cca-admin-form select { border: 1px solid ${color("gray.400")}; border-radius: var(--chakra-radii-md); padding: ${space(2)}; font-weight: var(--chakra-font-weights-normal); background: ${color("white")}; }
.cca-admin-form fieldset { border: 1px solid ${color("gray.200")}; border-radius: var(--chakra-radii-md); padding: ${space(3)}; display: flex; flex-direction: column; gap: ${space(2)}; }
.cca-admin-form legend { font-weight: var(--chakra-font-weights-semibold); padding-inline: ${space(1)}; }
.cca-admin-file { font-size: var(--chakra-font-sizes-sm); color: ${color("gray.700")}; overflow-wrap: anywhere; }
.cca-admin-actions { display: flex; flex-wrap: wrap; gap: ${space(2)}; }
.cca-admin-slides { list-style-type: none; display: flex; flex-direction: column; gap: ${space(2)}; }
.cca-admin-slide { ${CARD} padding: ${space(3)}; display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: ${space(2)}; cursor: grab; }
.cca-admin-slide__title { font-weight: var(--chakra-font-weights-semibold); }
`;
