import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SITE_CONFIG from "@site-config";
import { AnnouncementBanner } from "@/components/layout/announcement-banner";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const ITEMS = [
  { id: 11, html: "<p>Maintenance on <b>Sunday</b></p>", color: "#ffffff", bgColor: "#1d4044" },
  { id: 12, html: "<p>Workshop in Bhubaneswar</p>", color: "#000000", bgColor: "#fefcbf" },
];
const banner = () => screen.queryByRole("region", { name: "Announcements" });

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("[ANNOUNCEMENTS] the banner", () => {
  it("shows one announcement in its colours and moves to the next every 5 s until paused", () => {
    renderWithProviders(<AnnouncementBanner items={ITEMS} />);
    expect(banner()!.textContent).toContain("Maintenance on Sunday");
    expect(banner()!.getAttribute("style")).toContain("background");
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.ANNOUNCEMENT_MS));
    expect(banner()!.textContent).toContain("Workshop in Bhubaneswar");
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.ANNOUNCEMENT_MS * 3));
    expect(banner()!.textContent).toContain("Workshop in Bhubaneswar");
  });

  it("a dismissed announcement stays dismissed in this browser, also on the next page", () => {
    renderWithProviders(<AnnouncementBanner items={ITEMS} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss this announcement" }));
    expect(banner()!.textContent).toContain("Workshop in Bhubaneswar");
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss this announcement" }));
    expect(banner()).toBeNull();
    cleanup();
    renderWithProviders(<AnnouncementBanner items={ITEMS} />);
    expect(banner()).toBeNull();
    // A new announcement still shows.
    cleanup();
    renderWithProviders(<AnnouncementBanner items={[...ITEMS, { id: 13, html: "<p>New</p>", color: "#ffffff", bgColor: "#000000" }]} />);
    expect(banner()!.textContent).toContain("New");
  });
});
