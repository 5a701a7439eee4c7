import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListResults } from "@/components/list/list-results";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

type Answer = { rows: string[] };

function renderResults(data: Answer | undefined, failed = false, onRetry = vi.fn()) {
  renderWithProviders(
    <ListResults<Answer>
      data={data}
      failed={failed}
      isEmpty={(shown) => shown.rows.length === 0}
      errorText="Could not load"
      retryLabel="Try again"
      onRetry={onRetry}
      loadingLabel="Loading"
      emptyContent={<p>Nothing here</p>}
      pager={{ page: 1, totalPages: 2, onPage: () => undefined }}
    >
      {(shown) => (
        <ul data-testid="rows">
          {shown.rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </ListResults>,
  );
  return onRetry;
}

describe("the results part of a list screen", () => {
  it("shows the rows, then the pager", () => {
    renderResults({ rows: ["a", "b"] });
    expect(within(screen.getByTestId("rows")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["a", "b"]);
    expect(document.querySelector("nav")).not.toBeNull();
  });

  it("says when there are none, with the pager", () => {
    renderResults({ rows: [] });
    expect(screen.getByText("Nothing here")).toBeTruthy();
    expect(screen.queryByTestId("rows")).toBeNull();
    expect(document.querySelector("nav")).not.toBeNull();
  });

  it("while the first answer loads: a spinner and no pager", () => {
    renderResults(undefined);
    expect(screen.getByLabelText("Loading")).toBeTruthy();
    expect(document.querySelector("nav")).toBeNull();
  });

  it("a failure with nothing to show offers a retry; with an answer shown, the answer stays", () => {
    const onRetry = renderResults(undefined, true);
    expect(screen.getByRole("alert").textContent).toContain("Could not load");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("keeps the answer shown when a later question fails", () => {
    renderResults({ rows: ["a"] }, true);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("a")).toBeTruthy();
  });
});
