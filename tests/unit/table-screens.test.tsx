import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataTableResponse } from "@/contracts/cca-export";
import type { CCATemplateSummary } from "@/contracts/template";
import { DataTableScreen } from "@/features/data/data-table-screen";
import { parseDataTableQuery } from "@/features/data/data-table-query";
import { TemplateListScreen } from "@/features/template/template-list-screen";
import { layoutData } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/browser-client", () => ({ loadBrowserClient: async () => ({}) }));
vi.mock("@/lib/api/cca-export", () => ({ fetchDataTable: vi.fn(async () => new Promise(() => {})) }));
vi.mock("@/lib/api/cca-data", () => ({ fetchAggregation: vi.fn(async () => new Promise(() => {})) }));

afterEach(cleanup);

/** The declarations of the rules that style an element through its classes (Emotion's sheet, as the browser has it). */
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

/** What makes a table readable: cells and header cells padded apart, a line under each row. */
function expectRecipeStyles(cell: Element, what: string) {
  const css = declarationsOf(cell);
  expect(css, what).toMatch(/padding-inline:var\(--chakra-spacing-/);
  expect(css, what).toMatch(/padding-block:var\(--chakra-spacing-/);
  expect(css, what).toMatch(/border-bottom-width:1px/);
}

const template = (shortName: string, name: string): CCATemplateSummary => ({
  id: shortName.length,
  userId: "1",
  createdOn: "2026-11-27T06:00:00.000Z",
  updatedOn: "2026-11-27T06:00:00.000Z",
  name,
  description: "",
  shortName,
  parentName: null,
  permissions: [],
  platform: ["DESKTOP"],
  language: "en",
  isDeleted: false,
} as unknown as CCATemplateSummary);

describe("[TABLES] tables are styled by Chakra's table recipe (padding, row lines, separate header cells)", () => {
  it("the template list: each header and cell is padded apart with a line under it, in a region that scrolls on a phone", () => {
    renderWithProviders(<TemplateListScreen templates={[template("master", "Master"), template("sacred-grove-survey", "Sacred grove survey")]} deleted={[]} layout={layoutData()} />, {
      namespaces: ["common", "template", "form"],
      router: { pathname: "/template/list", asPath: "/template/list" },
    });
    const region = screen.getByRole("region", { name: "Templates" });
    expect(region.getAttribute("tabindex")).toBe("0");
    // It scrolls sideways on a phone and shows it: a shadow at the edge with more columns.
    expect(declarationsOf(region)).toMatch(/overflow-x:auto/);
    expect(declarationsOf(region)).toMatch(/radial-gradient\(farthest-side/);
    const table = within(region).getByRole("table");
    expect(declarationsOf(table)).toMatch(/border-collapse:collapse/);

    const headers = within(region).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Name", "Created on", "Updated on", "Edit", "Responses", "Delete"]);
    for (const header of headers) expectRecipeStyles(header, `header ${header.textContent}`);
    const row = within(region).getAllByRole("row")[2]!;
    const cells = within(row).getAllByRole("cell");
    for (const cell of cells) expectRecipeStyles(cell, `cell ${cell.textContent}`);
    // The two dates are in cells of their own, not run together.
    expect(cells[1]!.textContent).toBe(cells[2]!.textContent);
    expect(cells[1]!.querySelector("time")).toBeTruthy();
  });

  it("the response table: styled the same, and headed by the template's title, not its short name", () => {
    const initial: DataTableResponse = {
      totalCount: 1,
      offset: 0,
      limit: 20,
      sort: "updatedOn",
      order: "desc",
      columns: [{ fieldId: "grove", name: "Grove", type: "TEXT" }],
      data: [{ id: 5, userId: "1", createdOn: Date.UTC(2026, 10, 1), updatedOn: Date.UTC(2026, 10, 2), values: [{ fieldId: "grove", name: "Grove", type: "TEXT", value: "Mawphlang" }] }],
    };
    const state = parseDataTableQuery({});
    renderWithProviders(<DataTableScreen shortName="sacred-grove-survey" name="Sacred grove survey" state={state} fields={[]} initial={initial} layout={layoutData()} />, {
      namespaces: ["common", "data"],
      router: { pathname: "/data/table/[shortName]", asPath: "/data/table/sacred-grove-survey", query: {} },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Responses: Sacred grove survey");
    expect(screen.queryByText(/sacred-grove-survey/)).toBeNull();
    const table = screen.getByRole("table");
    for (const header of within(table).getAllByRole("columnheader")) expectRecipeStyles(header, `header ${header.textContent}`);
    for (const cell of within(table).getAllByRole("cell")) expectRecipeStyles(cell, `cell ${cell.textContent}`);
  });

  it("the response table's heading in Hindi", () => {
    renderWithProviders(<DataTableScreen shortName="sacred-grove-survey" name="देववन सर्वेक्षण" state={parseDataTableQuery({})} fields={[]} initial={null} layout={layoutData()} />, {
      lang: "hi",
      namespaces: ["common", "data"],
      router: { pathname: "/data/table/[shortName]", asPath: "/hi/data/table/sacred-grove-survey", query: {} },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("देववन सर्वेक्षण की प्रतिक्रियाएँ");
  });
});
