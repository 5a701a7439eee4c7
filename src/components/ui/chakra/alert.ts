// Alert: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { alertSlotRecipe } from "@chakra-theme/recipes/alert.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { alert: alertSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Alert } from "@chakra-ui/react";
