/**
 * "Open in QGIS" (issue 31, item 2): the dialog shows this origin's /ogc address, copies it with a toast
 * through the one toast API, and gives the QGIS and ArcGIS steps in English and Hindi.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import OpenInGisDialog, { ogcAddress } from "@/components/ogc/open-in-gis-dialog";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() }));
vi.mock("@/components/ui/toaster", () => ({ notify: toast, Toaster: () => null }));

const writeText = vi.fn();
beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(cleanup);

describe("[OGC] the Open in QGIS dialog", () => {
  it("builds the address from the origin", () => {
    expect(ogcAddress("https://cca.example.org/")).toBe("https://cca.example.org/ogc");
  });

  it("shows the /ogc address of this origin and copies it (en)", async () => {
    renderWithProviders(<OpenInGisDialog onClose={() => {}} />, { namespaces: ["common", "ogc"] });
    const input = (await screen.findByTestId("ogc-url")) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(`${window.location.origin}/ogc`));
    expect(screen.getByText("Open Layer › Add Layer › Add WFS / OGC API – Features Layer.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/ogc`));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Address copied"));
  });

  it("speaks Hindi and tells a failed copy", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    renderWithProviders(<OpenInGisDialog onClose={() => {}} />, { lang: "hi", namespaces: ["common", "ogc"] });
    expect(await screen.findByText("QGIS या ArcGIS में खोलें")).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId("ogc-url") as HTMLInputElement).value).not.toBe(""));
    fireEvent.click(screen.getByRole("button", { name: "कॉपी करें" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("कॉपी नहीं हो सका; पता चुनकर हाथ से कॉपी करें।"));
  });
});
