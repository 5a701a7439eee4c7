import type { I18nDictionary } from "next-translate";
import DynamicNamespaces from "next-translate/DynamicNamespaces";
import useTranslation from "next-translate/useTranslation";
import type { ReactNode } from "react";

/** Namespaces already loaded, by `lang/ns`. */
const loaded = new Map<string, I18nDictionary>();

/** One namespace of the visitor's language, as its own small chunk. */
function loadNamespace(lang: string | undefined, ns: string): Promise<I18nDictionary> {
  const key = `${lang ?? "en"}/${ns}`;
  return import(`../../../locales/${lang ?? "en"}/${ns}.json`).then((m: { default: I18nDictionary }) => {
    loaded.set(key, m.default);
    return m.default;
  });
}

type GlobalTranslations = { lang?: string; namespaces?: Record<string, I18nDictionary> };

/**
 * next-translate 3 keeps the page's namespaces in `globalThis.__NEXT_TRANSLATE__` (set by appWithI18n)
 * and, once that is set, `useTranslation` reads only it, not the nested provider DynamicNamespaces
 * renders. So the loaded namespaces are added to it too (before the children render, in the browser
 * only: on the server these parts render their fallback). A page change replaces it; the next render
 * of this part adds them again.
 */
function publish(lang: string, namespaces: string[]): void {
  const global = (globalThis as { __NEXT_TRANSLATE__?: GlobalTranslations }).__NEXT_TRANSLATE__;
  if (!global?.namespaces) return;
  const missing = namespaces.filter((ns) => !(ns in global.namespaces!) && loaded.has(`${lang}/${ns}`));
  if (missing.length > 0) global.namespaces = { ...global.namespaces, ...Object.fromEntries(missing.map((ns) => [ns, loaded.get(`${lang}/${ns}`)!])) };
}

function Publish({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  const { lang } = useTranslation();
  publish(lang, namespaces);
  return children;
}

/**
 * Translation namespaces that travel with a part loaded on use (a dialog, the comments, reorder
 * mode) instead of with every page's HTML: i18n.json lists only what a route's first render needs.
 * Shows `fallback` until the namespaces are there; follows a change of language.
 */
export function LazyNamespaces({ namespaces, fallback = null, children }: { namespaces: string[]; fallback?: ReactNode; children: ReactNode }) {
  return (
    <DynamicNamespaces namespaces={namespaces} dynamic={loadNamespace} fallback={fallback}>
      <Publish namespaces={namespaces}>{children}</Publish>
    </DynamicNamespaces>
  );
}
