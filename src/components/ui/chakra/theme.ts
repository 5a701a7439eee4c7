/**
 * The parts of Chakra's default theme the portal's system is made of, each imported from its own
 * file (`@chakra-theme/*`: next.config.js, tsconfig.json, vitest.config.mts), never from
 * "@chakra-ui/react/theme". That module also builds the default config with every recipe; once a
 * screen's chunk imports a recipe of its own (src/components/ui/chakra/*), the bundler can no longer
 * drop the rest of it, and every recipe of the default theme would ride in the shared chunk (+15 kB
 * gzip on every page). `tests/unit/chakra-theme.test.ts` checks these against the default theme.
 */
import { globalCss as chakraGlobalCss } from "@chakra-theme/global-css.js";
import { layerStyles } from "@chakra-theme/layer-styles.js";
import { animationStyles } from "@chakra-theme/motion-styles.js";
import { textStyles } from "@chakra-theme/text-styles.js";
import { badgeRecipe } from "@chakra-theme/recipes/badge.js";
import { buttonRecipe } from "@chakra-theme/recipes/button.js";
import { containerRecipe } from "@chakra-theme/recipes/container.js";
import { headingRecipe } from "@chakra-theme/recipes/heading.js";
import { linkRecipe } from "@chakra-theme/recipes/link.js";
import { spinnerRecipe } from "@chakra-theme/recipes/spinner.js";
import { semanticColors } from "@chakra-theme/semantic-tokens/colors.js";
import { semanticRadii } from "@chakra-theme/semantic-tokens/radii.js";
import { semanticShadows } from "@chakra-theme/semantic-tokens/shadows.js";
import { animations } from "@chakra-theme/tokens/animations.js";
import { aspectRatios } from "@chakra-theme/tokens/aspect-ratios.js";
import { blurs } from "@chakra-theme/tokens/blurs.js";
import { borders } from "@chakra-theme/tokens/borders.js";
import { colors } from "@chakra-theme/tokens/colors.js";
import { cursor } from "@chakra-theme/tokens/cursor.js";
import { durations } from "@chakra-theme/tokens/durations.js";
import { easings } from "@chakra-theme/tokens/easings.js";
import { fontSizes } from "@chakra-theme/tokens/font-sizes.js";
import { fontWeights } from "@chakra-theme/tokens/font-weights.js";
import { fonts } from "@chakra-theme/tokens/fonts.js";
import { keyframes as chakraKeyframes } from "@chakra-theme/tokens/keyframes.js";
import { letterSpacings } from "@chakra-theme/tokens/letter-spacing.js";
import { lineHeights } from "@chakra-theme/tokens/line-heights.js";
import { radii } from "@chakra-theme/tokens/radius.js";
import { sizes } from "@chakra-theme/tokens/sizes.js";
import { spacing } from "@chakra-theme/tokens/spacing.js";
import { zIndices } from "@chakra-theme/tokens/z-indices.js";

export { animationStyles, layerStyles, textStyles };

/**
 * Keyframes and global CSS only become the global stylesheet, which the server renders once
 * (static-stylesheet.tsx); the browser's system never writes it (provider.tsx), so it goes without.
 * Next folds `typeof window` in each bundle, and the browser's drops these files.
 */
const ON_SERVER = typeof window === "undefined";
export const keyframes = ON_SERVER ? chakraKeyframes : {};
export const globalCss = ON_SERVER ? chakraGlobalCss : {};

/** As the default theme names them (`cssVarsPrefix`, `cssVarsRoot`). */
export const cssVarsPrefix = "chakra";
export const cssVarsRoot = ":where(html, .chakra-theme)";

export const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};

export const semanticTokens = { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii };

/** The recipes of the components the chrome and most screens render; the others: src/components/ui/chakra/*. */
export const sharedRecipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
};
