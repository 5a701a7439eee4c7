import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { PageComments, relativeTime } from "@/features/page/page-comments";
import { QueryProvider } from "@/lib/query/query-client";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ fetchPageComments: vi.fn(), addPageComment: vi.fn(), waitForAuth: vi.fn() }));
vi.mock("@/lib/api/activity", () => ({ fetchPageComments: api.fetchPageComments }));
vi.mock("@/lib/api/pages", () => ({ addPageComment: api.addPageComment }));
vi.mock("@/lib/auth/auth-wall", () => ({ waitForAuth: api.waitForAuth }));
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "auth", "activity"];

const comment = (id: number, body: string) => ({ id, body, createdOn: new Date(Date.now() - 3 * 3600_000).toISOString(), user: { id: 7, name: "Meera Member", profilePic: null } });

function renderComments() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <QueryProvider>
        <PageComments pageId={45} languageId={205} linkPrefix="/group/forest" />
      </QueryProvider>
    </QueryClientProvider>,
    { namespaces: NAMESPACES },
  );
}

/** The block is "near the viewport" at once (happy-dom has no layout to intersect). */
class VisibleAtOnce {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", VisibleAtOnce);
  api.fetchPageComments.mockReset();
  api.addPageComment.mockReset();
  api.waitForAuth.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("[COMMENTS] the comment list of a page", () => {
  it("lists comments as plain text with the author's profile link, a relative time and the full timestamp; loads more", async () => {
    api.fetchPageComments
      .mockResolvedValueOnce({ activity: [comment(2, "<b>second</b>")], totalCount: 2 })
      .mockResolvedValueOnce({ activity: [comment(1, "first")], totalCount: 2 });
    renderComments();
    const region = await screen.findByRole("region", { name: "Comments (2)" });
    expect(within(region).getByText("<b>second</b>")).toBeTruthy();
    expect(region.querySelector("b")).toBeNull();
    expect(within(region).getByRole("link", { name: "Meera Member" }).getAttribute("href")).toBe("/group/forest/user/show/7");
    const time = region.querySelector("time")!;
    expect(time.textContent).toBe("3 hours ago");
    expect(time.getAttribute("title")).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: "Load more comments" }));
    await within(region).findByText("first");
    expect(api.fetchPageComments).toHaveBeenLastCalledWith(expect.anything(), 45, { offset: 1, limit: 10 });
    expect(within(region).queryByRole("button", { name: "Load more comments" })).toBeNull();
  });

  it("says when there are none, and when the list could not be loaded, with a retry", async () => {
    api.fetchPageComments.mockRejectedValueOnce(new ApiError(0, "NETWORK_ERROR", "down")).mockResolvedValueOnce({ activity: [], totalCount: 0 });
    renderComments();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the comments.");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No comments yet. Be the first to comment.")).toBeTruthy();
  });

  it("signs in first, posts, then refreshes the list; closing the sign-in keeps the text", async () => {
    api.fetchPageComments.mockResolvedValue({ activity: [], totalCount: 0 });
    api.waitForAuth.mockRejectedValueOnce({ message: null }).mockResolvedValueOnce(undefined);
    api.addPageComment.mockResolvedValue(comment(3, "Hello"));
    renderComments();
    await screen.findByText("No comments yet. Be the first to comment.");
    const box = screen.getByLabelText("Add a comment") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Sign in to post your comment");
    expect(box.value).toBe("Hello");
    expect(api.addPageComment).not.toHaveBeenCalled();

    api.fetchPageComments.mockResolvedValue({ activity: [comment(3, "Hello")], totalCount: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(api.addPageComment).toHaveBeenCalledWith(expect.anything(), { pageId: 45, body: "Hello", languageId: 205 }));
    await screen.findByRole("region", { name: "Comments (1)" });
    expect(box.value).toBe("");
  });

  it("says times in Hindi too", () => {
    const now = Date.parse("2026-01-02T12:00:00Z");
    expect(relativeTime("2026-01-02T10:00:00Z", "hi", now)).toBe("2 घंटे पहले");
    expect(relativeTime("2026-01-01T12:00:00Z", "en", now)).toBe("yesterday");
  });
});
