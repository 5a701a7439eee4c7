// Input: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { chakra } from "@chakra-ui/react";
import { inputRecipe } from "@chakra-theme/recipes/input.js";
import { addRecipes } from "./recipes";

addRecipes({ recipes: { input: inputRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Input, type InputProps } from "@chakra-ui/react";

/**
 * An input box with the same recipe, for a box that is not in a `Field.Root` (a list's search, a
 * filter's bounds: their labels point at them by id). `Input` is Ark's field input, which ties it
 * to Field.Root's ids and states and brings Ark's field and Zag's helpers (~4 kB gzip) to the page.
 */
export const InputBox = chakra("input", inputRecipe);
