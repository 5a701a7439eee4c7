// Field: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { fieldSlotRecipe } from "@chakra-theme/recipes/field.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { field: fieldSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Field } from "@chakra-ui/react";
