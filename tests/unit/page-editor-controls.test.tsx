import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageTreeNode } from "@/contracts/page";
import { ApiError } from "@/lib/api/api-error";
import { PageTreeNav } from "@/features/page/page-tree-nav";
import { EditorActions } from "@/features/page/page-editor-actions";
import { loadToaster } from "@/components/ui/toaster";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ updatePageTree: vi.fn(), deletePage: vi.fn() }));
vi.mock("@/lib/api/pages", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "auth", "page"];

const node = (id: number, title: string, children: PageTreeNode[] = []): PageTreeNode => ({
  id,
  title,
  parentId: 0,
  pageIndex: 0,
  pageType: "Content",
  showInMenu: false,
  showInFooter: false,
  children,
});

const TREE = [node(1, "About"), node(2, "Donate"), node(3, "Help", [node(31, "FAQ")])];

function renderInApp(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { namespaces: NAMESPACES });
}

const titles = (nav: HTMLElement) => within(nav).getAllByRole("listitem").map((li) => li.firstElementChild?.textContent?.trim());

beforeEach(() => {
  api.updatePageTree.mockReset();
  api.deletePage.mockReset();
});
afterEach(cleanup);
// A toast loads its host on first use; on a busy machine that import could finish after the test
// environment was torn down (an unhandled error that fails the run). Let it finish first.
afterAll(() => loadToaster());

describe("[PAGES] the sidebar tree", () => {
  it("shows plain links with the current page marked and folds a level with its toggle; no reorder control for visitors", () => {
    renderInApp(<PageTreeNav tree={TREE} currentId={31} linkPrefix="/group/forest" />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).getByRole("link", { name: "FAQ" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/group/forest/page/show/31");
    const fold = within(nav).getByRole("button", { name: "Hide subpages of Help" });
    expect(fold.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(fold);
    expect(within(nav).queryByRole("link", { name: "FAQ" })).toBeNull();
    expect(within(nav).getByRole("button", { name: "Show subpages of Help" }).getAttribute("aria-expanded")).toBe("false");
    expect(within(nav).queryByRole("button", { name: "Reorder pages" })).toBeNull();
  });

  it("saves a keyboard move as the whole flat tree and says so", async () => {
    api.updatePageTree.mockImplementation(async () => [node(2, "Donate"), node(1, "About"), node(3, "Help", [node(31, "FAQ")])]);
    renderInApp(<PageTreeNav tree={TREE} currentId={1} linkPrefix="" canEdit />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    fireEvent.click(within(nav).getByRole("button", { name: "Reorder pages" }));
    fireEvent.click(await within(nav).findByRole("button", { name: "Move “Donate” up" }));
    await waitFor(() => expect(within(nav).getByRole("status").textContent).toBe("Page order saved"));
    expect(api.updatePageTree).toHaveBeenCalledWith(expect.anything(), [
      { id: 2, parentId: 0, pageIndex: 0 },
      { id: 1, parentId: 0, pageIndex: 1 },
      { id: 3, parentId: 0, pageIndex: 2 },
      { id: 31, parentId: 3, pageIndex: 0 },
    ], 205); // the tree of the visitor's language (English here)
    expect(titles(nav).slice(0, 2)).toEqual(["Donate", "About"]);
  });

  it("puts back the last saved order and shows the platform's reason when saving fails", async () => {
    api.updatePageTree.mockRejectedValue(new ApiError(400, "VALIDATION_FAILED", "Page 31 would become its own ancestor", { parentId: "page:reorder.errors.cycle" }));
    renderInApp(<PageTreeNav tree={TREE} currentId={1} linkPrefix="" canEdit />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    fireEvent.click(within(nav).getByRole("button", { name: "Reorder pages" }));
    fireEvent.click(await within(nav).findByRole("button", { name: "Make “Help” a subpage of the page above" }));
    await waitFor(() => expect(within(nav).getByRole("status").textContent).toContain("Could not save the page order"));
    expect(within(nav).getByRole("status").textContent).toContain("A page cannot become a subpage of itself or of its own subpages.");
    expect(titles(nav)).toEqual(["About", "Donate", "Help", "FAQ"]);
  });

  it("gives the platform's reason for a refused order in Hindi to a Hindi visitor", async () => {
    api.updatePageTree.mockRejectedValue(new ApiError(400, "VALIDATION_FAILED", "Page 31 would become its own ancestor", { parentId: "page:reorder.errors.cycle" }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <PageTreeNav tree={TREE} currentId={1} linkPrefix="" canEdit />
      </QueryClientProvider>,
      { namespaces: NAMESPACES, lang: "hi" },
    );
    const nav = screen.getByRole("navigation", { name: "पृष्ठ" });
    fireEvent.click(within(nav).getByRole("button", { name: "पृष्ठों का क्रम बदलें" }));
    fireEvent.click(await within(nav).findByRole("button", { name: "“Help” को ऊपर वाले पृष्ठ का उप-पृष्ठ बनाएँ" }));
    await waitFor(() => expect(within(nav).getByRole("status").textContent).toContain("पृष्ठों का क्रम सहेजा नहीं जा सका"));
    expect(within(nav).getByRole("status").textContent).toContain("कोई पृष्ठ अपना ही या अपने उप-पृष्ठों का उप-पृष्ठ नहीं बन सकता।");
    expect(within(nav).getByRole("status").textContent).not.toContain("ancestor");
  });

  it("ignores a move that is not possible (first page up)", async () => {
    renderInApp(<PageTreeNav tree={TREE} currentId={1} linkPrefix="" canEdit />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    fireEvent.click(within(nav).getByRole("button", { name: "Reorder pages" }));
    const up = await within(nav).findByRole("button", { name: "Move “About” up" });
    expect(up.getAttribute("aria-disabled")).toBe("true");
    await act(async () => fireEvent.click(up));
    expect(api.updatePageTree).not.toHaveBeenCalled();
  });
});

describe("[PAGES] deleting a page", () => {
  it("asks first; a refusal by the platform is shown in the dialog and the page stays", async () => {
    api.deletePage.mockRejectedValue(new ApiError(403, "FORBIDDEN", "Not yours"));
    const { router } = renderInApp(<EditorActions pageId={7} title="Donate" linkPrefix="/group/forest" afterDeleteHref="/group/forest" />);
    expect(screen.getByRole("link", { name: "Edit page" }).getAttribute("href")).toBe("/group/forest/page/edit/7");
    expect(screen.getByRole("link", { name: "Create page" }).getAttribute("href")).toBe("/group/forest/page/create");
    fireEvent.click(screen.getByRole("button", { name: "Delete page" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Delete “Donate”?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete page" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toContain("You do not have permission to do this"));
    expect(api.deletePage).toHaveBeenCalledWith(expect.anything(), 7);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("goes to the given address after deleting", async () => {
    api.deletePage.mockResolvedValue(undefined);
    const { router } = renderInApp(<EditorActions pageId={7} title="Donate" linkPrefix="" afterDeleteHref="/page/show/3" />);
    fireEvent.click(screen.getByRole("button", { name: "Delete page" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete page" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/page/show/3"));
  });
});
