import { bus } from "@/lib/events/bus";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Layout } from "@/components/layout/layout";
import type { LayoutData } from "@/contracts/layout";
import { FOREST_GROUP, MAIN_SITE, layoutData, page, user } from "./helpers/fixtures";
import { createMockRouter } from "./helpers/mock-router";
import { Providers, renderWithProviders, type RenderOptions } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

/** happy-dom evaluates the responsive CSS, so the viewport decides what is visible. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });
}

function renderLayout(data: LayoutData = layoutData(), options: RenderOptions = {}) {
  return renderWithProviders(
    <Layout data={data}>
      <h1>Screen</h1>
    </Layout>,
    options,
  );
}

const hrefOf = (name: string | RegExp) => screen.getByRole("link", { name }).getAttribute("href");

beforeEach(() => setViewportWidth(1280));

describe("[LAYOUT] chrome", () => {
  it("renders the landmarks, the skip link and the content", () => {
    renderLayout();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main").id).toBe("main-content");
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Site" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "More pages" })).toBeTruthy();
    expect(hrefOf("Skip to content")).toBe("#main-content");
    expect(screen.getByRole("heading", { name: "Screen" })).toBeTruthy();
  });

  it("can leave out the header and the footer", () => {
    renderWithProviders(
      <Layout data={layoutData()} header={false} footer={false}>
        <p>Bare</p>
      </Layout>,
    );
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.getByRole("main").textContent).toBe("Bare");
  });

  it("puts the navigation links in the server HTML", () => {
    const router = createMockRouter();
    const html = renderToString(
      <Providers router={router} lang="en">
        <Layout data={layoutData()}>
          <p>content</p>
        </Layout>
      </Providers>,
    );
    for (const href of ["/page/5970", "/page/5980", "/participate/list", "/chart", "/data/list", "/map", "/user/list", "/page/show/45", "/login?forward=%2F"]) {
      expect(html, href).toContain(`href="${href}"`);
    }
    expect(html).not.toContain('href="/template/list"');
  });

  it("links the site logo to the home page with the site title as its name", () => {
    renderLayout(layoutData(), { lang: "hi" });
    const logo = within(screen.getByRole("navigation", { name: "साइट" })).getByRole("img", { name: "सामुदायिक संरक्षित क्षेत्र" });
    expect(logo.closest("a")?.getAttribute("href")).toBe("/");
  });
});

describe("[LAYOUT] navbar", () => {
  it("shows Templates to an admin and hides it from a member", () => {
    renderLayout(layoutData({ user: user(["ROLE_ADMIN"]) }));
    expect(hrefOf("Templates")).toBe("/template/list");
    cleanup();
    renderLayout(layoutData({ user: user(["ROLE_USER"]) }));
    expect(screen.queryByRole("link", { name: "Templates" })).toBeNull();
    expect(hrefOf("Participate")).toBe("/participate/list");
  });

  it("preview mode hides sign-in, the language switcher and links not meant for preview", () => {
    renderLayout(layoutData({ user: user(["ROLE_ADMIN"]) }), { router: { query: { preview: "" }, asPath: "/?preview" } });
    expect(screen.queryByRole("link", { name: "Templates" })).toBeNull();
    expect(screen.getByRole("link", { name: "Participate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Language/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Account menu/ })).toBeNull();
  });

  it("outside preview shows the language switcher and the login link", () => {
    renderLayout();
    expect(screen.getByRole("button", { name: /Language/ })).toBeTruthy();
    expect(hrefOf("Log in / Register")).toBe("/login?forward=%2F");
  });

  it("hides the language switcher and the microsites dropdown when their flags are off", () => {
    const data = layoutData();
    renderLayout({ ...data, features: { ...data.features, languageSwitcher: false, userGroups: false } });
    expect(screen.queryByRole("button", { name: /Language/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Microsites" })).toBeNull();
  });

  it("navbar pages are links with a separate, labelled button for their children", () => {
    renderLayout(layoutData({ currentGroup: FOREST_GROUP }));
    expect(hrefOf("Resources")).toBe("/group/forest-commons/page/5970");
    const chevron = screen.getByRole("button", { name: "Pages under Resources" });
    expect(chevron.closest("a")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pages under Contact" })).toBeNull();
  });

  it("search does nothing while typing or when empty, and opens the portal's search screen on submit", () => {
    const { router } = renderLayout();
    const input = screen.getAllByRole("searchbox", { name: "Search this site" })[0]!;
    const form = input.closest("form")!;
    expect(form.getAttribute("action")).toBe("/search");
    fireEvent.submit(form);
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "sacred (grove)" } });
    expect(router.push).not.toHaveBeenCalled();
    fireEvent.submit(form);
    expect(router.push).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledWith("/search?q=sacred%20(grove)");
  });

  it("inside a group the search stays in the group, and a Hindi visitor's form goes to /hi without JavaScript", () => {
    const { router } = renderLayout(layoutData({ currentGroup: FOREST_GROUP }), { lang: "hi" });
    const input = screen.getAllByRole("searchbox", { name: "इस साइट में खोजें" })[0]!;
    const form = input.closest("form")!;
    expect(form.getAttribute("action")).toBe("/hi/group/forest-commons/search");
    expect(form.getAttribute("method")).toBe("get");
    fireEvent.change(input, { target: { value: "देवराई" } });
    fireEvent.submit(form);
    expect(router.push).toHaveBeenCalledWith(`/group/forest-commons/search?q=${encodeURIComponent("देवराई")}`);
  });

  it("the hamburger toggles the stacked menu, which closes on Escape and on navigation", () => {
    setViewportWidth(375);
    const { router } = renderLayout(layoutData({ user: user(["ROLE_USER"], "Asha Devi") }));
    const open = screen.getByRole("button", { name: "Open menu" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(open.getAttribute("aria-controls")!)).toBeNull();

    fireEvent.click(open);
    const close = screen.getByRole("button", { name: "Close menu" });
    expect(close.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(close.getAttribute("aria-controls")!)!;
    expect(within(panel).getByRole("link", { name: "Microsites" }).getAttribute("href")).toBe("/group/list");
    expect(within(panel).getByRole("link", { name: /Asha Devi/ }).getAttribute("href")).toBe("/user/show/7");

    // Escape inside an open dropdown closes only that dropdown.
    const language = within(panel).getByRole("button", { name: "Language: English" });
    fireEvent.click(language);
    fireEvent.keyDown(within(panel).getByRole("link", { name: "हिन्दी" }), { key: "Escape" });
    expect(language.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: "Close menu" })).toBeTruthy();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("button", { name: "Close menu" })).toBeTruthy();
    act(() => router.events.emit("routeChangeStart", "/chart", { shallow: false }));
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });
});

describe("[LAYOUT] group header and primary menu", () => {
  it("on the main site shows the site title linking home", () => {
    renderLayout();
    const banner = screen.getByRole("banner");
    const titleLink = within(banner).getByText("Community Conserved Areas").closest("a");
    expect(titleLink?.getAttribute("href")).toBe("/");
    expect(titleLink?.querySelector("img")).toBeNull();
  });

  it("in a group shows its logo, local name and name linking to the group home", () => {
    renderLayout(layoutData({ currentGroup: FOREST_GROUP }));
    const home = screen.getByRole("link", { name: /Forest Commons/ });
    expect(home.getAttribute("href")).toBe("/group/forest-commons");
    expect(home.textContent).toContain("वन साझा");
    expect(home.querySelector("img")?.getAttribute("src")).toBe(FOREST_GROUP.icon);
  });

  it("prefixes every menu link with the group and shows Statistics and Browse first", () => {
    renderLayout(layoutData({ currentGroup: FOREST_GROUP }));
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    const links = within(nav).getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(links.slice(0, 2)).toEqual(["/group/forest-commons/chart", "/group/forest-commons/data/list"]);
    expect(links).toContain("/group/forest-commons/page/45");
    expect(links).toContain("/group/forest-commons/user/list");
  });

  it("shows Maps only when the maps flag is on", () => {
    const data = layoutData();
    renderLayout(data);
    expect(hrefOf("Maps")).toBe("/map");
    cleanup();
    renderLayout({ ...data, features: { ...data.features, mapsPage: false } });
    expect(screen.queryByRole("link", { name: "Maps" })).toBeNull();
  });

  it("lists only pages shown in the menu", () => {
    renderLayout(layoutData({ pageTree: [page(45, "About"), page(63, "Donate", [], { showInMenu: false })] }));
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(nav).queryByRole("link", { name: "About" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Donate" })).toBeNull();
  });

  it("below 1024 px there is one menu: the navbar's hamburger holds the main menu's links and the navbar's", () => {
    setViewportWidth(390);
    for (const currentGroup of [MAIN_SITE, FOREST_GROUP]) {
      const { router } = renderLayout(layoutData({ currentGroup }));
      // The group header's own menu and toggle are gone on a phone.
      expect(screen.queryByRole("navigation", { name: "Main menu" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Main menu" })).toBeNull();
      expect(screen.getAllByRole("button", { name: /menu/i }).map((b) => b.getAttribute("aria-label"))).toEqual(["Open menu"]);

      fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
      const close = screen.getByRole("button", { name: "Close menu" });
      const panel = within(document.getElementById(close.getAttribute("aria-controls")!)!);
      const prefix = currentGroup.linkPrefix;
      const hrefs = panel.getAllByRole("link").map((a) => a.getAttribute("href"));
      // Everything both menus held: Statistics, Browse, the page tree, Maps, Users (the main menu) ...
      for (const path of ["/chart", "/data/list", "/page/45", "/map", "/user/list"]) expect(hrefs).toContain(`${prefix}${path}`);
      expect(panel.getByRole("button", { name: "Pages under About" })).toBeTruthy();
      expect(panel.getByRole("button", { name: "Pages" })).toBeTruthy();
      // ... and the navbar's pages, Participate, Microsites, the language and the sign-in link.
      for (const path of ["/page/5970", "/page/5971", "/page/5980", "/participate/list", "/group/list"]) expect(hrefs).toContain(`${prefix}${path}`);
      expect(panel.getByRole("button", { name: "Language: English" })).toBeTruthy();
      expect(panel.getByRole("link", { name: /Log in \/ Register/ })).toBeTruthy();

      // The Pages menu opens inside it; navigating closes the whole menu.
      const pages = panel.getByRole("button", { name: "Pages" });
      fireEvent.click(pages);
      const pagesPanel = within(document.getElementById(pages.getAttribute("aria-controls")!)!);
      expect(pagesPanel.getByRole("link", { name: "Donate" }).getAttribute("href")).toBe(`${prefix}/page/show/63`);
      act(() => router.events.emit("routeChangeStart", `${prefix}/page/show/63`, { shallow: false }));
      expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
      cleanup();
    }
  });

  it("on a phone the group home's page header shows the group once: the group header leaves out its logo, names and join", () => {
    const actions = { membership: "join" as const, closed: false, canCreatePages: false, canEditMicrosite: false, canModerate: false };
    const data = layoutData({ currentGroup: FOREST_GROUP, groupActions: actions });
    const renderHome = () =>
      renderWithProviders(
        <Layout data={data} pageShowsGroup>
          <h1>Forest Commons</h1>
        </Layout>,
      );
    setViewportWidth(390);
    renderHome();
    expect(screen.queryByRole("link", { name: /Forest Commons/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Join microsite" })).toBeNull();
    cleanup();
    // Another screen of the group keeps them.
    renderLayout(data);
    expect(screen.getByRole("link", { name: /Forest Commons/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join microsite" })).toBeTruthy();
    cleanup();
    // A manager keeps the create and edit controls on the group home.
    renderWithProviders(
      <Layout data={{ ...data, groupActions: { ...actions, canCreatePages: true, canEditMicrosite: true } }} pageShowsGroup>
        <h1>Forest Commons</h1>
      </Layout>,
    );
    expect(screen.getByRole("link", { name: "Create pages" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join microsite" })).toBeNull();
    cleanup();
    // From 1024 px the header is unchanged.
    setViewportWidth(1280);
    renderHome();
    expect(screen.getByRole("link", { name: /Forest Commons/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join microsite" })).toBeTruthy();
  });

  it("from 1024 px the menu is always shown and the toggle is not", () => {
    setViewportWidth(1280);
    renderLayout();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Main menu" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Open menu" })).toBeNull();
  });

  it("shows group actions only in a group and only when allowed; joining as a visitor asks for sign-in first", async () => {
    const signInRequested = vi.fn();
    bus.on("authwall_init", signInRequested);
    const actions = { membership: "join" as const, closed: false, canCreatePages: true, canEditMicrosite: true, canModerate: true };
    renderLayout(layoutData({ groupActions: actions }));
    expect(screen.queryByRole("button", { name: "Join microsite" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create pages" })).toBeNull();
    cleanup();

    renderLayout(layoutData({ currentGroup: FOREST_GROUP, groupActions: actions }));
    fireEvent.click(screen.getByRole("button", { name: "Join microsite" }));
    await waitFor(() => expect(signInRequested).toHaveBeenCalledTimes(1));
    bus.off("authwall_init", signInRequested);
    expect(hrefOf("Create pages")).toBe("/group/forest-commons/page/create");
    expect(hrefOf("Edit microsite")).toBe("/group/forest-commons/edit");
    cleanup();

    renderLayout(layoutData({ currentGroup: FOREST_GROUP, groupActions: { membership: null, closed: false, canCreatePages: false, canEditMicrosite: true, canModerate: true } }));
    expect(screen.queryByRole("button", { name: "Join microsite" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create pages" })).toBeNull();
    expect(screen.getByRole("link", { name: "Edit microsite" })).toBeTruthy();
  });
});

describe("[LAYOUT] the group header's membership control", () => {
  it("shows 'Requested' with withdraw, and 'Joined' with a leave that asks first", async () => {
    setViewportWidth(1280);
    const base = { closed: true, canCreatePages: false, canEditMicrosite: false, canModerate: false };
    renderLayout(layoutData({ currentGroup: FOREST_GROUP, user: user(["ROLE_USER"]), groupActions: { ...base, membership: "requested" } }));
    const header = screen.getByRole("banner");
    expect(within(header).getByText("Requested")).toBeTruthy();
    expect(within(header).getByRole("button", { name: "Withdraw request" })).toBeTruthy();
    expect(within(header).queryByRole("button", { name: "Join microsite" })).toBeNull();
    cleanup();

    renderLayout(layoutData({ currentGroup: FOREST_GROUP, user: user(["ROLE_USER"]), groupActions: { ...base, membership: "joined" } }));
    expect(within(screen.getByRole("banner")).getByText("Joined")).toBeTruthy();
    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("alertdialog", { name: "Leave this microsite?" })).toBeTruthy();
  });

  it("asks before sending a request to join a closed group", async () => {
    setViewportWidth(1280);
    renderLayout(
      layoutData({ currentGroup: FOREST_GROUP, user: user(["ROLE_USER"]), groupActions: { membership: "join", closed: true, canCreatePages: false, canEditMicrosite: false, canModerate: false } }),
    );
    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Join microsite" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Ask to join?" });
    expect(within(dialog).getByRole("button", { name: "Send request" })).toBeTruthy();
  });
});

describe("[LAYOUT] footer", () => {
  it("links pages, credit, licence and social accounts with names", () => {
    renderLayout(layoutData({ currentGroup: FOREST_GROUP }));
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Team" }).getAttribute("href")).toBe("/group/forest-commons/page/show/46");
    expect(within(footer).getByRole("link", { name: "Powered by Biodiversity Informatics Platform – v2.2.0" }).getAttribute("href")).toBe(
      "https://github.com/biodiv-platform",
    );
    expect(within(footer).getByRole("link", { name: /under CC-BY licence/ }).getAttribute("href")).toBe("https://creativecommons.org/licenses/by/4.0/");
    for (const name of ["Email us", "Our video channel", "Our photos", "Source code"]) {
      expect(within(footer).getByRole("link", { name }).getAttribute("href")).toMatch(/^(mailto:|https:)/);
    }
  });

  it("speaks Hindi on Hindi pages and uses the Hindi footer parent page", () => {
    renderLayout(layoutData({ pageTree: [page(207, "फ़ुटर", [page(208, "संपर्क")]), page(29, "Footer", [page(30, "Contact")])] }), { lang: "hi" });
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "संपर्क" })).toBeTruthy();
    expect(within(footer).queryByRole("link", { name: "Contact" })).toBeNull();
    expect(within(footer).getByRole("link", { name: "हमें ईमेल करें" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "सामग्री पर जाएँ" })).toBeTruthy();
  });
});
