/** Issue 28 item 9: the smaller fixes a visitor, member or administrator notices on screen. */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataChart } from "@/contracts/chart";
import type { CCAField, CCATemplateSummary, FieldType } from "@/contracts/template";
import { PhoneField } from "@/components/form/phone-field";
import { GroupsPanel } from "@/components/layout/groups-dropdown";
import { NavbarPages } from "@/components/layout/navbar-pages";
import { ChartScreen } from "@/features/chart/chart-screen";
import { dataListQueryString, dataQueryParams, EMPTY_STATE, parseDataListQuery, shownSort, sortChoices, withSort } from "@/features/data/data-list-query";
import { ParticipateFormScreen } from "@/features/participate/participate-form-screen";
import { GroupListScreen } from "@/features/group/group-list-screen";
import { TemplateListScreen } from "@/features/template/template-list-screen";
import { chartViews } from "@/features/chart/chart.ssr";
import { group, layoutData, page, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

/** The CSS declarations of the rules naming an element's classes (Emotion's sheet, as the browser has it). */
function declarationsOf(element: Element): string {
  const css = [...document.querySelectorAll("style")]
    .map((style) => style.textContent || [...(style.sheet?.cssRules ?? [])].map((r) => r.cssText).join(""))
    .join("")
    .replace(/\s+/g, "");
  const found: string[] = [];
  for (const cls of element.classList) {
    const escaped = cls.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const match of css.matchAll(new RegExp(`\\.${escaped}(?![\\w-])[^{}]*\\{([^{}]*)\\}`, "g"))) found.push(match[1]!);
  }
  return found.join(";");
}

const chartField = (fieldId: string, name: string, type: FieldType, options: string[] = []): CCAField =>
  ({
    fieldId,
    type,
    name,
    question: name,
    helpText: "",
    isRequired: false,
    isMasterField: true,
    isSummaryField: false,
    isFilterable: true,
    isTitleColumn: false,
    isChart: true,
    minMax: null,
    valueOptions: options.map((o, i) => ({ valueId: `${fieldId}-${i}`, value: o, label: o })),
    publicPrecision: null,
    createdOn: "2026-11-27T06:00:00.000Z",
    updatedOn: "2026-11-27T06:00:00.000Z",
    children: [],
  }) as unknown as CCAField;

describe("[CHART] each chart says what its bars count", () => {
  // As the demo: 62 records placed by location; 55 of them come from forms that ask the "State" question.
  const chart: DataChart = {
    total: 62,
    satewiseAggregation: { Odisha: 8, Nagaland: 6, "?": 48 },
    aggregation: {
      state: [
        { _id: "Odisha", count: 6 },
        { _id: "Nagaland", count: 49 },
      ],
      usage: [
        { _id: "Grazing", count: 40 },
        { _id: "Water", count: 35 },
      ],
    },
    numericAggregation: { "area-ha": { count: 50, sum: 900, min: 1, max: 100, buckets: [{ from: 1, to: 100, count: 50 }] } },
  };
  const fields = [
    chartField("state", "State", "SINGLE_SELECT_DROPDOWN", ["Odisha", "Nagaland"]),
    chartField("usage", "Uses", "MULTI_SELECT_CHECKBOX", ["Grazing", "Water"]),
    chartField("area-ha", "Area", "NUMBER"),
  ];

  it("'CCAs by state' counts every record by its location while 'State' counts the answers to the question, in English", () => {
    const charts = chartViews(chart, fields, "en", "CCAs by state");
    renderWithProviders(<ChartScreen total={62} area={900} charts={charts} loaded layout={layoutData()} />, { namespaces: ["common", "chart"] });
    const byState = screen.getByRole("figure", { name: "CCAs by state" });
    expect(byState.textContent).toContain("Counts every record (62) once, by the state its location on the map lies in");
    const state = screen.getByRole("figure", { name: "State" });
    expect(state.textContent).toContain("55 of 62 records answered it");
    expect(screen.getByRole("figure", { name: "Uses" }).textContent).toContain("each choice is counted and the bars add up to more than the records");
    expect(screen.getByRole("figure", { name: "Area" }).textContent).toContain("Counts the records that gave a value: 50 of 62.");
  });

  it("and in Hindi", () => {
    const charts = chartViews(chart, fields, "hi", "राज्यवार क्षेत्र");
    renderWithProviders(<ChartScreen total={62} area={900} charts={charts} loaded layout={layoutData()} />, { lang: "hi", namespaces: ["common", "chart"] });
    expect(screen.getByRole("figure", { name: "राज्यवार क्षेत्र" }).textContent).toContain("हर रिकॉर्ड (62) एक बार गिना गया है");
    expect(screen.getByRole("figure", { name: "State" }).textContent).toContain("रिकॉर्ड ने इसका उत्तर दिया");
  });
});

describe("[GROUPS] names and logos of microsites", () => {
  const listed = [
    { ...group(1, "देवराई संरक्षक", { nameLocal: "देवराई संरक्षक" }), memberCount: 3, description: "", allowUserToJoin: true },
    { ...group(2, "Wetland Keepers", { nameLocal: "आर्द्रभूमि रक्षक", icon: null }), memberCount: 1, description: "", allowUserToJoin: true },
  ];

  it("/group/list in Hindi shows a local name equal to the name once, and initials where a group has no logo", () => {
    renderWithProviders(<GroupListScreen groups={listed} layout={layoutData()} />, { lang: "hi", namespaces: ["common", "header", "membership", "group", "form"] });
    expect(screen.getAllByText("देवराई संरक्षक")).toHaveLength(1);
    expect(screen.getByText("आर्द्रभूमि रक्षक")).toBeTruthy();
    const initials = screen.getByTestId("group-initials");
    expect(initials.textContent).toBe("WK");
    expect(initials.getAttribute("aria-hidden")).toBe("true");
  });

  it("the microsites menu does the same", () => {
    renderWithProviders(<GroupsPanel groups={listed} />, { lang: "hi" });
    const same = screen.getByRole("link", { name: /देवराई संरक्षक/ });
    expect(same.textContent).toBe("देवराई संरक्षक");
    const noLogo = screen.getByRole("link", { name: /Wetland Keepers/ });
    expect(noLogo.querySelector("img")).toBeNull();
    expect(noLogo.querySelector(".cca-groups-panel__initials")?.textContent).toBe("WK");
  });
});

describe("[TEMPLATES] the list's row links", () => {
  const master = {
    id: 1,
    userId: "1",
    createdOn: "2026-11-27T06:00:00.000Z",
    updatedOn: "2026-11-27T06:00:00.000Z",
    name: "मास्टर टेम्पलेट",
    description: "",
    shortName: "master",
    parentName: null,
    permissions: [],
    platform: ["DESKTOP"],
    language: "hi",
    isDeleted: false,
  } as unknown as CCATemplateSummary;

  it("in Hindi, 'देखें' and 'संपादित करें' are named with the words they show and are at least 24 px targets", () => {
    renderWithProviders(<TemplateListScreen templates={[master]} deleted={[]} layout={layoutData()} />, {
      lang: "hi",
      namespaces: ["common", "template", "form"],
      router: { pathname: "/template/list", asPath: "/template/list" },
    });
    const view = screen.getByRole("link", { name: "मास्टर टेम्पलेट के जवाब देखें" });
    expect(view.textContent).toBe("देखें");
    const edit = screen.getByRole("link", { name: "मास्टर टेम्पलेट संपादित करें" });
    expect(edit.textContent).toBe("संपादित करें");
    for (const link of [view, edit]) {
      expect(declarationsOf(link)).toMatch(/min-height:var\(--chakra-sizes-6\)/);
      expect(declarationsOf(link)).toMatch(/min-width:var\(--chakra-sizes-6\)/);
    }
  });
});

describe("[LAYOUT] a menu link that leaves the site says so", () => {
  const pages = [
    page(5965, "Explore", [
      page(5968, "Our approach"),
      page(5969, "ICCA Registry", [], { pageType: "Redirect", url: "https://www.iccaregistry.org/" }),
      page(5970, "Data list", [], { pageType: "Redirect", url: "/data/list" }),
    ]),
  ];

  it("'ICCA Registry' carries an icon and 'opens another site' in its name; a page of the site does not", () => {
    renderWithProviders(<NavbarPages pages={pages} linkPrefix="" variant="list" />);
    const registry = screen.getByRole("link", { name: "ICCA Registry (opens another site)" });
    expect(registry.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("link", { name: "Our approach" }).querySelector("svg")).toBeNull();
    expect(screen.getByRole("link", { name: "Data list" }).querySelector("svg")).toBeNull();
  });

  it("in Hindi", () => {
    renderWithProviders(<NavbarPages pages={pages} linkPrefix="" variant="list" />, { lang: "hi" });
    expect(screen.getByRole("link", { name: "ICCA Registry (दूसरी साइट खुलेगी)" })).toBeTruthy();
  });
});

describe("[PARTICIPATE] the draft note", () => {
  it("says 'Draft saved' only after something typed was saved, not on an untouched form", async () => {
    window.localStorage.clear();
    const template = { id: 9, name: "Sacred grove survey", description: "", shortName: "sacred-grove-survey", fields: [chartField("grove-name", "Name of the grove", "TEXT")] };
    renderWithProviders(<ParticipateFormScreen template={template} groups={[]} currentGroupId={null} layout={layoutData({ user: user() })} />, {
      namespaces: ["common", "header", "membership", "template", "form", "data"],
      router: { pathname: "/participate/[shortName]", asPath: "/participate/sacred-grove-survey" },
    });
    const status = screen.getByTestId("draft-status");
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(status.textContent).toBe("");
    fireEvent.change(screen.getByRole("textbox", { name: /Name of the grove/ }), { target: { value: "Devara Kadu" } });
    await waitFor(() => expect(status.textContent).toBe("Draft saved in this browser"));
  });
});

describe("[DATA] the data list's sort control and its address", () => {
  it("defaults to newest, or to the best match while searching; only another order is written as ?sort=", () => {
    expect(shownSort(EMPTY_STATE)).toBe("newest");
    expect(sortChoices(EMPTY_STATE)).toEqual(["newest", "oldest", "title"]);
    const searching = parseDataListQuery({ query: "grove" });
    expect(shownSort(searching)).toBe("relevance");
    expect(sortChoices(searching)).toEqual(["relevance", "newest", "oldest", "title"]);

    const byTitle = withSort({ ...EMPTY_STATE, offset: 20 }, "title");
    expect(byTitle.offset).toBe(0);
    expect(dataListQueryString(byTitle)).toBe("?sort=title");
    expect(parseDataListQuery({ sort: "title" }).sort).toBe("title");
    expect(dataQueryParams(byTitle, "en", null)).toMatchObject({ sort: "title" });
    // Back to the default: the address carries no sort.
    expect(dataListQueryString(withSort(byTitle, "newest"))).toBe("");
    expect(dataListQueryString(withSort(searching, "relevance"))).toBe("?query=grove");
    expect(dataListQueryString(withSort(searching, "newest"))).toBe("?query=grove&sort=newest");
    // A made-up order in the address is dropped.
    expect(parseDataListQuery({ sort: "random" }).sort).toBeNull();
  });
});

describe("[FORMS] the mobile-number field", () => {
  it("gives the number the larger share: the country select takes at most 40 % (11rem), the number the rest", () => {
    renderWithProviders(<PhoneField label="Mobile number" name="mobileNumber" value="" onChange={() => undefined} />, { namespaces: ["common", "auth", "form"] });
    const select = screen.getByRole("combobox", { name: "Country code" });
    const root = declarationsOf(select.parentElement!);
    expect(root).toMatch(/width:40%/);
    expect(root).toMatch(/max-width:11rem/);
    const number = declarationsOf(screen.getByRole("textbox", { name: /^Mobile number/ }));
    expect(number).toMatch(/flex:1/);
    expect(number).toMatch(/min-width:0/);
  });
});

describe("[PARTICIPATE] a multi-select field", () => {
  it("of the dropdown kind is ticked with checkboxes like its neighbour, not a Ctrl-click list, and counts the choices", async () => {
    window.localStorage.clear();
    const threats = chartField("threats", "Threats", "MULTI_SELECT_DROPDOWN", ["Fire", "Grazing", "Mining"]);
    const uses = chartField("uses", "Uses", "MULTI_SELECT_CHECKBOX", ["Water", "Wood"]);
    const template = { id: 9, name: "Sacred grove survey", description: "", shortName: "sacred-grove-survey", fields: [threats, uses] };
    renderWithProviders(<ParticipateFormScreen template={template} groups={[]} currentGroupId={null} layout={layoutData({ user: user() })} />, {
      namespaces: ["common", "header", "membership", "template", "form", "data"],
      router: { pathname: "/participate/[shortName]", asPath: "/participate/sacred-grove-survey" },
    });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.querySelector("select[multiple]")).toBeNull();
    const fire = screen.getByRole("checkbox", { name: "Fire" });
    fireEvent.click(fire);
    fireEvent.click(screen.getByRole("checkbox", { name: "Mining" }));
    expect((fire as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByText("2 selected")).toBeTruthy());
    fireEvent.click(fire);
    await waitFor(() => expect(screen.getByText("1 selected")).toBeTruthy());
    expect(screen.getByRole("checkbox", { name: "Water" })).toBeTruthy();
  });
});
