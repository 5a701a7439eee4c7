import type { I18nDictionary } from "next-translate";
import DynamicNamespaces from "next-translate/DynamicNamespaces";
import type { ReactNode } from "react";

/**
 * The namespaces parts load on use, each language's as its own small chunk. Listed one by one: a
 * template `import()` over the locales folder put a loader for each of the 38 files into the
 * shared chunk (~2 kB gzip on every page).
 */
const LOADERS = {
  en: {
    auth: () => import("../../../locales/en/auth.json"),
    form: () => import("../../../locales/en/form.json"),
    group: () => import("../../../locales/en/group.json"),
    // The Local Contexts labels of documents and groups (src/components/labels/labels-panel.tsx).
    governance: () => import("../../../locales/en/governance.json"),
    // The WDPCA / ICCA Registry pack dialog of the group header (src/components/recognition).
    recognition: () => import("../../../locales/en/recognition.json"),
    // The "Open in QGIS" dialog of the data list and the map (src/components/ogc).
    ogc: () => import("../../../locales/en/ogc.json"),
    // The "Offline map" dialog of the map (src/components/map-pack).
    mappack: () => import("../../../locales/en/mappack.json"),
    // The offline parts every screen may show on use: install, new version, waiting records (src/features/offline).
    offline: () => import("../../../locales/en/offline.json"),
  },
  hi: {
    auth: () => import("../../../locales/hi/auth.json"),
    form: () => import("../../../locales/hi/form.json"),
    group: () => import("../../../locales/hi/group.json"),
    // The Local Contexts labels of documents and groups (src/components/labels/labels-panel.tsx).
    governance: () => import("../../../locales/hi/governance.json"),
    // The WDPCA / ICCA Registry pack dialog of the group header (src/components/recognition).
    recognition: () => import("../../../locales/hi/recognition.json"),
    // The "Open in QGIS" dialog of the data list and the map (src/components/ogc).
    ogc: () => import("../../../locales/hi/ogc.json"),
    // The "Offline map" dialog of the map (src/components/map-pack).
    mappack: () => import("../../../locales/hi/mappack.json"),
    // The offline parts every screen may show on use: install, new version, waiting records (src/features/offline).
    offline: () => import("../../../locales/hi/offline.json"),
  },
} satisfies Record<string, Record<string, () => Promise<{ default: unknown }>>>;

/** A namespace a part may load on use (add it to LOADERS, for every language, to load another). */
export type LazyNamespace = keyof (typeof LOADERS)["en"];

/** Exported for tests. */
export function loadNamespace(lang: string | undefined, ns: string): Promise<I18nDictionary> {
  const loaders: Record<string, () => Promise<{ default: unknown }>> = LOADERS[lang as keyof typeof LOADERS] ?? LOADERS.en;
  const load = loaders[ns];
  if (!load) return Promise.reject(new Error(`${ns} is not a namespace loaded on use`));
  return load().then((m) => m.default as I18nDictionary);
}

/**
 * Translation namespaces that travel with a part loaded on use (a dialog, the comments, reorder
 * mode) instead of with every page's HTML: i18n.json lists only what a route's first render needs.
 * Shows `fallback` until the namespaces are there; follows a change of language. The part's
 * `useTranslation` (src/lib/i18n/use-translation.ts) reads the provider DynamicNamespaces renders,
 * which adds these namespaces to the page's.
 */
export function LazyNamespaces({ namespaces, fallback = null, children }: { namespaces: LazyNamespace[]; fallback?: ReactNode; children: ReactNode }) {
  return (
    <DynamicNamespaces namespaces={namespaces} dynamic={loadNamespace} fallback={fallback}>
      {children}
    </DynamicNamespaces>
  );
}
