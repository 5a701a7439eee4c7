import { CARD, color, MEDIA, space } from "@/components/ui/css-tokens";

/**
 * The page screen's class names, served in the static stylesheet (src/shell/static-stylesheet.tsx). Like the chrome (layout-styles.ts), the
 * parts rendered for every visitor use plain class names instead of Chakra style props and recipes:
 * on the server each styled element costs far more than a plain one (style props resolved, CSS
 * serialised and hashed per element and request), and the page tree alone has several per page.
 * The declarations are the ones Chakra generated for the same props (its tokens, as CSS variables),
 * so the page looks the same. Breakpoints: md 48rem, lg 64rem.
 */
const { md: MD, lg: LG } = MEDIA;

const FOCUS_RING = `outline-width: var(--focus-ring-width, 2px); outline-offset: var(--focus-ring-offset, 2px); outline-style: var(--focus-ring-style, solid); outline-color: var(--focus-ring-color);`;

/** Chakra's button recipe (size sm), the parts every variant shares. */
const BUTTON_BASE = `display: inline-flex; appearance: none; align-items: center; justify-content: center; user-select: none; position: relative; border-radius: var(--chakra-radii-l2); white-space: nowrap; vertical-align: middle; border-width: 1px; border-color: ${color("transparent")}; cursor: var(--chakra-cursor-button); flex-shrink: 0; outline: 0; line-height: 1.25rem; isolation: isolate; font-weight: var(--chakra-font-weights-medium); transition-property: background-color, border-color, color, fill, stroke, opacity, box-shadow, translate, transform; transition-duration: var(--chakra-durations-moderate); --focus-ring-color: ${color("color-palette-focus-ring")}; height: var(--chakra-sizes-9); min-width: var(--chakra-sizes-9); padding-inline: ${space(3.5)}; font-size: var(--chakra-font-sizes-sm); gap: ${space(2)}; color: ${color("color-palette-fg")}; text-decoration: none;`;

function buttonStates(cls: string, hoverBg: string): string {
  return `
.${cls}:is(:focus-visible, [data-focus-visible]) { ${FOCUS_RING} }
.${cls}:is(:disabled, [disabled], [data-disabled], [aria-disabled=true]) { opacity: 0.5; cursor: not-allowed; }
.${cls} :where(svg) { flex-shrink: 0; width: var(--chakra-sizes-4); height: var(--chakra-sizes-4); }
.${cls}:is([aria-expanded=true], [data-expanded], [data-state=expanded]) { background: ${hoverBg}; --bg-currentcolor: ${hoverBg}; }
@media (hover: hover) { .${cls}:is(:hover, [data-hover]):not(:disabled, [data-disabled]) { background: ${hoverBg}; --bg-currentcolor: ${hoverBg}; } }`;
}

const GRAY_PALETTE = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950", "contrast", "fg", "subtle", "muted", "emphasized", "solid", "focus-ring", "border"]
  .map((shade) => `--chakra-colors-color-palette-${shade}: var(--chakra-colors-gray-${shade});`)
  .join(" ");


export const PAGE_CSS = `
.cca-ps-container { position: relative; width: 100%; max-width: var(--chakra-sizes-6xl); margin-inline: auto; padding-inline: ${space(4)}; }
${MD} { .cca-ps-container { padding-inline: ${space(6)}; } }
${LG} { .cca-ps-container { padding-inline: ${space(8)}; } }
.cca-ps-heading { font-family: var(--chakra-fonts-heading); font-weight: var(--chakra-font-weights-semibold); }

.cca-ps-btn { ${BUTTON_BASE} --outline-color-legacy: ${color("color-palette-muted")}; --outline-color: ${color("color-palette-border")}; border-color: var(--outline-color, var(--outline-color-legacy)); }
${buttonStates("cca-ps-btn", color("color-palette-subtle"))}
.cca-ps-icon-btn { ${BUTTON_BASE} padding: 0; }
${buttonStates("cca-ps-icon-btn", color("color-palette-subtle"))}
.cca-ps-icon-btn :where(svg) { font-size: 1.2em; }
.cca-ps-icon-btn--subtle { ${GRAY_PALETTE} background: ${color("color-palette-subtle")}; --bg-currentcolor: ${color("color-palette-subtle")}; }
@media (hover: hover) { .cca-ps-icon-btn--subtle:is(:hover, [data-hover]):not(:disabled, [data-disabled]) { background: ${color("color-palette-muted")}; --bg-currentcolor: ${color("color-palette-muted")}; } }
.cca-ps-icon-btn--subtle:is([aria-expanded=true], [data-expanded], [data-state=expanded]) { background: ${color("color-palette-muted")}; --bg-currentcolor: ${color("color-palette-muted")}; }

.cca-ps-banner { position: relative; background: ${color("gray.800")}; --bg-currentcolor: ${color("gray.800")}; color: ${color("white")}; overflow: hidden; display: flex; flex-direction: column; justify-content: flex-end; }
.cca-ps-banner--gallery { min-height: 220px; }
${MD} { .cca-ps-banner--gallery { min-height: 300px; } }
.cca-ps-fill { position: absolute; inset: 0; }
.cca-ps-slide { position: absolute; inset: 0; opacity: 0; visibility: hidden; }
.cca-ps-slide--animated { transition: opacity 0.6s ease, visibility 0.6s; }
.cca-ps-slide--current { opacity: 1; visibility: visible; }
.cca-ps-slide img { width: 100%; height: 100%; object-fit: cover; }
.cca-ps-shade { position: absolute; inset: 0; background-image: linear-gradient(to top, ${color("black-alpha-800")}, ${color("black-alpha-600")}, ${color("black-alpha-400")}); pointer-events: none; }
.cca-ps-controls { display: flex; align-items: center; flex-direction: row; gap: ${space(1)}; position: absolute; bottom: ${space(3)}; right: ${space(2)}; z-index: 2; }
${MD} { .cca-ps-controls { right: ${space(4)}; } }
.cca-ps-dots { display: flex; align-items: center; flex-direction: row; gap: 0; list-style-type: none; margin: 0; padding: 0; }
.cca-ps-dot { width: 24px; height: 24px; display: flex; align-items: center; justify-content: center; cursor: pointer; border-radius: var(--chakra-radii-full); }
.cca-ps-dot:is(:focus-visible, [data-focus-visible]) { outline: 2px solid white; outline-offset: 1px; }
.cca-ps-dot > span { width: 10px; height: 10px; border-radius: var(--chakra-radii-full); border-width: 1px; border-color: ${color("white")}; background: ${color("transparent")}; }
.cca-ps-dot[aria-current="true"] > span { background: ${color("white")}; }
.cca-ps-cover { position: relative; z-index: 1; padding-top: ${space(10)}; padding-bottom: ${space(8)}; pointer-events: none; }
.cca-ps-cover--slides { padding-bottom: ${space(16)}; }
${MD} { .cca-ps-cover { padding-top: ${space(16)}; padding-bottom: ${space(10)}; } .cca-ps-cover--slides { padding-bottom: ${space(14)}; } }
/* The page's title on its banner: the one title size of every screen (PageTitle), bold on the photo. */
.cca-ps-title { font-weight: var(--chakra-font-weights-bold); margin-bottom: ${space(3)}; text-shadow: 0 1px 3px rgba(0,0,0,.6); font-size: var(--chakra-font-sizes-2xl); line-height: 2rem; }
.cca-ps-lead { font-size: var(--chakra-font-sizes-md); max-width: var(--chakra-sizes-3xl); overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; text-wrap: wrap; text-shadow: 0 1px 3px rgba(0,0,0,.6); }
${MD} { .cca-ps-lead { font-size: var(--chakra-font-sizes-xl); } }
.cca-ps-caption { font-size: var(--chakra-font-sizes-sm); margin-top: ${space(4)}; opacity: 0.95; }

.cca-ps-options { background: ${color("gray.50")}; --bg-currentcolor: ${color("gray.50")}; border-bottom-width: 1px; }
.cca-ps-options > .cca-ps-container { padding-block: ${space(2)}; }
.cca-ps-options__row { display: flex; align-items: center; flex-direction: row; flex-wrap: wrap; gap: ${space(2)}; }
.cca-ps-body { padding-block: ${space(8)}; }
.cca-ps-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space(8)}; }
${LG} { .cca-ps-grid { grid-template-columns: minmax(0, 5fr) minmax(0, 2fr); } }
.cca-ps-main { min-width: 0; }
.cca-ps-aside { order: -1; }
${LG} { .cca-ps-aside { order: 0; } }

.cca-ps-toc { ${CARD} padding: ${space(4)}; margin-bottom: ${space(6)}; }
.cca-ps-toc ul { list-style-type: none; margin: 0; padding: 0; }
.cca-ps-toc li { padding-block: ${space(1)}; }
.cca-ps-toc .page-toc-link { color: ${color("teal.800")}; text-decoration: underline; text-underline-offset: 2px; }
.cca-ps-toc .page-toc-link:hover { color: ${color("teal.600")}; }

.cca-ps-prose { ${CARD} padding: ${space(4)}; min-width: 0; }
${MD} { .cca-ps-prose { padding: ${space(8)}; } }
.cca-ps-prose :is(h1, h2, h3, h4, h5, h6) { scroll-margin-top: 6rem; }
.cca-ps-prose h2 { font-size: var(--chakra-font-sizes-2xl); font-weight: var(--chakra-font-weights-bold); margin-top: ${space(8)}; margin-bottom: ${space(3)}; }
.cca-ps-prose h3 { font-size: var(--chakra-font-sizes-xl); font-weight: var(--chakra-font-weights-semibold); margin-top: ${space(6)}; margin-bottom: ${space(2)}; }
.cca-ps-prose h4 { font-size: var(--chakra-font-sizes-lg); font-weight: var(--chakra-font-weights-semibold); margin-top: ${space(4)}; margin-bottom: ${space(2)}; }
.cca-ps-prose p { margin-bottom: ${space(4)}; line-height: var(--chakra-line-heights-tall); }
.cca-ps-prose :is(ul, ol) { padding-left: ${space(6)}; margin-bottom: ${space(4)}; }
.cca-ps-prose ul { list-style-type: disc; }
.cca-ps-prose ol { list-style-type: decimal; }
.cca-ps-prose a { color: ${color("teal.700")}; text-decoration: underline; }
.cca-ps-prose img { max-width: 100%; height: auto; border-radius: var(--chakra-radii-md); margin-block: ${space(4)}; }
${MD} { .cca-ps-prose img.img-wrap-left { float: left; margin-right: ${space(10)}; } .cca-ps-prose img.img-wrap-right { float: right; margin-left: ${space(10)}; } }
.cca-ps-prose figure { margin-block: ${space(4)}; }
.cca-ps-prose figcaption { font-size: var(--chakra-font-sizes-sm); color: ${color("gray.600")}; }
.cca-ps-prose blockquote { border-left-width: 4px; border-color: ${color("teal.300")}; padding-left: ${space(4)}; color: ${color("gray.700")}; margin-block: ${space(4)}; }
/* A table wider than the column scrolls in its region, and shows it: a shadow at each edge with more
   columns behind it (the white covers travel with the content, background-attachment local, and hide
   the shadow at an edge already reached) and a scrollbar that is always drawn (no overlay). CSS only. */
.cca-ps-prose .table-scroll { overflow-x: auto; margin-block: ${space(4)}; border-width: 1px; border-radius: var(--chakra-radii-md); max-width: 100%;
  background: linear-gradient(to right, ${color("white")} 30%, transparent) left center / 2.5rem 100% no-repeat local,
    linear-gradient(to left, ${color("white")} 30%, transparent) right center / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent) left center / 0.875rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent) right center / 0.875rem 100% no-repeat scroll,
    ${color("white")}; }
.cca-ps-prose .table-scroll::-webkit-scrollbar { height: 0.625rem; }
.cca-ps-prose .table-scroll::-webkit-scrollbar-track { background: ${color("gray.100")}; }
.cca-ps-prose .table-scroll::-webkit-scrollbar-thumb { background: ${color("gray.400")}; border-radius: var(--chakra-radii-full); border: 2px solid ${color("gray.100")}; }
@supports not selector(::-webkit-scrollbar) { .cca-ps-prose .table-scroll { scrollbar-width: thin; scrollbar-color: ${color("gray.400")} ${color("gray.100")}; } }
.cca-ps-prose .table-scroll:focus-visible { outline: 2px solid; outline-color: ${color("teal.500")}; }
.cca-ps-prose table { border-collapse: collapse; min-width: 100%; font-size: var(--chakra-font-sizes-sm); }
/* Prose cells wrap between words, down to a readable width; only a word longer than its cell breaks
   (overflow-wrap: anywhere would also split short words like "Meghalaya" to squeeze a column on a phone). */
.cca-ps-prose :is(th, td) { border-bottom-width: 1px; padding-inline: ${space(3)}; padding-block: ${space(2)}; text-align: start; vertical-align: top; white-space: normal; min-width: 6rem; overflow-wrap: break-word; }
.cca-ps-prose th { background: ${color("gray.100")}; --bg-currentcolor: ${color("gray.100")}; font-weight: var(--chakra-font-weights-semibold); overflow-wrap: normal; }
.cca-ps-prose iframe { max-width: 100%; width: 100%; aspect-ratio: 16/9; height: auto; }

.cca-ps-placeholder { margin-top: ${space(8)}; ${CARD} padding: ${space(4)}; }
${MD} { .cca-ps-placeholder { padding: ${space(6)}; } }
.cca-ps-placeholder h2 { margin-bottom: ${space(2)}; font-size: var(--chakra-font-sizes-lg); line-height: 1.75rem; }
.cca-ps-placeholder p { color: ${color("gray.600")}; }

.cca-tree-nav { ${CARD} padding: ${space(3)}; }
.cca-tree-nav__title { padding-inline: ${space(3)}; padding-block: ${space(2)}; display: none; font-size: var(--chakra-font-sizes-sm); line-height: 1.25rem; }
${LG} { .cca-tree-nav__title { display: block; } }
.cca-tree-nav__toggle { display: flex; width: var(--chakra-sizes-full); height: var(--chakra-sizes-10); min-width: var(--chakra-sizes-10); padding-inline: ${space(4)}; }
${LG} { .cca-tree-nav__toggle { display: none; } }
.cca-tree-nav__list { display: none; margin-top: 0; }
.cca-tree-nav__list--open { display: block; margin-top: ${space(2)}; }
${LG} { .cca-tree-nav__list, .cca-tree-nav__list--open { display: block; margin-top: 0; } }
.cca-tree { list-style-type: none; padding-left: 0; margin: 0; }
.cca-tree .cca-tree { padding-left: ${space(4)}; }
.cca-tree__row { display: flex; flex-direction: row; align-items: stretch; gap: 0; }
.cca-tree__link { display: block; flex: 1; padding-inline: ${space(3)}; padding-block: ${space(2)}; border-radius: var(--chakra-radii-sm); font-weight: var(--chakra-font-weights-normal); color: ${color("gray.800")}; outline: none; cursor: pointer; --focus-ring-color: ${color("color-palette-focus-ring")}; }
.cca-tree__link--top { font-weight: var(--chakra-font-weights-semibold); }
.cca-tree__link[aria-current="page"] { background: ${color("teal.50")}; --bg-currentcolor: ${color("teal.50")}; font-weight: var(--chakra-font-weights-semibold); color: ${color("teal.800")}; }
.cca-tree__link:is(:focus-visible, [data-focus-visible]) { ${FOCUS_RING} }
@media (hover: hover) { .cca-tree__link:is(:hover, [data-hover]) { text-decoration: underline; text-underline-offset: 3px; text-decoration-color: color-mix(in srgb, currentColor 20%, transparent); } }
.cca-tree__toggle { background: ${color("transparent")}; --bg-currentcolor: ${color("transparent")}; }
.cca-tree__toggle svg { transition: transform .15s; }
.cca-tree__toggle[aria-expanded="false"] svg { transform: rotate(-90deg); }
`;
