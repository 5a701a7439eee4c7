import { ChakraProvider, createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  checkboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";
import type { ReactNode } from "react";
import SITE_CONFIG from "@site-config";

const [sm, md, lg, xl, xxl] = SITE_CONFIG.UI.CHAKRA_BREAKPOINTS_PX;

/** System fonts first, then Devanagari faces so Hindi never falls back to boxes. */
const FONT_STACK = [
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
 * Chakra's default theme with only the recipes this app renders: the full default config ships
 * every component recipe (~40 kB gzip) to every page. Add a recipe here when a screen uses a new
 * Chakra component (a missing recipe shows up as an unstyled component in development).
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
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    // Forms and dialogs of the account screens and the sign-in modal (auth wall).
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, theme, config);

/**
 * What <ChakraProvider> gets: the same system without the global styles it would inject on every
 * render (layer order, preflight, global CSS, tokens). Those are in the static stylesheet the
 * document links (`static-stylesheet.tsx`), generated from `system` above. Recipes still wrap their
 * CSS in the layers the stylesheet declares.
 */
const providedSystem: typeof system = {
  ...system,
  _global: [],
  _config: { ...system._config, disableLayers: true },
};

export function UiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem}>{children}</ChakraProvider>;
}
