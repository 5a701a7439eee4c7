import type { I18nDictionary } from "next-translate";
import DynamicNamespaces from "next-translate/DynamicNamespaces";
import type { ReactNode } from "react";

/** One namespace of the visitor's language, as its own small chunk. */
function loadNamespace(lang: string | undefined, ns: string): Promise<I18nDictionary> {
  return import(`../../../locales/${lang ?? "en"}/${ns}.json`).then((m: { default: I18nDictionary }) => m.default);
}

/**
 * Translation namespaces that travel with a part loaded on use (a dialog, the comments, reorder
 * mode) instead of with every page's HTML: i18n.json lists only what a route's first render needs.
 * Shows `fallback` until the namespaces are there; follows a change of language. The part's
 * `useTranslation` (src/lib/i18n/use-translation.ts) reads the provider DynamicNamespaces renders,
 * which adds these namespaces to the page's.
 */
export function LazyNamespaces({ namespaces, fallback = null, children }: { namespaces: string[]; fallback?: ReactNode; children: ReactNode }) {
  return (
    <DynamicNamespaces namespaces={namespaces} dynamic={loadNamespace} fallback={fallback}>
      {children}
    </DynamicNamespaces>
  );
}
