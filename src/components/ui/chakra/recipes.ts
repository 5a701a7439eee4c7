/**
 * Recipes that are not in the shared theme (src/components/ui/provider.tsx): the components of
 * `src/components/ui/chakra/*` add theirs here when the screen that renders them loads. A module of
 * its own, not the provider: a screen's chunk that imported the provider would keep Chakra's whole
 * theme module, with every recipe, in the shared chunk.
 */
type Recipes = Record<string, object>;
type Added = { recipes?: Recipes; slotRecipes?: Recipes };
type Theme = { recipes?: Recipes; slotRecipes?: Recipes };

let target: Theme | null = null;
const pending: Added[] = [];

function apply(theme: Theme, added: Added): void {
  if (added.recipes) Object.assign((theme.recipes ??= {}), added.recipes);
  if (added.slotRecipes) Object.assign((theme.slotRecipes ??= {}), added.slotRecipes);
}

/**
 * Adds recipes to the system. Call it at the top level of the module that exports the component, so
 * the recipe is there before the component first renders (the system caches the recipe of a key on
 * first use, an empty one if it is missing then). Same recipes on the server and in the browser.
 */
export function addRecipes(added: Added): void {
  if (target) apply(target, added);
  else pending.push(added);
}

/** The provider hands over the theme of its system (once, as it is created). */
export function attachRecipes(theme: Theme): void {
  target = theme;
  for (const added of pending.splice(0)) apply(theme, added);
}
