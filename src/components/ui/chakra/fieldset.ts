// Fieldset: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { fieldsetSlotRecipe } from "@chakra-theme/recipes/fieldset.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { fieldset: fieldsetSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Fieldset } from "@chakra-ui/react";
