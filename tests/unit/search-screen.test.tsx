import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import axe from "axe-core";
import type { AxiosInstance } from "axios";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchAnswer, SearchHit, SearchKind } from "@/contracts/search";
import type { LayoutData } from "@/contracts/layout";
import { Layout } from "@/components/layout/layout";
import { searchSite } from "@/lib/api/search";
import { SearchScreen } from "@/features/search/search-screen";
import { hitHref, parseSearchQuery, searchFailure, searchHref, searchParams, type SearchRequest } from "@/features/search/search-query";
import type { SearchProps } from "@/features/search/search.ssr";
import { FOREST_GROUP, group, layoutData } from "./helpers/fixtures";
import { createMockRouter } from "./helpers/mock-router";
import { Providers, renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const NAMESPACES = ["common", "header", "search"];

const text = (...parts: (string | [string])[]) => parts.map((p) => (typeof p === "string" ? { text: p, match: false } : { text: p[0], match: true }));

function hit(kind: SearchKind, id: number, path: string, extra: Partial<SearchHit> = {}): SearchHit {
  return { kind, id, title: text(`Title ${id}`), snippet: [], path, language: "en", fuzzy: false, ...extra };
}

const COUNTS = { record: 12, page: 3, document: 0, group: 1, layer: 0, user: 2 };

function answer(overrides: Partial<SearchAnswer> = {}): SearchAnswer {
  return {
    query: "sacred grove",
    hits: [
      hit("record", 12, "/data/show/12", { title: text(["Sacred"], " ", ["grove"], " of Mawphlang"), snippet: text("The ", ["sacred"], " forest is kept by the village.") }),
      hit("page", 45, "/page/show/45", { title: text("About ", ["sacred"], " groves") }),
      hit("group", 1, "/group/sacred-groves", { title: text(["Sacred"], " Groves") }),
      hit("user", 7, "/user/show/7", { title: text("Asha Devi"), fuzzy: true }),
    ],
    total: 18,
    counts: COUNTS,
    countCap: 500,
    offset: 0,
    limit: 20,
    suggestion: null,
    ...overrides,
  };
}

const REQUEST: SearchRequest = { q: "sacred grove", kind: null, offset: 0 };

function renderScreen(props: Partial<SearchProps> = {}, { lang = "en" as "en" | "hi", layout = layoutData() }: { lang?: "en" | "hi"; layout?: LayoutData } = {}) {
  const all: SearchProps = { request: REQUEST, answer: answer(), failure: null, ...props };
  return renderWithProviders(<SearchScreen {...all} layout={layout} />, { lang, namespaces: NAMESPACES });
}

const hrefOf = (name: string | RegExp) => screen.getByRole("link", { name }).getAttribute("href");

describe("[SEARCH] the results", () => {
  it("lists each hit with its kind, its title as a link and the matched words marked", () => {
    renderScreen();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Search");
    const items = within(screen.getByRole("region", { name: "Results" })).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    const first = items[0]!;
    expect(within(first).getByText("CCA record")).toBeTruthy();
    const title = within(first).getByRole("heading", { level: 2 });
    expect(title.textContent).toBe("Sacred grove of Mawphlang");
    expect(within(title).getByRole("link").getAttribute("href")).toBe("/data/show/12");
    expect([...first.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["Sacred", "grove", "sacred"]);
    expect(first.textContent).toContain("The sacred forest is kept by the village.");
    expect(within(items[1]!).getByText("Page")).toBeTruthy();
    expect(within(items[2]!).getByText("Microsite")).toBeTruthy();
    // Found by spelling tolerance: said so.
    expect(within(items[3]!).getByText("Similar spelling")).toBeTruthy();
    expect(within(items[0]!).queryByText("Similar spelling")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Results 1–4 of 18 for “sacred grove”");
  });

  it("the type filter shows All and each kind with hits, with its count; the chosen one is current", () => {
    renderScreen({ request: { ...REQUEST, kind: "page" }, answer: answer({ total: 3 }) });
    const filter = screen.getByRole("navigation", { name: "Filter by type" });
    const links = within(filter).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["All (18)", "CCA records (12)", "Pages (3)", "Microsites (1)", "People (2)"]);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/search?q=sacred+grove",
      "/search?q=sacred+grove&kind=record",
      "/search?q=sacred+grove&kind=page",
      "/search?q=sacred+grove&kind=group",
      "/search?q=sacred+grove&kind=user",
    ]);
    expect(links.filter((a) => a.getAttribute("aria-current") === "page").map((a) => a.getAttribute("href"))).toEqual(["/search?q=sacred+grove&kind=page"]);
    // Reachable with the keyboard: plain links, in order.
    links[0]!.focus();
    expect(document.activeElement).toBe(links[0]);
  });

  it("a count at the cap reads “at least”: 500+, and the pages stop where counting stopped", () => {
    renderScreen({
      request: { q: "grove", kind: "record", offset: 0 },
      answer: answer({ query: "grove", total: 500, counts: { ...COUNTS, record: 500 }, hits: Array.from({ length: 20 }, (_, i) => hit("record", 100 + i, `/data/show/${100 + i}`)) }),
    });
    expect(screen.getByRole("status").textContent).toBe("Results 1–20 of 500+ for “grove”");
    const filter = screen.getByRole("navigation", { name: "Filter by type" });
    expect(within(filter).getAllByRole("link").map((a) => a.textContent)).toEqual(["All (500+)", "CCA records (500+)", "Pages (3)", "Microsites (1)", "People (2)"]);
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager).getByRole("link", { name: "Page 25" })).toBeTruthy();
    expect(within(pager).queryByRole("link", { name: "Page 26" })).toBeNull();
  });

  it("pages with previous and next links that keep the query and the kind", () => {
    renderScreen({ request: { q: "grove", kind: "record", offset: 20 }, answer: answer({ query: "grove", total: 57, offset: 20, hits: Array.from({ length: 20 }, (_, i) => hit("record", 100 + i, `/data/show/${100 + i}`)) }) });
    expect(screen.getByRole("status").textContent).toBe("Results 21–40 of 57 for “grove”");
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/search?q=grove&kind=record");
    expect(within(pager).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/search?q=grove&kind=record&offset=40");
    expect(within(pager).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("“did you mean” is a link to the corrected search", () => {
    renderScreen({ request: { ...REQUEST, q: "scared grov" }, answer: answer({ query: "scared grov", hits: [], total: 0, counts: { record: 0, page: 0, document: 0, group: 0, layer: 0, user: 0 }, suggestion: "sacred grove" }) });
    const link = screen.getByRole("link", { name: "sacred grove" });
    expect(link.getAttribute("href")).toBe("/search?q=sacred+grove");
    expect(link.closest("p")!.textContent).toBe("Did you mean sacred grove?");
  });

  it("nothing found: says so with tips, a way back to every type and the web search", () => {
    renderScreen({ request: { q: "zzqx", kind: "document", offset: 0 }, answer: answer({ query: "zzqx", hits: [], total: 0, counts: { record: 0, page: 0, document: 0, group: 0, layer: 0, user: 0 } }) });
    expect(screen.getByRole("heading", { level: 2, name: "Nothing found for “zzqx”" })).toBeTruthy();
    expect(screen.getByText("Check the spelling, or try another way of writing the name.")).toBeTruthy();
    expect(hrefOf("Search every type")).toBe("/search?q=zzqx");
    expect(hrefOf(/Search the web for “zzqx”/)).toBe("https://www.google.com/search?as_sitesearch=localhost&q=zzqx");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    // The chosen kind stays in the filter, with its zero.
    expect(within(screen.getByRole("navigation", { name: "Filter by type" })).getByRole("link", { current: "page" }).textContent).toBe("Documents (0)");
  });

  it("without a query: the form and what search finds, no results", () => {
    renderScreen({ request: { q: "", kind: null, offset: 0 }, answer: null });
    expect(screen.getByRole("heading", { level: 2, name: "What are you looking for?" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Filter by type" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Search the web/ })).toBeNull();
    expect((screen.getByRole("searchbox", { name: /Search records/ }) as HTMLInputElement).value).toBe("");
  });

  it("a failed search says so, offers a retry and the web search", () => {
    const { router } = renderScreen({ answer: null, failure: "failed" });
    expect(screen.getByRole("alert").textContent).toContain("The search could not be done just now.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(router.replace).toHaveBeenCalledWith(router.asPath);
    expect(hrefOf(/Search the web for “sacred grove”/)).toContain("as_sitesearch=localhost");
  });

  it("a refused query shows the contract's field error", () => {
    renderScreen({ answer: null, failure: "search:errors.query" });
    expect(screen.getByRole("alert").textContent).toBe("Type at least one word to search.");
  });

  it("the form is prefilled; submitting searches the new words, an empty one focuses the field", () => {
    const { router } = renderScreen();
    const input = screen.getByRole("searchbox", { name: /Search records/ }) as HTMLInputElement;
    expect(input.value).toBe("sacred grove");
    const form = input.closest("form")!;
    expect(form.getAttribute("action")).toBe("/search");
    fireEvent.change(input, { target: { value: "  " } });
    fireEvent.submit(form);
    expect(router.push).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "orans" } });
    fireEvent.submit(form);
    expect(router.push).toHaveBeenCalledWith("/search?q=orans");
  });

  it("renders on the server: the hits and their marks are in the HTML", () => {
    const html = renderToString(
      <Providers router={createMockRouter({ pathname: "/search", asPath: "/search?q=sacred+grove" })} lang="en" namespaces={NAMESPACES}>
        <SearchScreen request={REQUEST} answer={answer()} failure={null} layout={layoutData()} />
      </Providers>,
    );
    expect(html).toContain('href="/data/show/12"');
    expect(html).toMatch(/<mark[^>]*>Sacred<\/mark>/);
    expect(html).toContain('value="sacred grove"');
  });
});

describe("[SEARCH] in Hindi and inside a group", () => {
  it("speaks Hindi", () => {
    renderScreen({}, { lang: "hi" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("खोज");
    expect(screen.getByRole("button", { name: "खोजें" })).toBeTruthy();
    const filter = screen.getByRole("navigation", { name: "प्रकार के अनुसार छाँटें" });
    expect(within(filter).getAllByRole("link")[0]!.textContent).toBe("सभी (18)");
    expect(screen.getAllByText("सीसीए रिकॉर्ड").length).toBeGreaterThan(0);
    expect(screen.getByText("मिलती-जुलती वर्तनी")).toBeTruthy();
    expect(screen.getByRole("link", { name: /वेब पर “sacred grove” खोजें/ })).toBeTruthy();
    expect((screen.getByRole("searchbox", { name: /खोजें/ }).closest("form") as HTMLFormElement).getAttribute("action")).toBe("/hi/search");
  });

  it("Hindi: “did you mean” reads as one sentence", () => {
    renderScreen({ answer: answer({ hits: [], total: 0, suggestion: "देवराई" }) }, { lang: "hi" });
    expect(screen.getByRole("link", { name: "देवराई" }).closest("p")!.textContent).toBe("क्या आपका मतलब था: देवराई?");
  });

  it("inside a group: records, pages, documents and the map keep the group prefix; microsites and people the main site's", () => {
    const layout = layoutData({ currentGroup: FOREST_GROUP });
    const hits = [
      hit("record", 12, "/data/show/12"),
      hit("page", 45, "/page/show/45"),
      hit("document", 3, "/document/show/3"),
      hit("layer", 9, "/map?layers=forest_cover"),
      hit("group", 1, "/group/sacred-groves"),
      hit("user", 7, "/user/show/7"),
    ];
    renderScreen({ answer: answer({ hits, total: 6 }) }, { layout });
    const links = within(screen.getByRole("region", { name: "Results" })).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/group/forest-commons/data/show/12",
      "/group/forest-commons/page/show/45",
      "/group/forest-commons/document/show/3",
      "/group/forest-commons/map?layers=forest_cover",
      "/group/sacred-groves",
      "/user/show/7",
    ]);
    expect(hrefOf("All (18)")).toBe("/group/forest-commons/search?q=sacred+grove");
    expect(screen.getByText(/Searching in Forest Commons\./)).toBeTruthy();
    expect(hrefOf("Search the whole portal")).toBe("/search?q=sacred+grove");
    expect(screen.getByRole("searchbox", { name: /Search records/ }).closest("form")!.getAttribute("action")).toBe("/group/forest-commons/search");
  });

  it("links carry the visitor's language prefix (Next's i18n routing on)", () => {
    const before = process.env.__NEXT_I18N_SUPPORT;
    process.env.__NEXT_I18N_SUPPORT = "true";
    try {
      renderScreen({}, { lang: "hi", layout: layoutData({ currentGroup: FOREST_GROUP }) });
      const links = within(screen.getByRole("region", { name: "परिणाम" })).getAllByRole("link");
      expect(links[0]!.getAttribute("href")).toBe("/hi/group/forest-commons/data/show/12");
      expect(links[3]!.getAttribute("href")).toBe("/hi/user/show/7");
    } finally {
      if (before === undefined) delete process.env.__NEXT_I18N_SUPPORT;
      else process.env.__NEXT_I18N_SUPPORT = before;
    }
  });
});

describe("[A11Y] the search screen in the chrome", () => {
  async function seriousViolations() {
    // Colour contrast needs real layout and is checked in the browser (e2e).
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }

  it.each([
    ["results, English, main site", "en", layoutData(), answer()],
    ["nothing found, Hindi, inside a group", "hi", layoutData({ currentGroup: FOREST_GROUP }), answer({ hits: [], total: 0, suggestion: "sacred groves" })],
  ] as const)("%s: no serious axe violations", async (_name, lang, layout, shown) => {
    renderWithProviders(
      <Layout data={layout}>
        <SearchScreen request={REQUEST} answer={shown} failure={null} layout={layout} />
      </Layout>,
      { lang, namespaces: NAMESPACES },
    );
    expect(await seriousViolations()).toEqual([]);
  });
});

describe("[SEARCH] the address and the call", () => {
  it("reads q, kind and offset from the address (trimmed, unknown kinds and bad offsets dropped)", () => {
    expect(parseSearchQuery({ q: "  sacred   grove ", kind: "record", offset: "40" })).toEqual({ q: "sacred grove", kind: "record", offset: 40 });
    expect(parseSearchQuery({ q: ["a", "b"], kind: "everything", offset: "-3" })).toEqual({ q: "a", kind: null, offset: 0 });
    expect(parseSearchQuery({ offset: "1.5" })).toEqual({ q: "", kind: null, offset: 0 });
    expect(parseSearchQuery({ q: "x".repeat(300) }).q).toHaveLength(200);
  });

  it("asks in the visitor's language, inside a group for that group only", () => {
    expect(searchParams({ q: "grove", kind: null, offset: 0 }, null, "hi")).toEqual({ q: "grove", language: "hi", offset: 0, limit: 20 });
    expect(searchParams({ q: "grove", kind: "page", offset: 20 }, 3, "en")).toEqual({ q: "grove", kind: "page", userGroupId: 3, language: "en", offset: 20, limit: 20 });
  });

  it("calls GET esmodule-api/api/v1/search through the client it is given", async () => {
    const get = vi.fn(async () => ({ data: answer() }));
    const result = await searchSite({ get } as unknown as AxiosInstance, { q: "grove", language: "en" });
    expect(get).toHaveBeenCalledWith("esmodule-api/api/v1/search", { params: { q: "grove", language: "en" } });
    expect(result.total).toBe(18);
  });

  it("keeps the contract's field errors, anything else is a failure", () => {
    expect(searchFailure({ q: "search:errors.query" })).toBe("search:errors.query");
    expect(searchFailure({ kind: "search:errors.kind" })).toBe("search:errors.kind");
    expect(searchFailure({ q: "<b>not a key</b>" })).toBe("failed");
    expect(searchFailure(undefined)).toBe("failed");
  });

  it("builds addresses and hit links; a path that is not the portal's is not linked; a group on its own domain is linked there", () => {
    expect(searchHref("", { q: "a b", kind: null, offset: 0 })).toBe("/search?q=a+b");
    expect(searchHref("/group/x", { q: "", kind: null, offset: 0 })).toBe("/group/x/search");
    expect(hitHref({ kind: "record", id: 1, path: "//evil.example/x" }, "", [])).toBeNull();
    expect(hitHref({ kind: "page", id: 1, path: "https://evil.example/" }, "", [])).toBeNull();
    const own = group(4, "Own", { webAddress: "https://own.example.org" });
    expect(hitHref({ kind: "group", id: 4, path: "/group/own" }, "/group/forest-commons", [own])).toBe("https://own.example.org");
  });
});
