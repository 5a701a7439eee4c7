// Table: the component and its recipe, added to the system when a screen that renders it loads (see addRecipes).
import { tableSlotRecipe } from "@chakra-theme/recipes/table.js";
import { addRecipes } from "./recipes";

addRecipes({ slotRecipes: { table: tableSlotRecipe } });

// eslint-disable-next-line no-restricted-imports -- this module is the one way in
export { Table } from "@chakra-ui/react";
