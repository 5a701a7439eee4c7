/** Issue 28 item 9 g, h: removing an announcement asks in the app's dialog; colours have a picker and a contrast warning. */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Announcement } from "@/contracts/announcement";
import { AnnouncementsScreen, pickerValue } from "@/features/admin/announcements-screen";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/browser-client", () => ({ loadBrowserClient: async () => ({}) }));
const removed: number[] = [];
vi.mock("@/lib/api/announcements", () => ({
  removeAnnouncement: vi.fn(async (_client: unknown, id: number) => {
    removed.push(id);
  }),
  fetchAllAnnouncements: vi.fn(async () => []),
  createAnnouncement: vi.fn(async () => undefined),
  editAnnouncement: vi.fn(async () => undefined),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const banner: Announcement = {
  id: 4,
  announcementId: 4,
  enabled: true,
  color: "#ffffff",
  bgColor: "#1d4044",
  languageId: 205,
  description: "Survey week",
  translations: { "205": "Survey week" },
};

const render = (lang: "en" | "hi" = "en") =>
  renderWithProviders(<AnnouncementsScreen announcements={[banner]} />, { lang, namespaces: ["common", "header", "admin", "form"] });

describe("[ADMIN] announcements", () => {
  it("Remove asks in the app's dialog, never the browser's confirm(); Cancel keeps it, Remove removes it", async () => {
    // happy-dom has no confirm(): one that would answer "yes" shows whether the screen still calls it.
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    render();
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove the announcement?" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    fireEvent.click(screen.getAllByRole("button", { name: "Cancel" }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(removed).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    const again = await screen.findByRole("alertdialog");
    fireEvent.click([...again.querySelectorAll("button")].find((b) => b.textContent === "Remove")!);
    await waitFor(() => expect(removed).toEqual([4]));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("each colour has a picker and its hex code, kept in step; a contrast below 4.5:1 is flagged as you choose", () => {
    render();
    const picker = screen.getByLabelText("Background colour: choose with the colour picker") as HTMLInputElement;
    expect(picker.type).toBe("color");
    const hex = screen.getAllByRole("textbox", { name: "Hex code" })[1] as HTMLInputElement;
    expect(hex.value).toBe("#1d4044");
    expect(screen.getByTestId("contrast").textContent).toMatch(/readable/);

    fireEvent.input(picker, { target: { value: "#eeeeee" } });
    expect(hex.value).toBe("#eeeeee");
    expect(screen.getByTestId("contrast").textContent).toMatch(/too close.*now 1\.\d:1/);

    fireEvent.change(hex, { target: { value: "#000" } });
    expect(picker.value).toBe("#000000");
    expect(screen.getByTestId("contrast").textContent).toMatch(/Contrast 21\.0:1/);
  });

  it("the picker shows a short or a mistyped code as a colour it can hold", () => {
    expect(pickerValue("#ABC")).toBe("#aabbcc");
    expect(pickerValue("#1D4044")).toBe("#1d4044");
    expect(pickerValue("teal")).toBe("#000000");
  });
});
