import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CCAField } from "@/contracts/template";
import type { SessionUser } from "@/contracts/user";
import { LoginScreen } from "@/features/auth/login-screen";
import { PAGE_CSS } from "@/features/page/page-styles";
import { ParticipateListScreen } from "@/features/participate/participate-list-screen";
import type { ParticipateCard, ParticipateListProps } from "@/features/participate/participate-list.ssr";
import { ParticipateSuccess, recordTitleOf } from "@/features/participate/participate-success";
import { SessionProvider } from "@/components/auth/session-context";
import { loadToaster } from "@/components/ui/toaster";
import { FOREST_GROUP, layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function renderScreen(ui: ReactElement, { lang = "en", viewer = null, asPath = "/participate/list" }: { lang?: "en" | "hi"; viewer?: SessionUser | null; asPath?: string } = {}) {
  return renderWithProviders(
    <SessionProvider initialUser={viewer}>
      {/* The content pages' classes, as the static stylesheet the document links brings them. */}
      <style>{PAGE_CSS}</style>
      <main>{ui}</main>
    </SessionProvider>,
    { lang, namespaces: ["common", "header", "template", "form", "page", "auth"], router: { pathname: asPath, asPath } },
  );
}

/** The value the page's style rules declare for `property` on `el` (the last matching rule wins; happy-dom does not resolve Chakra's variables). */
function declared(el: Element, property: string): string {
  let value = "";
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule instanceof CSSStyleRule && el.matches(rule.selectorText)) value = rule.style.getPropertyValue(property) || value;
    }
  }
  return value;
}

const INTRO = {
  title: "How to participate",
  html: '<h2 id="add-what-you-know">Add what you know</h2><ol><li>Create an account.</li><li>Choose a form.</li></ol><p>Communities decide.</p>',
};

const CARDS: ParticipateCard[] = [
  { shortName: "master", name: "CCA inventory", description: "", isMaster: true },
  { shortName: "sacred-grove-survey", name: "Sacred grove survey", description: "A field survey of a sacred grove.", isMaster: false },
];

function listProps(overrides: Partial<ParticipateListProps> = {}): ParticipateListProps {
  return { intro: INTRO, templates: CARDS, forward: null, ...overrides };
}

describe("[PARTICIPATE] /participate/list tells members what submitting does", () => {
  it("promises what happens (the contributor chooses who sees it; public at once unless the form asks for a curator's review; otherwise out of public lists; curators; editing later)", () => {
    renderScreen(<ParticipateListScreen {...listProps()} layout={layoutData({ user: user() })} />, { viewer: user() });
    const promise = screen.getByRole("region", { name: "What happens when you submit" });
    const items = within(promise).getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "You choose who may see your record. Shared with everyone, it is published at once, unless its form asks for a curator's review first: then it is marked “waiting for review” and appears once a curator publishes it.",
      expect.stringContaining("it stays out of the public lists, map and downloads"),
      "Curators may edit or remove it to keep the inventory accurate.",
      "You can edit it later from the record's page or your profile.",
    ]);
    expect(document.body.textContent).not.toMatch(/reviews? (the|a|your) record/i);
  });

  it("says the same in Hindi", () => {
    renderScreen(<ParticipateListScreen {...listProps()} layout={layoutData({ user: user() })} />, { viewer: user(), lang: "hi" });
    const promise = screen.getByRole("region", { name: "भेजने के बाद क्या होता है" });
    expect(within(promise).getAllByRole("listitem")[0]!.textContent).toBe("आप चुनते हैं कि आपका रिकॉर्ड कौन देख सकता है। सभी के साथ साझा करने पर वह तुरंत प्रकाशित हो जाता है, जब तक कि उसका फ़ॉर्म पहले क्यूरेटर की समीक्षा न माँगे: तब वह “समीक्षा की प्रतीक्षा में” चिह्नित रहता है और किसी क्यूरेटर के प्रकाशित करने पर ही दिखता है।");
  });

  it("renders the intro's headings and numbered steps with the content pages' prose styles (not stripped by the preflight)", () => {
    renderScreen(<ParticipateListScreen {...listProps()} layout={layoutData({ user: user() })} />, { viewer: user() });
    const intro = screen.getByTestId("participate-intro");
    expect(intro.classList.contains("cca-ps-prose")).toBe(true);
    const steps = within(intro).getByRole("list");
    expect(steps.tagName).toBe("OL");
    expect(getComputedStyle(steps).listStyleType).toBe("decimal");
    const heading = within(intro).getByRole("heading", { level: 2, name: "Add what you know" });
    expect(declared(heading, "font-size")).toBe("var(--chakra-font-sizes-2xl)");
    expect(declared(heading, "font-weight")).toBe("var(--chakra-font-weights-bold)");
    expect(declared(steps, "padding-left")).toMatch(/^var\(--chakra-spacing-6\)$/);
  });

  it("shows members the forms without curator information: no platform badges, the master template described for members", () => {
    renderScreen(<ParticipateListScreen {...listProps()} layout={layoutData({ user: user() })} />, { viewer: user() });
    const list = screen.getByTestId("participate-list");
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole("heading", { name: "CCA inventory" })).toBeTruthy();
    expect(cards[0]!.textContent).toContain("The complete form for a community conserved area");
    expect(cards[1]!.textContent).toContain("A field survey of a sacred grove.");
    expect(list.textContent).not.toMatch(/DESKTOP|MOBILE|master template/i);
    expect(within(cards[1]!).getByRole("link", { name: "Fill in Sacred grove survey" }).getAttribute("href")).toBe("/participate/sacred-grove-survey");
  });

  it.each(["en", "hi"] as const)("has no serious accessibility problems for a member in %s", async (lang) => {
    renderScreen(<ParticipateListScreen {...listProps()} layout={layoutData({ user: user() })} />, { viewer: user(), lang });
    expect(await seriousViolations()).toEqual([]);
  });
});

describe("[PARTICIPATE] a visitor reads how participation works before signing in", () => {
  it("shows the intro and the promise, and asks to sign in (and come back) instead of listing forms", () => {
    renderScreen(<ParticipateListScreen {...listProps({ templates: null, forward: "/participate/list" })} layout={layoutData()} />);
    expect(screen.getByTestId("participate-intro")).toBeTruthy();
    expect(screen.getByRole("region", { name: "What happens when you submit" })).toBeTruthy();
    expect(screen.queryByTestId("participate-list")).toBeNull();
    const call = screen.getByRole("region", { name: "Sign in to participate" });
    expect(call.textContent).toContain("Filling in a form needs an account");
    expect(within(call).getByRole("link", { name: "Sign in to participate" }).getAttribute("href")).toBe("/login?forward=%2Fparticipate%2Flist");
    expect(within(call).getByRole("link", { name: "New here? Create an account" }).getAttribute("href")).toBe("/register?forward=%2Fparticipate%2Flist");
  });

  it("in a group and in Hindi, signs in within the group", async () => {
    renderScreen(<ParticipateListScreen {...listProps({ templates: null, forward: "/group/forest-commons/participate/list" })} layout={layoutData({ currentGroup: FOREST_GROUP })} />, { lang: "hi" });
    const call = screen.getByRole("region", { name: "भाग लेने के लिए साइन इन करें" });
    expect(within(call).getByRole("link", { name: "भाग लेने के लिए साइन इन करें" }).getAttribute("href")).toBe("/group/forest-commons/login?forward=%2Fgroup%2Fforest-commons%2Fparticipate%2Flist");
    expect(await seriousViolations()).toEqual([]);
  });

  it("the sign-in screen explains why when a participation screen sent the visitor", () => {
    renderScreen(<LoginScreen forward="/participate/sacred-grove-survey" layout={layoutData()} />, { asPath: "/login" });
    const reason = screen.getByTestId("sign-in-reason");
    expect(reason.textContent).toContain("To add a record to the inventory, please sign in.");
    expect(within(reason).getByRole("link", { name: "See how participation works" }).getAttribute("href")).toBe("/participate/list");
  });

  it("the sign-in screen says nothing about participating otherwise, and in Hindi explains it", () => {
    renderScreen(<LoginScreen forward="/user/show/3" layout={layoutData()} />, { asPath: "/login" });
    expect(screen.queryByTestId("sign-in-reason")).toBeNull();
    cleanup();
    renderScreen(<LoginScreen forward="/group/forest-commons/participate/list" layout={layoutData({ currentGroup: FOREST_GROUP })} />, { asPath: "/login", lang: "hi" });
    const reason = screen.getByTestId("sign-in-reason");
    expect(reason.textContent).toContain("सूची में रिकॉर्ड जोड़ने के लिए कृपया साइन इन करें।");
    // Coming from the list, they have read how it works already.
    expect(within(reason).queryByRole("link")).toBeNull();
  });
});

function field(fieldId: string, extra: Partial<CCAField> = {}): CCAField {
  return {
    fieldId,
    type: "TEXT",
    name: fieldId,
    question: "",
    helpText: "",
    isRequired: false,
    isMasterField: false,
    isSummaryField: false,
    isFilterable: false,
    isTitleColumn: false,
    isChart: false,
    minMax: [],
    valueOptions: [],
    publicPrecision: null,
    createdOn: "",
    updatedOn: "",
    children: [],
    ...extra,
  };
}

describe("[PARTICIPATE] after submitting, the member sees the record is published and what to do next", () => {
  it("names the record by its title fields (inside sections too)", () => {
    const fields = [field("h", { type: "HEADING", children: [field("name", { isTitleColumn: true }), field("notes")] }), field("year", { type: "YEAR", isTitleColumn: true })];
    expect(recordTitleOf(fields, { name: " Devara Kadu ", notes: "x", year: 1950 })).toBe("Devara Kadu, 1950");
    expect(recordTitleOf(fields, { name: "", notes: "x" })).toBe("");
  });

  it("announces the result, takes the focus, and offers view, edit, add another and share", async () => {
    const onAddAnother = vi.fn();
    renderScreen(<ParticipateSuccess recordId={42} recordTitle="Devara Kadu" linkPrefix="" onAddAnother={onAddAnother} />, { viewer: user(), asPath: "/participate/sacred-grove-survey" });
    const status = screen.getByRole("status");
    expect(within(status).getByRole("heading", { level: 1, name: "Your CCA is published" })).toBeTruthy();
    expect(status.textContent).toContain("“Devara Kadu” is on the portal now.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })));
    expect(screen.getByRole("link", { name: "View your record" }).getAttribute("href")).toBe("/data/show/42");
    expect(screen.getByRole("link", { name: "Edit your record" }).getAttribute("href")).toBe("/data/edit/42");
    expect(screen.getByRole("link", { name: "All forms" }).getAttribute("href")).toBe("/participate/list");
    fireEvent.click(screen.getByRole("button", { name: "Add another record" }));
    expect(onAddAnother).toHaveBeenCalledTimes(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it("copies the record's address for sharing", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderScreen(<ParticipateSuccess recordId={42} recordTitle="" linkPrefix="/group/forest-commons" onAddAnother={() => undefined} />, { viewer: user(), lang: "hi", asPath: "/participate/sacred-grove-survey" });
    expect(screen.getByRole("status").textContent).toContain("आपका रिकॉर्ड अब पोर्टल पर है।");
    expect(screen.getByRole("heading", { level: 1, name: "आपका सीसीए प्रकाशित हो गया" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "अपने रिकॉर्ड का लिंक कॉपी करें" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/hi/group/forest-commons/data/show/42`));
    // The "copied" toast loads the toast host on first use: let it load before the file's environment goes.
    await loadToaster();
  });
});
