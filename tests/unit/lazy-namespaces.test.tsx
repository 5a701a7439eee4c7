import { cleanup, screen } from "@testing-library/react";
import useTranslation from "@/lib/i18n/use-translation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyNamespaces, loadNamespace } from "@/lib/i18n/lazy-namespaces";
import i18n from "../../i18n.json";
import { loadNamespaces } from "./helpers/locales";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

function Title() {
  const { t } = useTranslation();
  return <h2>{t("auth:authwall.title")}</h2>;
}

afterEach(() => {
  cleanup();
  delete (globalThis as { __NEXT_TRANSLATE__?: unknown }).__NEXT_TRANSLATE__;
});

// In the built app, appWithI18n also keeps the last rendered page's namespaces in the process-wide
// globalThis.__NEXT_TRANSLATE__; the portal's useTranslation reads the render's own provider instead.
describe("[I18N] <LazyNamespaces> with the global appWithI18n sets in the built app", () => {
  it.each<["en" | "hi", string]>([
    ["en", "Sign in to continue"],
    ["hi", (loadNamespaces("hi", ["auth"]).auth as { authwall: { title: string } }).authwall.title],
  ])("%s: a dialog's texts show once its namespace is loaded, not its keys", async (lang, title) => {
    (globalThis as { __NEXT_TRANSLATE__?: unknown }).__NEXT_TRANSLATE__ = { lang, namespaces: loadNamespaces(lang, ["common", "header", "membership"]), config: { defaultLocale: "en", locales: ["en", "hi"] } };
    renderWithProviders(
      <LazyNamespaces namespaces={["auth"]}>
        <Title />
      </LazyNamespaces>,
      { lang },
    );
    expect((await screen.findByRole("heading")).textContent).toBe(title);
  });
});

describe("[I18N] useTranslation reads this render's provider, never another render's global", () => {
  it("a Hindi render shows Hindi while the global holds an English page (two renders on one server)", () => {
    (globalThis as { __NEXT_TRANSLATE__?: unknown }).__NEXT_TRANSLATE__ = { lang: "en", namespaces: loadNamespaces("en", ["common", "header", "membership", "auth"]), config: { defaultLocale: "en", locales: ["en", "hi"] } };
    const hindi = (loadNamespaces("hi", ["auth"]).auth as { authwall: { title: string } }).authwall.title;
    renderWithProviders(<Title />, { lang: "hi", namespaces: ["common", "auth"] });
    expect(screen.getByRole("heading").textContent).toBe(hindi);
    expect(hindi).not.toBe("Sign in to continue");
  });

  it("a default namespace applies to keys without one", () => {
    function Plain() {
      const { t } = useTranslation("auth");
      return <h2>{t("authwall.title")}</h2>;
    }
    renderWithProviders(<Plain />, { lang: "en", namespaces: ["common", "auth"] });
    expect(screen.getByRole("heading").textContent).toBe("Sign in to continue");
  });
});

describe("[I18N] the namespaces parts load on use", () => {
  it.each(i18n.locales)("%s: each loads the language's own file; any other is refused, not shown as keys", async (lang) => {
    for (const ns of ["auth", "form", "group"]) expect(await loadNamespace(lang, ns), `${lang}/${ns}`).toEqual(loadNamespaces(lang, [ns])[ns]);
    await expect(loadNamespace(lang, "admin")).rejects.toThrow("admin is not a namespace loaded on use");
  });
});
