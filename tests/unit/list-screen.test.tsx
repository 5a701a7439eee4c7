import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListFiltersButton, ListScreen, type ListScreenProps } from "@/components/list/list-screen";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

type Answer = { rows: string[] };

function renderScreen(overrides: Partial<ListScreenProps<Answer>> = {}) {
  const onRetry = vi.fn();
  const props: ListScreenProps<Answer> = {
    title: "Things",
    data: { rows: ["a", "b"] },
    failed: false,
    isEmpty: (shown) => shown.rows.length === 0,
    errorText: "Could not load",
    retryLabel: "Try again",
    onRetry,
    loadingLabel: "Loading",
    emptyContent: <p>Nothing here</p>,
    pager: { page: 1, totalPages: 2, onPage: () => undefined },
    children: (shown) => (
      <ul data-testid="rows">
        {shown.rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    ),
    ...overrides,
  };
  renderWithProviders(<ListScreen<Answer> {...props} />);
  return { onRetry };
}

describe("the shell of a list screen", () => {
  it("the title is the one h1, with its actions beside it and a line under it", () => {
    renderScreen({ titleActions: <a href="/things/create">Add a thing</a>, subtitle: "Everything we have" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Things");
    expect(screen.getByRole("link", { name: "Add a thing" })).toBeTruthy();
    expect(screen.getByText("Everything we have")).toBeTruthy();
    expect(within(screen.getByTestId("rows")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["a", "b"]);
    expect(screen.getByRole("navigation")).toBeTruthy();
  });

  it("the count is announced as a status; no count line when the screen has none", () => {
    renderScreen({ count: "2 things", countExtra: <span>1 filter on</span> });
    expect(screen.getByRole("status").textContent).toBe("2 things");
    expect(screen.getByText("1 filter on")).toBeTruthy();
    cleanup();
    renderScreen();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("a later answer on its way shows a small spinner beside the count", () => {
    renderScreen({ count: "2 things", isFetching: true });
    expect(screen.getByLabelText("Loading")).toBeTruthy();
    expect(screen.getByTestId("rows")).toBeTruthy();
  });

  it("says when there are none: the empty box, no rows", () => {
    renderScreen({ data: { rows: [] }, count: "0 things" });
    expect(screen.getByText("Nothing here")).toBeTruthy();
    expect(screen.queryByTestId("rows")).toBeNull();
  });

  it("a failure with nothing to show offers a retry", () => {
    const { onRetry } = renderScreen({ data: undefined, failed: true, count: "" });
    expect(screen.getByRole("alert").textContent).toContain("Could not load");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("with a sidebar: the filters beside the results, the count heads the results and takes the focus", () => {
    const countRef = createRef<HTMLHeadingElement>();
    const content = vi.fn((idPrefix: string) => <label htmlFor={`${idPrefix}-x`}>Only good ones</label>);
    renderScreen({
      count: "2 things",
      countRef,
      actions: <ListFiltersButton onClick={() => undefined}>Filters (0)</ListFiltersButton>,
      filters: { label: "Filters", content, sidebar: true, open: false, onClose: () => undefined, doneLabel: "Show" },
    });
    const aside = screen.getByRole("complementary", { name: "Filters" });
    expect(within(aside).getByRole("heading", { level: 2, name: "Filters" })).toBeTruthy();
    expect(within(aside).getByText("Only good ones")).toBeTruthy();
    const count = screen.getByRole("status");
    expect(count.tagName).toBe("H2");
    expect(countRef.current).toBe(count);
    const results = count.closest("section");
    expect(results?.getAttribute("aria-labelledby")).toBe(count.id);
    expect(within(results as HTMLElement).getByTestId("rows")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Filters (0)" }).className).toContain("cca-dl-filters-open");
    expect(content).toHaveBeenCalledWith("f");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("the filters dialog: its title, the filters, and a button that closes it", async () => {
    const onClose = vi.fn();
    renderScreen({
      count: "2 things",
      filters: { label: "Filters", content: (idPrefix) => <span>{`filters ${idPrefix}`}</span>, sidebar: false, open: true, onClose, doneLabel: "Show (2)" },
    });
    expect(screen.queryByRole("complementary")).toBeNull();
    const dialog = await screen.findByRole("dialog", { name: "Filters" });
    expect(within(dialog).getByText("filters m")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Show (2)" }));
    expect(onClose).toHaveBeenCalled();
  });
});
