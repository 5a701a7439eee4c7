// Input: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { inputRecipe } from "@chakra-theme/recipes/input.js";
import { addRecipes } from "./recipes";

addRecipes({ recipes: { input: inputRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Input, type InputProps } from "@chakra-ui/react";
