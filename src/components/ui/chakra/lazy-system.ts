/**
 * Chakra's `createSystem`, put together from Chakra's own parts (`@chakra-internal/*`: next.config.js,
 * tsconfig.json, vitest.config.mts) with one difference: the global styles (`_global`: preflight, global
 * CSS and the CSS variables of every token) are made when first read, not when the system is made.
 *
 * Why (issue 35): Chakra builds them eagerly, walking every token and condition through its `css`
 * function, on every page load in the browser, where the provider throws them away (the static
 * stylesheet carries them: src/shell/static-stylesheet.tsx). That was about half of the system's start
 * and the largest script cost on the main thread before hydration. The server reads `_global` once, for
 * the stylesheet. `tests/unit/chakra-lazy-system.test.ts` checks this system against `createSystem` on
 * the portal's config: same tokens, CSS, recipes and global styles. Written for @chakra-ui/react 3.37.0
 * (pinned in package.json); re-check on an upgrade.
 */
import type { SystemConfig, SystemContext } from "@chakra-ui/react";
import { isCssProperty } from "@pandacss/is-valid-prop";
import { createBreakpoints } from "@chakra-internal/styled-system/breakpoints.js";
import { createConditions } from "@chakra-internal/styled-system/conditions.js";
import { createCssFn } from "@chakra-internal/styled-system/css.js";
import { createRecipeFn } from "@chakra-internal/styled-system/cva.js";
import { createLayers } from "@chakra-internal/styled-system/layers.js";
import { mergeConfigs } from "@chakra-internal/styled-system/merge-config.js";
import { createNormalizeFn } from "@chakra-internal/styled-system/normalize.js";
import { createPreflight } from "@chakra-internal/styled-system/preflight.js";
import { createSerializeFn } from "@chakra-internal/styled-system/serialize.js";
import { createSlotRecipeFn } from "@chakra-internal/styled-system/sva.js";
import { createTokenDictionary } from "@chakra-internal/styled-system/token-dictionary.js";
import { createUtility } from "@chakra-internal/styled-system/utility.js";
import { flatten } from "@chakra-internal/utils/flatten.js";
import { memo } from "@chakra-internal/utils/memo.js";
import { mergeWith } from "@chakra-internal/utils/merge.js";

type Dict = Record<string, unknown>;
const EMPTY: Dict = Object.freeze(Object.create(null)) as Dict;
const isObject = (value: unknown): value is Dict => typeof value === "object" && value !== null && !Array.isArray(value);
/** Where `flatten` stops in a text, layer or animation style: at the style itself (`{ value: … }`). */
const isStyleLeaf = (value: unknown) => isObject(value) && "value" in value;

type TokenDictionary = SystemContext["tokens"];
type TokenLike = { name: string; value: unknown; extensions: { cssVar?: { ref: string }; virtual?: boolean; conditions?: unknown } };

/** Chakra's `system.token(path)`: a token's value (a variable for semantic tokens), and `.var(path)` its variable. */
function tokenLookup(tokens: TokenDictionary): SystemContext["token"] {
  const entries = new Map<string, { value: unknown; variable: string }>();
  for (const name of new Set((tokens.allTokens as TokenLike[]).map((t) => t.name))) {
    const token = tokens.getByName(name) as TokenLike | undefined;
    const cssVar = token?.extensions.cssVar;
    if (!token || !cssVar) continue;
    const semantic = Boolean(token.extensions.conditions) || Boolean(token.extensions.virtual);
    entries.set(name, { value: semantic ? cssVar.ref : token.value, variable: cssVar.ref });
  }
  const token = ((path: string, fallback?: unknown) => entries.get(path)?.value || fallback) as SystemContext["token"];
  token.var = ((path: string, fallback?: unknown) => entries.get(path)?.variable || fallback) as SystemContext["token"]["var"];
  return token;
}

/** `system.query`: lists of the theme's names, for tooling (nothing on the portal's pages reads them). */
function themeQuery(theme: NonNullable<SystemConfig["theme"]>, tokens: TokenDictionary) {
  const names = (dict: Dict) => ({
    list: () => Object.keys(dict),
    search(query: string) {
      return this.list().filter((name) => name.includes(query));
    },
  });
  const compositions = (dict: Dict) => ({
    list: () => Object.keys(flatten(dict as Record<string, Dict>, isStyleLeaf)),
    search(query: string) {
      return this.list().filter((name) => name.includes(query));
    },
  });
  const byCategory = (categoryKeys: string[], keep: (token: TokenLike, key: string) => boolean) => ({
    categoryKeys,
    list(category: string) {
      const entries = (tokens.categoryMap.get(category as never) as Map<string, TokenLike> | undefined) ?? new Map<string, TokenLike>();
      return [...entries].filter(([key, token]) => keep(token, key)).map(([key]) => key);
    },
    search(category: string, query: string) {
      return this.list(category).filter((name) => name.includes(query));
    },
  });
  return {
    layerStyles: compositions((theme.layerStyles as Dict) ?? EMPTY),
    textStyles: compositions((theme.textStyles as Dict) ?? EMPTY),
    animationStyles: compositions((theme.animationStyles as Dict) ?? EMPTY),
    tokens: byCategory(Object.keys(theme.tokens ?? EMPTY), (token, key) => !token.extensions.conditions && !key.includes("colorPalette")),
    semanticTokens: byCategory(Object.keys(theme.semanticTokens ?? EMPTY), (token) => Boolean(token.extensions.conditions)),
    keyframes: names((theme.keyframes as Dict) ?? EMPTY),
    breakpoints: names((theme.breakpoints as Dict) ?? EMPTY),
  };
}

/** A Chakra system whose global styles are made on first read of `_global` (or of a `get…Css` function). */
export function createLazySystem(...configs: SystemConfig[]): SystemContext {
  const config = mergeConfigs(...configs);
  const { theme = {}, utilities = {}, globalCss = {}, cssVarsRoot = ":where(:root, :host)", cssVarsPrefix = "chakra", preflight } = config;
  const layers = createLayers(config);
  const tokens = createTokenDictionary({ breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix });
  const breakpoints = createBreakpoints(theme.breakpoints ?? (EMPTY as Record<string, string>));
  const conditions = createConditions({ conditions: config.conditions ?? EMPTY, breakpoints });
  const utility = createUtility({ config: utilities, tokens });

  // Text, layer and animation styles are utilities whose values are whole styles (`textStyle="sm"`).
  const compositions: Array<[string, unknown]> = [
    ["textStyle", theme.textStyles],
    ["layerStyle", theme.layerStyles],
    ["animationStyle", theme.animationStyles],
  ];
  for (const [key, styles] of compositions) {
    if (styles == null) continue;
    const flat = flatten(styles as Record<string, Dict>, isStyleLeaf) as Record<string, Dict>;
    utility.register(key, { values: Object.keys(flat), transform: (value: string) => css(flat[value] as never) });
  }
  utility.addPropertyType("animationName", Object.keys(theme.keyframes ?? EMPTY));

  const properties = new Set(["css", ...utility.keys(), ...conditions.keys()]);
  const isValidProperty = memo((prop: string) => properties.has(prop) || isCssProperty(prop));
  // A responsive array (`[a, b]`) becomes an object keyed by breakpoint (`{ base: a, sm: b }`).
  const normalizeValue = (value: unknown) => {
    if (!Array.isArray(value)) return value;
    const byBreakpoint: Dict = Object.create(null);
    value.forEach((item, index) => {
      if (item != null) byBreakpoint[conditions.breakpoints[index] as string] = item;
    });
    return byBreakpoint;
  };
  const normalize = createNormalizeFn({ utility, normalize: normalizeValue });
  const serialize = createSerializeFn({ conditions, isValidProperty });
  const css = createCssFn({ transform: utility.transform, conditions, normalize });
  const cva = createRecipeFn({ css: css as never, conditions, normalize, layers });
  const sva = createSlotRecipeFn({ cva });

  function getTokenCss() {
    const result: Dict = {};
    for (const [key, values] of tokens.cssVarMap.entries()) {
      const vars = Object.fromEntries(values);
      if (Object.keys(vars).length === 0) continue;
      const selector = key === "base" ? cssVarsRoot : conditions.resolve(key);
      const atRule = selector.startsWith("@");
      mergeWith(result, css(serialize({ [selector]: atRule ? { [cssVarsRoot]: vars } : vars }) as never));
    }
    return layers.wrap("tokens", result);
  }
  function getGlobalCss() {
    const keyframes = Object.fromEntries(Object.entries(theme.keyframes ?? EMPTY).map(([name, frames]) => [`@keyframes ${name}`, frames]));
    return layers.wrap("base", Object.assign({}, keyframes, css(serialize(globalCss) as never)));
  }
  function getPreflightCss() {
    return layers.wrap("reset", createPreflight({ preflight }));
  }

  const recipeFns = new Map<string, ReturnType<typeof cva>>();
  const slotRecipeFns = new Map<string, ReturnType<typeof sva>>();
  const getRecipe = (key: string, fallback?: unknown) => (theme.recipes as Dict | undefined)?.[key] ?? fallback;
  const getSlotRecipe = (key: string, fallback?: unknown) => (theme.slotRecipes as Dict | undefined)?.[key] ?? fallback;
  const isRecipe = (key: string) => Object.hasOwn(theme.recipes ?? EMPTY, key);
  const isSlotRecipe = (key: string) => Object.hasOwn(theme.slotRecipes ?? EMPTY, key);

  let globalStyles: Dict[] | null = null;
  let query: ReturnType<typeof themeQuery> | null = null;
  const system = {
    $$chakra: true,
    _config: config,
    get _global() {
      return (globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);
    },
    breakpoints,
    tokens,
    conditions,
    utility,
    token: tokenLookup(tokens),
    properties,
    layers,
    isValidProperty,
    splitCssProps: (props: Dict) => {
      const own: Dict = {};
      const rest: Dict = {};
      for (const key of Object.keys(props)) (isValidProperty(key) ? own : rest)[key] = props[key];
      return [own, rest];
    },
    normalizeValue,
    getTokenCss,
    getGlobalCss,
    getPreflightCss,
    css,
    cva,
    sva,
    getRecipe,
    getSlotRecipe,
    getRecipeFn(key: string, fallback?: unknown) {
      let fn = recipeFns.get(key);
      if (!fn) recipeFns.set(key, (fn = cva((getRecipe(key, fallback) ?? EMPTY) as never)));
      return fn;
    },
    getSlotRecipeFn(key: string, fallback?: unknown) {
      let fn = slotRecipeFns.get(key);
      if (!fn) slotRecipeFns.set(key, (fn = sva((getSlotRecipe(key, fallback) ?? EMPTY) as never)));
      return fn;
    },
    hasRecipe: (key: string) => isRecipe(key) || isSlotRecipe(key),
    isRecipe,
    isSlotRecipe,
    get query() {
      return (query ??= themeQuery(theme, tokens));
    },
  };
  return system as unknown as SystemContext;
}

/** The same system without global styles (they are in the static stylesheet): what the provider hands to Chakra. */
export function withoutGlobalStyles(system: SystemContext): SystemContext {
  const descriptors = Object.getOwnPropertyDescriptors(system);
  delete (descriptors as Partial<typeof descriptors>)._global;
  delete (descriptors as Partial<typeof descriptors>)._config;
  return Object.defineProperties({ _global: [], _config: { ...system._config, disableLayers: true } }, descriptors) as unknown as SystemContext;
}
