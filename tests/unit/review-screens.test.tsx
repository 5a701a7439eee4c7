import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReviewItem, ReviewQueue } from "@/contracts/review";
import { ReviewQueueScreen } from "@/features/review/review-queue-screen";
import { ReviewNotice } from "@/features/data/review/review-notice";
import { ParticipateSuccess } from "@/features/participate/participate-success";
import { ApiError } from "@/lib/api/api-error";
import { layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({ fetchReviewQueue: vi.fn(), fetchReviewCount: vi.fn(), decideReview: vi.fn(), REVIEW_COUNT_CHANGED: "cca:review-count-changed" }));
vi.mock("@/lib/api/review", () => api);
vi.mock("@/lib/api/browser-client", () => ({ loadBrowserClient: async () => ({}) }));
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "header", "membership", "data", "governance", "template"];

beforeEach(() => {
  for (const fn of [api.fetchReviewQueue, api.fetchReviewCount, api.decideReview]) fn.mockReset();
  // The screen asks again after the server's page: the same page, unless a test says otherwise.
  api.fetchReviewQueue.mockImplementation(async (_client: unknown, query: { offset: number }) => queue(SERVER_PAGES.get(query.offset) ?? [], query.offset));
});
afterEach(cleanup);

const asha = { id: 7, name: "Asha Devi", profilePic: null, isAdmin: false };

function item(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id: 101,
    title: "Devara Kadu",
    shortName: "master",
    templateName: "CCA inventory",
    contributor: asha,
    createdOn: Date.UTC(2026, 2, 4, 6),
    updatedOn: Date.UTC(2026, 2, 4, 6),
    audience: "PUBLIC",
    state: "PENDING",
    note: null,
    ...overrides,
  };
}

function queue(items: ReviewItem[], offset: number): ReviewQueue {
  return { total: items.length, offset, limit: 20, items };
}

/** The queue pages the server rendered, by offset (what the default mock answers again). */
const SERVER_PAGES = new Map<number, ReviewItem[]>();

const curator = user(["ROLE_USER", "ROLE_DATACURATOR"], "Chitra Curator");

/** Each test its own page (`offset`): the screens share the browser's query cache. */
function renderQueue(offset: number, initial: ReviewQueue | null, { lang = "en", access = "ok" as "ok" | "forbidden", signedIn = true } = {}) {
  if (initial) SERVER_PAGES.set(offset, initial.items);
  const query = offset > 0 ? { offset: String(offset) } : {};
  return renderWithProviders(<ReviewQueueScreen offset={offset} access={access} initial={initial} layout={layoutData({ user: signedIn ? curator : null })} />, {
    lang: lang as "en" | "hi",
    namespaces: NAMESPACES,
    router: { pathname: "/data/review", asPath: offset > 0 ? `/data/review?offset=${offset}` : "/data/review", query },
  });
}

describe("[REVIEW] the review queue", () => {
  it("lists each record with its form, contributor, date, audience and state; a record sent back shows its message", () => {
    renderQueue(1000, queue([item(), item({ id: 102, title: "Sarna grove", state: "RETURNED", note: "Add the village name", audience: "COMMUNITY", contributor: null })], 1000));
    expect(screen.getByRole("heading", { level: 1, name: "Records waiting for review" })).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: /Records to review/ })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole("link", { name: "Devara Kadu" }).getAttribute("href")).toBe("/data/show/101");
    expect(first.textContent).toContain("CCA inventory");
    expect(first.textContent).toContain("Asha Devi");
    expect(first.textContent).toContain("Everyone (public)");
    expect(within(first).getByTestId("review-state").textContent).toBe("Waiting for review");
    expect(within(first).getByRole("button", { name: "Publish “Devara Kadu”" })).toBeTruthy();
    const second = rows[1]!;
    expect(within(second).getByTestId("review-state").textContent).toBe("Sent back");
    expect(within(second).getByTestId("review-note").textContent).toBe("Message: Add the village name");
    // It waits for its contributor's edit: nothing to decide now.
    expect(within(second).queryByRole("button")).toBeNull();
    expect(second.textContent).toContain("A former member");
    expect(second.textContent).toContain("The community only");
  });

  it("publishes a record with the API, says so, and refreshes the queue", async () => {
    api.decideReview.mockResolvedValue({ id: 101, reviewState: "PUBLISHED" });
    api.fetchReviewQueue.mockResolvedValue(queue([], 1020));
    const events: Event[] = [];
    const listen = (e: Event) => events.push(e);
    window.addEventListener("cca:review-count-changed", listen);
    renderQueue(1020, queue([item()], 1020));
    fireEvent.click(screen.getByRole("button", { name: "Publish “Devara Kadu”" }));
    await waitFor(() => expect(api.decideReview).toHaveBeenCalledWith({}, 101, { action: "PUBLISH" }));
    // The queue is asked again (the record is gone) and the header's count is told.
    await waitFor(() => expect(api.fetchReviewQueue).toHaveBeenCalledWith({}, { offset: 1020, limit: 20, language: "en" }));
    expect(await screen.findByTestId("review-empty")).toBeTruthy();
    expect(events).toHaveLength(1);
    window.removeEventListener("cca:review-count-changed", listen);
  });

  it("sends a record back only with a message, the requirement said in the visitor's language", async () => {
    api.decideReview.mockResolvedValue({ id: 101, reviewState: "RETURNED", reviewNote: "गाँव का नाम जोड़ें" });
    api.fetchReviewQueue.mockResolvedValue(queue([], 1040));
    renderQueue(1040, queue([item()], 1040), { lang: "hi" });
    fireEvent.click(screen.getByRole("button", { name: "“Devara Kadu” वापस भेजें" }));
    const dialog = await screen.findByRole("dialog", { name: "“Devara Kadu” वापस भेजें" });
    const message = await within(dialog).findByLabelText(/योगदानकर्ता के लिए संदेश/);
    fireEvent.click(within(dialog).getByRole("button", { name: "वापस भेजें" }));
    expect(await within(dialog).findByText("योगदानकर्ता के लिए संदेश लिखें")).toBeTruthy();
    expect(api.decideReview).not.toHaveBeenCalled();
    fireEvent.change(message, { target: { value: "  गाँव का नाम जोड़ें " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "वापस भेजें" }));
    await waitFor(() => expect(api.decideReview).toHaveBeenCalledWith({}, 101, { action: "RETURN", message: "गाँव का नाम जोड़ें" }));
    await waitFor(() => expect(api.fetchReviewQueue).toHaveBeenCalled());
  });

  it("tells a member who reviews nothing who does (403), without listing anything", async () => {
    renderQueue(1060, null, { access: "forbidden" });
    expect(screen.getByRole("heading", { level: 1, name: "Only curators review records" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(api.fetchReviewQueue).not.toHaveBeenCalled();
    cleanup();
    // Refused in the browser too (the roles changed since the page was rendered).
    api.fetchReviewQueue.mockRejectedValue(new ApiError(403, "FORBIDDEN", "Forbidden"));
    renderQueue(1080, null, { lang: "hi" });
    expect(await screen.findByRole("heading", { level: 1, name: "रिकॉर्ड की समीक्षा केवल क्यूरेटर करते हैं" })).toBeTruthy();
  });

  it("asks a visitor whose session ended to sign in and come back", async () => {
    api.fetchReviewQueue.mockRejectedValue(new ApiError(401, "UNAUTHORIZED", "Sign in"));
    renderQueue(1100, null);
    const link = await screen.findByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe("/login?forward=%2Fdata%2Freview%3Foffset%3D1100");
  });

  it("says when nothing waits, and offers a retry when the queue could not be loaded", async () => {
    renderQueue(1120, queue([], 1120));
    expect(screen.getByTestId("review-empty").textContent).toContain("No records are waiting for review.");
    cleanup();
    let up = false;
    api.fetchReviewQueue.mockImplementation(async () => {
      if (!up) throw new ApiError(500, "SERVER_ERROR", "Down");
      return queue([item({ id: 140, title: "Kavu" })], 1140);
    });
    renderQueue(1140, null);
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByRole("alert").textContent).toContain("The review queue could not be loaded.");
    up = true;
    fireEvent.click(retry);
    expect(await screen.findByRole("link", { name: "Kavu" })).toBeTruthy();
  });
});

describe("[REVIEW] the notice under a record's title", () => {
  it("says a record waits for review, and who sees it meanwhile", () => {
    renderWithProviders(<ReviewNotice state="PENDING" />, { namespaces: NAMESPACES });
    expect(screen.getByRole("note").textContent).toBe("Waiting for a curator's review: only you, the curators and its groups' founders and moderators see it");
  });

  it("shows the curator's message on a record sent back, in Hindi too", () => {
    renderWithProviders(<ReviewNotice state="RETURNED" note="Add the village name" />, { namespaces: NAMESPACES });
    expect(screen.getByRole("note").textContent).toBe("Sent back by a curator: Add the village name — edit it to send it for review again");
    cleanup();
    renderWithProviders(<ReviewNotice state="RETURNED" note="गाँव का नाम जोड़ें" />, { namespaces: NAMESPACES, lang: "hi" });
    expect(screen.getByRole("note").textContent).toBe("क्यूरेटर ने वापस भेजा: गाँव का नाम जोड़ें — इसे फिर से समीक्षा के लिए भेजने के लिए इसमें बदलाव करें");
  });

  it("says nothing on a published record or one from before review", () => {
    renderWithProviders(
      <>
        <ReviewNotice state="PUBLISHED" />
        <ReviewNotice state={undefined} />
      </>,
      { namespaces: NAMESPACES },
    );
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("[REVIEW] the participation success screen", () => {
  it("says truthfully that a record of a reviewed form waits for a curator's review, even with public consent", () => {
    renderWithProviders(<ParticipateSuccess recordId={5} recordTitle="Devara Kadu" linkPrefix="" audience="PUBLIC" reviewState="PENDING" onAddAnother={() => undefined} />, { namespaces: NAMESPACES });
    expect(screen.getByRole("heading", { level: 1, name: "Your CCA is saved" })).toBeTruthy();
    expect(screen.getByTestId("participate-success-review").textContent).toBe(
      "“Devara Kadu” is saved, waiting for a curator's review. Until a curator publishes it, only you, the curators and its groups' founders and moderators see it.",
    );
    expect(document.body.textContent).not.toContain("is on the portal now");
  });

  it("still says published for a record of a form without review", () => {
    renderWithProviders(<ParticipateSuccess recordId={5} recordTitle="Devara Kadu" linkPrefix="" audience="PUBLIC" reviewState="PUBLISHED" onAddAnother={() => undefined} />, { namespaces: NAMESPACES });
    expect(screen.getByRole("heading", { level: 1, name: "Your CCA is published" })).toBeTruthy();
    expect(screen.queryByTestId("participate-success-review")).toBeNull();
  });
});

describe("[REVIEW] the header's “Review (N)” link", () => {
  it("shows the count to a reviewer and links to the queue; a member the platform refuses sees nothing", async () => {
    const { default: ReviewLink } = await import("@/components/layout/review-link");
    api.fetchReviewCount.mockResolvedValue({ count: 3 });
    renderWithProviders(
      <ul>
        <ReviewLink user={curator} linkPrefix="" />
      </ul>,
    );
    const link = await screen.findByRole("link", { name: "Review (3)" });
    expect(link.getAttribute("href")).toBe("/data/review");
    cleanup();
    api.fetchReviewCount.mockRejectedValue(new ApiError(403, "FORBIDDEN", "Forbidden"));
    renderWithProviders(
      <ul>
        <ReviewLink user={user(["ROLE_USER"], "Meera Member")} linkPrefix="/group/forest" />
      </ul>,
      { lang: "hi" },
    );
    await waitFor(() => expect(api.fetchReviewCount).toHaveBeenCalled());
    expect(screen.queryByRole("link")).toBeNull();
  });
});
