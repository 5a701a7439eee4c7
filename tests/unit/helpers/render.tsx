import { configure, render, type RenderResult } from "@testing-library/react";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import type { I18nDictionary } from "next-translate";
import I18nProvider from "next-translate/I18nProvider";
import type { NextRouter } from "next/router";
import type { ReactElement, ReactNode } from "react";
import { LAYOUT_CSS } from "@/components/layout/layout-styles";
import { UiProvider } from "@/components/ui/provider";
import { setMockRouter, type MockRouter } from "./mock-router";
import { loadNamespaces } from "./locales";

// Screens load parts on use (validation, the API client, dialogs): on a busy 2-core CI machine the
// first load can take seconds, so `findBy…`/`waitFor` wait up to 10 s (they return as soon as the
// expectation holds). A test that times out would leave its submit running into the next test.
configure({ asyncUtilTimeout: 10_000 });

export interface RenderOptions {
  lang?: "en" | "hi";
  router?: Partial<NextRouter>;
  /** Translation namespaces to load (default: common and header, as the chrome needs). */
  namespaces?: string[];
}

const CHROME_NAMESPACES = ["common", "header", "membership"];

export function Providers({ router, lang, namespaces = CHROME_NAMESPACES, children }: { router: MockRouter; lang: string; namespaces?: string[]; children: ReactNode }) {
  return (
    <RouterContext.Provider value={router}>
      <I18nProvider lang={lang} namespaces={loadNamespaces(lang, namespaces) as Record<string, I18nDictionary>}>
        <UiProvider>
          {/* The chrome's classes, as the static stylesheet the document links brings them. */}
          <style>{LAYOUT_CSS}</style>
          {children}
        </UiProvider>
      </I18nProvider>
    </RouterContext.Provider>
  );
}

/** Renders inside the app's providers with a fresh mock router (needs `vi.mock("next/router")`). */
export function renderWithProviders(ui: ReactElement, { lang = "en", router: overrides, namespaces }: RenderOptions = {}): RenderResult & { router: MockRouter } {
  const router = setMockRouter({ locale: lang, ...overrides });
  const result = render(
    <Providers router={router} lang={lang} namespaces={namespaces}>
      {ui}
    </Providers>,
  );
  return { ...result, router };
}
