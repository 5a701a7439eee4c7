// NativeSelect: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { nativeSelectSlotRecipe } from "@chakra-theme/recipes/native-select.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { nativeSelect: nativeSelectSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { NativeSelect } from "@chakra-ui/react";
