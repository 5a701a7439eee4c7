// Checkbox: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { checkboxSlotRecipe } from "@chakra-theme/recipes/checkbox.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { checkbox: checkboxSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Checkbox } from "@chakra-ui/react";
