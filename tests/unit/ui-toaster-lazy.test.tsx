import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster, notify } from "@/components/ui/toaster";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(() => {
  act(() => notify.dismiss());
  cleanup();
});

// A file of its own: the toast machinery must not have been loaded by an earlier test.
describe("[UI] toasts load with the first one", () => {
  it("shows the toasts asked for before the machinery loaded (not one dismissed meanwhile), then the next ones", async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      const id = notify.info("Never shown");
      notify.dismiss(id);
      notify.success("Joined the group");
    });
    expect(await screen.findByText("Joined the group", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText("Never shown")).toBeNull();
    act(() => {
      notify.error("Could not leave");
    });
    expect(await screen.findByText("Could not leave")).toBeTruthy();
  });
});
