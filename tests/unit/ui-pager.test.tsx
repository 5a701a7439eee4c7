import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Pager, pageWindow } from "@/components/ui/pager";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

describe("[PAGER] the one pager", () => {
  it("shows the first, the last and two pages either side of the current one", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 20)).toEqual([1, 0, 3, 4, 5, 6, 7, 0, 20]);
  });

  it("links every page for crawlers, marks the current one and goes there in the browser on a plain click", () => {
    const onPage = vi.fn();
    renderWithProviders(<Pager page={5} totalPages={20} hrefOf={(p) => `/document/list?offset=${(p - 1) * 10}`} onPage={onPage} />);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(screen.getByText("Page 5 of 20")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Page 5" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/document/list?offset=30");
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("rel")).toBe("next");
    expect(screen.getByRole("link", { name: "Page 20" }).getAttribute("href")).toBe("/document/list?offset=190");
    fireEvent.click(screen.getByRole("link", { name: "Page 7" }));
    expect(onPage).toHaveBeenCalledWith(7);
    // A modified click opens the link itself (a new tab), not the in-page navigation.
    fireEvent.click(screen.getByRole("link", { name: "Page 3" }), { ctrlKey: true });
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(nav).toBeTruthy();
  });

  it("moves between pages with the arrow keys and disables previous on the first page (buttons without addresses)", () => {
    const onPage = vi.fn();
    renderWithProviders(<Pager page={1} totalPages={3} onPage={onPage} />);
    const previous = screen.getByRole("button", { name: "Previous" });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    const first = screen.getByRole("button", { name: "Page 1" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Page 2" }));
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(document.activeElement!);
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("speaks Hindi and hides itself when there is one page", () => {
    const { unmount } = renderWithProviders(<Pager page={2} totalPages={4} onPage={() => undefined} />, { lang: "hi" });
    expect(screen.getByRole("navigation", { name: "पृष्ठ क्रमांकन" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "पृष्ठ 3" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "अगला" })).toBeTruthy();
    unmount();
    renderWithProviders(<Pager page={1} totalPages={1} onPage={() => undefined} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
