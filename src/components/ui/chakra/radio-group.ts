// RadioGroup: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { radioGroupSlotRecipe } from "@chakra-theme/recipes/radio-group.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { radioGroup: radioGroupSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { RadioGroup } from "@chakra-ui/react";
