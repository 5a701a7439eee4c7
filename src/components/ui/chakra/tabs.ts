// Tabs: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { tabsSlotRecipe } from "@chakra-theme/recipes/tabs.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Tabs } from "@chakra-ui/react";
