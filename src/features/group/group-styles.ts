import { CARD, color, MEDIA, space } from "@/components/ui/css-tokens";

/**
 * The group list's class names (`/group/list`), served in the static stylesheet like the page and data
 * screens' (page-styles.ts, data-styles.ts): every row of the list was a dozen style-prop elements, each
 * resolved, serialised and hashed on the server for every request (issue 35: the screen's uncached
 * render). The declarations are the ones Chakra generated for the same props and recipes (its tokens,
 * as CSS variables), so the screen looks the same. Breakpoints: sm 30rem, md 48rem, lg 64rem.
 */
const { sm: SM, md: MD, lg: LG } = MEDIA;

/** A Chakra colour palette (`colorPalette="green"`): the `color-palette-*` variables on that palette. */
const palette = (name: string) =>
  ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950", "contrast", "fg", "subtle", "muted", "emphasized", "solid", "focus-ring", "border"]
    .map((shade) => `--chakra-colors-color-palette-${shade}: var(--chakra-colors-${name}-${shade});`)
    .join(" ");

export const GROUP_CSS = `
.cca-gl-container { position: relative; width: 100%; margin-inline: auto; max-width: var(--chakra-sizes-4xl); padding-inline: ${space(4)}; padding-block: ${space(6)}; }
${MD} { .cca-gl-container { padding-inline: ${space(6)}; padding-block: ${space(10)}; } }
${LG} { .cca-gl-container { padding-inline: ${space(8)}; } }
.cca-gl-title { margin-bottom: ${space(2)}; }
.cca-gl-intro { color: ${color("gray.700")}; margin-bottom: ${space(6)}; }
.cca-gl-search { margin-bottom: ${space(5)}; max-width: var(--chakra-sizes-md); }
.cca-gl-label { font-weight: var(--chakra-font-weights-medium); font-size: var(--chakra-font-sizes-sm); display: block; margin-bottom: ${space(1)}; }
.cca-gl-list { display: flex; flex-direction: column; gap: ${space(3)}; list-style-type: none; }
.cca-gl-card { ${CARD} padding: ${space(4)}; }
.cca-gl-row { display: flex; align-items: stretch; flex-direction: column; gap: ${space(4)}; }
${SM} { .cca-gl-row { align-items: center; flex-direction: row; } }
.cca-gl-main { display: flex; align-items: center; flex-direction: row; gap: ${space(4)}; flex: 1; min-width: 0; }
.cca-gl-logo { width: 4rem; height: 3rem; display: flex; align-items: center; justify-content: center; flex-shrink: 0; }
.cca-gl-logo-img { object-fit: contain; max-height: 3rem; max-width: 4rem; }
.cca-gl-initials { width: 3rem; height: 3rem; border-radius: var(--chakra-radii-full); background: ${color("teal.100")}; --bg-currentcolor: ${color("teal.100")}; color: ${color("teal.800")}; font-weight: var(--chakra-font-weights-semibold); display: flex; align-items: center; justify-content: center; }
.cca-gl-body { min-width: 0; }
.cca-gl-local { font-size: var(--chakra-font-sizes-sm); color: ${color("gray.600")}; }
.cca-gl-name { display: inline-flex; align-items: center; outline: none; gap: ${space(1.5)}; cursor: pointer; border-radius: var(--chakra-radii-l1); --focus-ring-color: ${color("color-palette-focus-ring")}; font-weight: var(--chakra-font-weights-semibold); font-size: var(--chakra-font-sizes-lg); color: ${color("teal.800")}; }
.cca-gl-name:is(:focus-visible, [data-focus-visible]) { outline-width: var(--focus-ring-width, 2px); outline-offset: var(--focus-ring-offset, 2px); outline-style: var(--focus-ring-style, solid); outline-color: var(--focus-ring-color); }
@media (hover: hover) { .cca-gl-name:is(:hover, [data-hover]):not(:disabled, [data-disabled]) { text-decoration: underline; text-underline-offset: 3px; --mix-textDecorationColor: color-mix(in srgb, currentColor 20%, transparent); text-decoration-color: var(--mix-textDecorationColor, currentColor); } }
.cca-gl-meta { display: flex; align-items: center; flex-direction: row; flex-wrap: wrap; gap: ${space(3)}; margin-top: ${space(1)}; }
.cca-gl-count { font-size: var(--chakra-font-sizes-sm); color: ${color("gray.700")}; }
.cca-gl-badge { display: inline-flex; align-items: center; border-radius: var(--chakra-radii-l2); gap: ${space(1)}; font-weight: var(--chakra-font-weights-medium); font-variant-numeric: tabular-nums; white-space: nowrap; user-select: none; background: ${color("color-palette-subtle")}; --bg-currentcolor: ${color("color-palette-subtle")}; color: ${color("color-palette-fg")}; font-size: var(--chakra-font-sizes-xs); line-height: 1rem; padding-inline: ${space(1.5)}; min-height: var(--chakra-sizes-5); }
.cca-gl-badge--open { ${palette("green")} }
.cca-gl-badge--closed { ${palette("gray")} }
.cca-gl-actions { flex-shrink: 0; }
`;
