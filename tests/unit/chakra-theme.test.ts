// @vitest-environment node
// eslint-disable-next-line no-restricted-imports -- the reference the portal's theme is checked against
import { defaultThemeConfig, slotRecipes as defaultSlotRecipes, recipes as defaultRecipes } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import * as parts from "@/components/ui/chakra/theme";
import { system } from "@/components/ui/provider";

// The shared theme is put together from the files of Chakra's default theme (src/components/ui/chakra/theme.ts),
// and the recipes of form, dialog, tab, table, alert and toast components are added by the modules that export those
// components. Both must give the components exactly Chakra's styles.
describe("[SPEED] the portal's Chakra theme, in parts", () => {
  const theme = defaultThemeConfig.theme!;

  it("holds the default theme's tokens, semantic tokens, styles and CSS variable names", () => {
    expect(parts.tokens).toEqual(theme.tokens);
    expect(parts.semanticTokens).toEqual(theme.semanticTokens);
    expect(parts.keyframes).toEqual(theme.keyframes);
    expect(parts.textStyles).toEqual(theme.textStyles);
    expect(parts.layerStyles).toEqual(theme.layerStyles);
    expect(parts.animationStyles).toEqual(theme.animationStyles);
    expect(parts.globalCss).toEqual(defaultThemeConfig.globalCss);
    expect(parts.cssVarsPrefix).toBe(defaultThemeConfig.cssVarsPrefix);
    expect(parts.cssVarsRoot).toBe(defaultThemeConfig.cssVarsRoot);
    for (const [key, recipe] of Object.entries(parts.sharedRecipes)) expect(recipe, key).toBe(defaultRecipes[key as keyof typeof defaultRecipes]);
  });

  it("adds a component's recipe when the module exporting the component loads, and not before", async () => {
    const modules = {
      alert: "alert",
      checkbox: "checkbox",
      dialog: "dialog",
      field: "field",
      fieldset: "fieldset",
      nativeSelect: "native-select",
      table: "table",
      tabs: "tabs",
      toast: "toast",
    } as const;
    for (const [key, file] of Object.entries(modules)) {
      expect(system.isSlotRecipe(key), `${key} before`).toBe(false);
      await import(`@/components/ui/chakra/${file}.ts`);
      expect(system.getSlotRecipe(key), key).toBe(defaultSlotRecipes[key as keyof typeof defaultSlotRecipes]);
    }
    for (const [key, file] of [["input", "input"], ["textarea", "textarea"]] as const) {
      expect(system.isRecipe(key), `${key} before`).toBe(false);
      await import(`@/components/ui/chakra/${file}.ts`);
      expect(system.getRecipe(key), key).toBe(defaultRecipes[key]);
    }
  });
});
