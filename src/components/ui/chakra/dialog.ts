// Dialog: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { dialogSlotRecipe } from "@chakra-theme/recipes/dialog.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Dialog } from "@chakra-ui/react";
