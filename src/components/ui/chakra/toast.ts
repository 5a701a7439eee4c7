// Toast and Toaster: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { toastSlotRecipe } from "@chakra-theme/recipes/toast.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { toast: toastSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Toast, Toaster } from "@chakra-ui/react";
