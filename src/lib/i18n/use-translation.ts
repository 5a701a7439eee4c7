import type { I18n, Translate } from "next-translate";
import I18nContext from "next-translate/context";
import { useContext, useMemo } from "react";

/**
 * The translations of the nearest provider: the page's (appWithI18n) or, inside a part loaded on use,
 * its own namespaces added to the page's (`LazyNamespaces`).
 *
 * next-translate's own `useTranslation` reads a process-wide global once appWithI18n has set it, and on
 * the server builds a new translator (and `Intl.PluralRules`) on every call: a profile of `/` under
 * load spent 3 % of the server's time there, and two renders interleaving on one server could read each
 * other's language. This hook reads the React context the provider sets for this render only. Every
 * component imports it (lint forbids `next-translate/useTranslation`).
 */
export default function useTranslation(defaultNS?: string): I18n {
  const context = useContext(I18nContext);
  return useMemo(() => {
    if (!defaultNS) return context;
    const t: Translate = (key, query, options) => context.t(key, query, { ns: defaultNS, ...options });
    return { ...context, t };
  }, [context, defaultNS]);
}
