// Textarea: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { textareaRecipe } from "@chakra-theme/recipes/textarea.js";
import { addRecipes } from "./recipes";

addRecipes({ recipes: { textarea: textareaRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Textarea } from "@chakra-ui/react";
