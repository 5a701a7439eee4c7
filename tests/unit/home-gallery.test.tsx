import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SITE_CONFIG from "@site-config";
import type { GallerySlide } from "@/contracts/home";
import { HomeGallery } from "@/features/home/home-gallery";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const slide = (id: number, title: string): GallerySlide => ({
  id,
  sliderId: id,
  ugId: null,
  galleryId: null,
  fileName: `/h/${id}.png`,
  moreLinks: "/data/list",
  readMoreUIType: "button_with_arrow",
  gallerySidebar: "translucent",
  color: null,
  bgColor: null,
  isActive: true,
  displayOrder: id,
  languageId: 205,
  title,
  customDescripition: `<p>About ${title}</p>`,
  readMoreText: "Explore",
});

const SLIDES = [slide(1, "First slide"), slide(2, "Second slide"), slide(3, "Third slide")];
const visibleTitle = () => screen.getAllByRole("heading", { level: 2 }).find((h) => !h.closest("[hidden]"))?.textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("[HOME] the main gallery", () => {
  it("shows one slide with its text and link, moves with next / previous and the indicators", () => {
    renderWithProviders(<HomeGallery slides={SLIDES} label="Highlights" />, { namespaces: ["home"] });
    expect(visibleTitle()).toBe("First slide");
    expect(screen.getByRole("link", { name: /Explore/ }).getAttribute("href")).toBe("/data/list");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(visibleTitle()).toBe("Second slide");
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(visibleTitle()).toBe("Third slide");
    fireEvent.click(screen.getByRole("button", { name: "Slide 2 of 3" }));
    expect(visibleTitle()).toBe("Second slide");
    expect(screen.getByRole("button", { name: "Slide 2 of 3" }).getAttribute("aria-current")).toBe("true");
  });

  it("plays on its own, holds while hovered, and stops for good with the pause control", () => {
    renderWithProviders(<HomeGallery slides={SLIDES} label="Highlights" />, { namespaces: ["home"] });
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.SLIDE_MS));
    expect(visibleTitle()).toBe("Second slide");
    const region = screen.getByRole("region", { name: "Highlights" });
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.SLIDE_MS * 2));
    expect(visibleTitle()).toBe("Second slide");
    fireEvent.mouseLeave(region);
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.SLIDE_MS * 2));
    expect(visibleTitle()).toBe("Second slide");
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    act(() => void vi.advanceTimersByTime(SITE_CONFIG.HOME.SLIDE_MS));
    expect(visibleTitle()).toBe("Third slide");
  });

  it("renders nothing without slides, and no controls for one slide", () => {
    const { container } = renderWithProviders(<HomeGallery slides={[]} label="Highlights" />, { namespaces: ["home"] });
    expect(container.querySelector(".cca-gallery")).toBeNull();
    cleanup();
    renderWithProviders(<HomeGallery slides={[SLIDES[0]!]} label="Highlights" />, { namespaces: ["home"] });
    expect(screen.queryByRole("button", { name: "Pause slideshow" })).toBeNull();
  });
});
