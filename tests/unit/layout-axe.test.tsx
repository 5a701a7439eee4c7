import { cleanup, fireEvent, screen } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "@/components/layout/layout";
import { FOREST_GROUP, layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });
}

async function seriousViolations() {
  // Colour contrast needs real layout and is checked in the browser (e2e).
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("[A11Y] the chrome has no serious axe violations", () => {
  it("desktop, signed in, inside a group, Hindi", async () => {
    setViewportWidth(1280);
    renderWithProviders(
      <Layout data={layoutData({ currentGroup: FOREST_GROUP, user: user(["ROLE_ADMIN"]), groupActions: { membership: "join", closed: false, canCreatePages: true, canEditMicrosite: true, canModerate: true } })}>
        <h1>Screen</h1>
      </Layout>,
      { lang: "hi" },
    );
    expect(await seriousViolations()).toEqual([]);
  });

  it("mobile with the menus closed, preview mode", async () => {
    setViewportWidth(375);
    renderWithProviders(
      <Layout data={layoutData()}>
        <h1>Screen</h1>
      </Layout>,
      { router: { query: { preview: "1" }, asPath: "/?preview=1" } },
    );
    expect(await seriousViolations()).toEqual([]);
  });

  it("mobile with the one menu open, signed out", async () => {
    setViewportWidth(375);
    renderWithProviders(
      <Layout data={layoutData()}>
        <h1>Screen</h1>
      </Layout>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(await seriousViolations()).toEqual([]);
  });

  it("with the microsites panel open", async () => {
    setViewportWidth(1280);
    renderWithProviders(
      <Layout data={layoutData()}>
        <h1>Screen</h1>
      </Layout>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Microsites" }));
    await screen.findByRole("searchbox", { name: "Search microsites" });
    expect(await seriousViolations()).toEqual([]);
  });
});
