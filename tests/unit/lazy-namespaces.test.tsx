import { cleanup, screen } from "@testing-library/react";
import useTranslation from "next-translate/useTranslation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
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

// In the built app, appWithI18n keeps the page's namespaces in globalThis.__NEXT_TRANSLATE__ and
// useTranslation reads them from there: a part loaded on use must find its namespaces there too.
describe("[I18N] <LazyNamespaces> as the built app's useTranslation sees it", () => {
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
