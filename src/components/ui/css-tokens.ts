/**
 * Helpers for the plain-CSS stylesheets of the chrome and the most visited screens (served in the
 * static stylesheet): Chakra's tokens as the CSS variables its system defines, and its breakpoints.
 */

/** Chakra's breakpoints (sm 30rem, md 48rem, lg 64rem) as media queries. */
export const MEDIA = {
  sm: "@media screen and (min-width: 30rem)",
  md: "@media screen and (min-width: 48rem)",
  lg: "@media screen and (min-width: 64rem)",
} as const;

/** A colour token ("teal.700") as its variable. */
export const color = (token: string): string => `var(--chakra-colors-${token.replace(".", "-")})`;

/** A spacing token (4, 3.5) as its variable. */
export const space = (token: string | number): string => `var(--chakra-spacing-${String(token).replace(".", "\\.")})`;

/** A white card with a border, as Chakra's Box with bg white, borderWidth 1 and rounded md draws it. */
export const CARD = `background: ${color("white")}; --bg-currentcolor: ${color("white")}; border-width: 1px; border-radius: var(--chakra-radii-md);`;
