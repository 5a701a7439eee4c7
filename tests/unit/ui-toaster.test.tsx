import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toaster, loadToaster, notify } from "@/components/ui/toaster";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

// The toast host loads on the first toast; loaded once here, so fake timers measure only the toasts.
beforeAll(async () => {
  await loadToaster();
});

afterEach(() => {
  act(() => notify.dismiss());
  cleanup();
  vi.useRealTimers();
});

describe("[UI] toasts", () => {
  it("shows a success message for 3 seconds and an error for 10", async () => {
    vi.useFakeTimers();
    renderWithProviders(<Toaster />);
    act(() => {
      notify.success("Page saved");
      notify.error("Upload failed", "The file is too large");
    });
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText("Page saved")).toBeTruthy();
    expect(screen.getByText("The file is too large")).toBeTruthy();

    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.queryByText("Page saved")).toBeNull();
    expect(screen.getByText("Upload failed")).toBeTruthy();

    await act(async () => vi.advanceTimersByTimeAsync(7_000));
    expect(screen.queryByText("Upload failed")).toBeNull();
  });

  it("every toast can be closed with a translated button", async () => {
    renderWithProviders(<Toaster />, { lang: "hi" });
    act(() => {
      notify.info("सूचना");
    });
    expect(await screen.findByRole("button", { name: "बंद करें" })).toBeTruthy();
  });
});
