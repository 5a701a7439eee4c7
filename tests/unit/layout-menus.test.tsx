import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dropdown } from "@/components/layout/dropdown";
import { GroupsDropdown, GroupsPanel } from "@/components/layout/groups-dropdown";
import { LanguageSwitcher, useLocaleCookie } from "@/components/layout/language-switcher";
import { PagesMenu } from "@/components/layout/pages-menu";
import { UserMenu, initials } from "@/components/layout/user-menu";
import { group, page, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

function clearCookies() {
  for (const c of document.cookie.split(";")) {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("[LAYOUT] dropdowns", () => {
  function renderDropdown() {
    return renderWithProviders(
      <div>
        <Dropdown label="More">
          <a href="/x">Inside</a>
        </Dropdown>
        <button type="button">Elsewhere</button>
      </div>,
    );
  }

  it("open and close with the button, which reports its state", () => {
    renderDropdown();
    const button = screen.getByRole("button", { name: "More" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Inside" })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(button.getAttribute("aria-controls")!)?.textContent).toBe("Inside");
    fireEvent.click(button);
    expect(screen.queryByRole("link", { name: "Inside" })).toBeNull();
  });

  it("Escape closes and gives focus back to the button", () => {
    renderDropdown();
    const button = screen.getByRole("button", { name: "More" });
    fireEvent.click(button);
    const link = screen.getByRole("link", { name: "Inside" });
    link.focus();
    fireEvent.keyDown(link, { key: "Escape" });
    expect(screen.queryByRole("link", { name: "Inside" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes on a click outside, when a link inside is followed, and when navigation starts", () => {
    const { router } = renderDropdown();
    const button = screen.getByRole("button", { name: "More" });
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole("button", { name: "Elsewhere" }));
    expect(button.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(button);
    fireEvent.click(screen.getByRole("link", { name: "Inside" }));
    expect(button.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(button);
    act(() => router.events.emit("routeChangeStart", "/y", { shallow: false }));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("[LAYOUT] user menu", () => {
  it("a visitor gets a login link that brings them back", () => {
    renderWithProviders(<UserMenu user={null} linkPrefix="/group/forest" />, { router: { asPath: "/group/forest/data/list?x=1" } });
    expect(screen.getByRole("link", { name: "Log in / Register" }).getAttribute("href")).toBe(
      `/group/forest/login?forward=${encodeURIComponent("/group/forest/data/list?x=1")}`,
    );
  });

  it("on the register screen the login link has no forward", () => {
    renderWithProviders(<UserMenu user={null} linkPrefix="" />, { router: { asPath: "/register" } });
    expect(screen.getByRole("link", { name: "Log in / Register" }).getAttribute("href")).toBe("/login");
  });

  it("a signed-in user sees initials and a menu with the profile and sign out", () => {
    renderWithProviders(<UserMenu user={user(["ROLE_USER"], "Asha Devi")} linkPrefix="" />, { router: { asPath: "/chart" } });
    // Its name starts with the initials it shows (WCAG 2.5.3, issue 28 item 9 n).
    const trigger = screen.getByRole("button", { name: "AD: Account menu for Asha Devi" });
    expect(trigger.textContent).toBe("AD");
    fireEvent.click(trigger);
    expect(screen.getByRole("link", { name: "Asha Devi" }).getAttribute("href")).toBe("/user/show/7");
    expect(screen.getByRole("link", { name: "Sign out" }).getAttribute("href")).toBe("/logout?forward=%2Fchart");
  });

  it("initials come from the first and last word; no name gives the person icon", () => {
    expect(initials("asha  kumari devi")).toBe("AD");
    expect(initials("Ravi")).toBe("R");
    expect(initials("   ")).toBe("");
    renderWithProviders(<UserMenu user={user(["ROLE_USER"], " ")} linkPrefix="" />);
    expect(screen.getByRole("button", { name: /Account menu/ }).querySelector("svg")).toBeTruthy();
  });
});

describe("[LAYOUT] language switcher", () => {
  it("marks the current language and switches to the chosen one, remembering it in a cookie", () => {
    const { router } = renderWithProviders(<LanguageSwitcher />, {
      router: { pathname: "/page/show/[pageId]", query: { pageId: "45" }, asPath: "/page/show/45" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Language: English" }));
    const english = screen.getByRole("link", { name: "English" });
    const hindi = screen.getByRole("link", { name: "हिन्दी" });
    expect(english.getAttribute("aria-current")).toBe("true");
    expect(hindi.getAttribute("aria-current")).toBeNull();
    expect(hindi.getAttribute("lang")).toBe("hi");

    fireEvent.click(hindi);
    expect(router.push).toHaveBeenCalledTimes(1);
    expect(router.push.mock.calls[0]?.slice(0, 2)).toEqual(["/page/show/45", "/page/show/45"]);
    expect(router.push.mock.calls[0]?.[2]).toMatchObject({ locale: "hi" });
    expect(document.cookie).toContain("NEXT_LOCALE=hi");
  });

  it("on first visit stores the current language, and later keeps the stored one", () => {
    function Probe({ lang }: { lang: string }) {
      useLocaleCookie(lang);
      return null;
    }
    renderWithProviders(<Probe lang="hi" />);
    expect(document.cookie).toContain("NEXT_LOCALE=hi");
    cleanup();
    renderWithProviders(<Probe lang="en" />);
    expect(document.cookie).toContain("NEXT_LOCALE=hi");
    expect(document.cookie).not.toContain("NEXT_LOCALE=en");
  });
});

describe("[LAYOUT] pages menu", () => {
  it("lists the whole tree, hidden-from-menu pages included, parents before their children", () => {
    renderWithProviders(<PagesMenu pages={[page(45, "About", [page(46, "Team", [], { showInMenu: false })]), page(63, "Donate")]} linkPrefix="/group/forest" />);
    fireEvent.click(screen.getByRole("button", { name: "Pages" }));
    const panel = document.getElementById(screen.getByRole("button", { name: "Pages" }).getAttribute("aria-controls")!)!;
    const links = within(panel).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["About", "/group/forest/page/show/45"],
      ["Team", "/group/forest/page/show/46"],
      ["Donate", "/group/forest/page/show/63"],
    ]);
    expect(within(panel).getAllByRole("separator")).toHaveLength(1);
  });

  it("with no pages offers one entry to the empty-pages screen", () => {
    renderWithProviders(<PagesMenu pages={[]} linkPrefix="" />);
    fireEvent.click(screen.getByRole("button", { name: "Pages" }));
    expect(screen.getByRole("link", { name: "No pages" }).getAttribute("href")).toBe("/page/empty");
  });
});

describe("[LAYOUT] microsites dropdown", () => {
  const groups = [
    group(1, "Sacred Groves", { nameLocal: "देवराई" }),
    group(2, "Wetland Keepers", { webAddress: "https://wetlands.example.org" }),
    group(3, "Forest (North)", { icon: null }),
  ];

  it("opens a focused, labelled search with every microsite and a see-all link", () => {
    renderWithProviders(<GroupsDropdown groups={groups} />);
    fireEvent.click(screen.getByRole("button", { name: "Microsites" }));
    const search = screen.getByRole("searchbox", { name: "Search microsites" });
    expect(document.activeElement).toBe(search);
    expect(screen.getByRole("link", { name: /Sacred Groves/ }).getAttribute("href")).toBe("/group/sacred-groves");
    expect(screen.getByRole("link", { name: /Wetland Keepers/ }).getAttribute("href")).toBe("https://wetlands.example.org");
    const logo = screen.getByRole("link", { name: /Sacred Groves/ }).querySelector("img");
    expect(logo?.getAttribute("loading")).toBe("lazy");
    expect(logo?.getAttribute("src")).toBe("/files-api/api/get/crop/userGroups/logos/1.png?w=40");
    expect(screen.getByRole("link", { name: /See all/ }).getAttribute("href")).toBe("/group/list");
  });

  it("inside a group, 'see all' stays in the group", () => {
    renderWithProviders(<GroupsDropdown groups={groups} linkPrefix="/group/sacred-groves" />);
    fireEvent.click(screen.getByRole("button", { name: "Microsites" }));
    expect(screen.getByRole("link", { name: /See all/ }).getAttribute("href")).toBe("/group/sacred-groves/group/list");
  });

  it("filters 200 ms after typing stops, by name or local name, and shows a message when nothing matches", () => {
    vi.useFakeTimers();
    renderWithProviders(<GroupsPanel groups={groups} />);
    const search = screen.getByRole("searchbox", { name: "Search microsites" });
    const names = () => screen.queryAllByRole("link", { name: /Groves|Keepers|Forest/ }).length;

    fireEvent.change(search, { target: { value: "देवराई" } });
    act(() => vi.advanceTimersByTime(150));
    expect(names()).toBe(3);
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole("link", { name: /Sacred Groves/ })).toBeTruthy();
    expect(names()).toBe(1);

    fireEvent.change(search, { target: { value: "(north" } });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole("link", { name: /Forest \(North\)/ })).toBeTruthy();
    expect(names()).toBe(1);

    fireEvent.change(search, { target: { value: "[" } });
    act(() => vi.advanceTimersByTime(200));
    expect(names()).toBe(0);
    expect(screen.getByRole("status").textContent).toBe("No microsites found");
  });
});
