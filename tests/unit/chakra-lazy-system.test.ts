// @vitest-environment node
import { createSystem, type SystemStyleObject } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { system, systemConfigs } from "@/components/ui/provider";
import "@/components/ui/chakra/tabs";

// The portal's Chakra system (src/components/ui/chakra/lazy-system.ts) is Chakra's createSystem with the
// global styles made on first read instead of on every page load in the browser (issue 35). Components must
// not see a difference: the same class names and CSS for the same props, the same tokens and recipes, and
// the static stylesheet the same global styles.
describe("[SPEED] the portal's Chakra system, global styles made on use", () => {
  const reference = createSystem(...systemConfigs);

  const STYLES: SystemStyleObject[] = [
    { bg: "gray.100", color: "teal.700", px: 4, py: { base: 2, md: 3 }, borderRadius: "md" },
    { display: ["none", "block", null, "flex"], gap: "2", fontSize: { base: "sm", lg: "lg" } },
    { colorPalette: "orange", bg: "colorPalette.solid", _hover: { bg: "colorPalette.emphasized" }, _dark: { color: "white" } },
    { textStyle: "sm", layerStyle: "fill.muted", animationStyle: "slide-fade-in" },
    { h: "calc(100dvh - 8rem)", minH: { md: "32rem" }, boxShadow: "md", zIndex: "toast", insetStart: { base: 2, md: 4 } },
    { "& > li": { listStyleType: "none" }, _focusVisible: { outline: "2px solid", outlineColor: "teal.500" } },
  ];

  it("writes the same CSS for the same style props", () => {
    for (const style of STYLES) expect(system.css(style), JSON.stringify(style)).toEqual(reference.css(style));
  });

  it("has the same tokens, their values and variables", () => {
    expect(system.tokens.allTokens.map((t) => t.name)).toEqual(reference.tokens.allTokens.map((t) => t.name));
    for (const path of ["colors.teal.500", "colors.fg.muted", "spacing.4", "fonts.body", "sizes.6xl", "radii.l2"]) {
      expect(system.token(path), path).toBe(reference.token(path));
      expect(system.token.var(path), path).toBe(reference.token.var(path));
    }
    expect(system.token("colors.no-such-token", "fallback")).toBe("fallback");
    expect([...system.properties].sort()).toEqual([...reference.properties].sort());
    for (const prop of ["bg", "colorPalette", "_hover", "textStyle", "WebkitLineClamp", "notAProp", "onClick"]) expect(system.isValidProperty(prop), prop).toBe(reference.isValidProperty(prop));
  });

  it("gives recipes and slot recipes the same styles", () => {
    expect(system.getRecipeFn("button")({ variant: "outline", size: "sm" })).toEqual(reference.getRecipeFn("button")({ variant: "outline", size: "sm" }));
    expect(system.getRecipeFn("heading")({ size: "lg" })).toEqual(reference.getRecipeFn("heading")({ size: "lg" }));
    // The tabs' recipe is added to the portal's theme when its module loads (src/components/ui/chakra/recipes.ts).
    const tabs = system._config.theme?.slotRecipes?.tabs;
    expect(tabs).toBeDefined();
    expect(system.getSlotRecipeFn("tabs")({ variant: "line", size: "md" })).toEqual(reference.getSlotRecipeFn("tabs", tabs)({ variant: "line", size: "md" }));
    expect(system.hasRecipe("badge")).toBe(true);
    expect(system.hasRecipe("no-such-recipe")).toBe(false);
  });

  it("makes the same global styles (preflight, global CSS, token variables) when they are read", () => {
    expect(system._global).toEqual(reference._global);
    expect(system.getTokenCss()).toEqual(reference.getTokenCss());
    expect(system.query.textStyles.list()).toEqual(reference.query.textStyles.list());
    expect(system.query.semanticTokens.list("colors")).toEqual(reference.query.semanticTokens.list("colors"));
  });
});
