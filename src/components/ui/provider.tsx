import { ChakraProvider, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { animationStyles, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, semanticTokens, sharedRecipes, textStyles, tokens } from "./chakra/theme";
import type { ReactNode } from "react";
import SITE_CONFIG from "@site-config";
import { attachRecipes } from "./chakra/recipes";
import { createLazySystem, withoutGlobalStyles } from "./chakra/lazy-system";
import { DEVANAGARI_FONT_FAMILY } from "./devanagari-font";

const [sm, md, lg, xl, xxl] = SITE_CONFIG.UI.CHAKRA_BREAKPOINTS_PX;

/**
 * The portal's Devanagari web font first (Devanagari letters only, with a real bold), then system fonts,
 * then local Devanagari faces for the moment before it has loaded, so Hindi never falls back to boxes.
 */
const FONT_STACK = [
  `"${DEVANAGARI_FONT_FAMILY}"`,
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Noto Sans"',
  '"Noto Sans Devanagari"',
  '"Lohit Devanagari"',
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(", ");

const config = defineConfig({
  globalCss: {
    // teal is the primary palette: components without an explicit colorPalette use it.
    html: { colorPalette: "teal", bg: "gray.50" },
    body: { bg: "gray.50" },
    "a:focus-visible, button:focus-visible, input:focus-visible, [role=menuitem]:focus-visible": {
      outline: "2px solid",
      outlineColor: "teal.500",
      outlineOffset: "2px",
    },
  },
  theme: {
    breakpoints: {
      sm: `${sm}px`,
      md: `${md}px`,
      lg: `${lg}px`,
      xl: `${xl}px`,
      "2xl": `${xxl}px`,
    },
    tokens: {
      // The classic teal scale: 500 is the brand colour (#319795, also the theme-color meta).
      // Solid buttons use 600 (Chakra's default), which keeps white text above 4.5:1 contrast.
      colors: {
        teal: {
          50: { value: "#E6FFFA" },
          100: { value: "#B2F5EA" },
          200: { value: "#81E6D9" },
          300: { value: "#4FD1C5" },
          400: { value: "#38B2AC" },
          500: { value: SITE_CONFIG.SITE.THEME_COLOR },
          600: { value: "#2C7A7B" },
          700: { value: "#285E61" },
          800: { value: "#234E52" },
          900: { value: "#1D4044" },
          950: { value: "#153034" },
        },
      },
      fonts: {
        body: { value: FONT_STACK },
        heading: { value: FONT_STACK },
      },
    },
  },
});

/**
 * Chakra's default theme with only the recipes the chrome and most screens render: the full default
 * config ships every component recipe (~40 kB gzip) to every page. The recipes of form, dialog, tab, table,
 * alert and toast components travel with the screens that render them: those components are imported
 * from `src/components/ui/chakra/*`, which add their recipe to the system first (`./chakra/recipes.ts`; lint
 * forbids importing them from @chakra-ui/react). A missing recipe shows as an unstyled component.
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: sharedRecipes,
    // Filled by addRecipes as the screens that use them load.
    slotRecipes: {},
  },
});

// Chakra's createSystem, except that the global styles are made only when read (the server's static
// stylesheet reads them; the browser never does): chakra/lazy-system.ts.
export const systemConfigs = [defaultBaseConfig, theme, config] as const;
export const system = createLazySystem(...systemConfigs);

attachRecipes(system._config.theme!);

/**
 * What <ChakraProvider> gets: the same system without the global styles it would inject on every
 * render (layer order, preflight, global CSS, tokens). Those are in the static stylesheet the
 * document links (`static-stylesheet.tsx`), generated from `system` above. Recipes still wrap their
 * CSS in the layers the stylesheet declares.
 */
const providedSystem: typeof system = withoutGlobalStyles(system);

export function UiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem}>{children}</ChakraProvider>;
}
