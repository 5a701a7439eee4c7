import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HubSync } from "@/features/data/labels/hub-sync";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({ fetchHubConfigured: vi.fn(), syncRecordLabelsFromHub: vi.fn(), fetchRecordLabels: vi.fn(), saveRecordLabels: vi.fn() }));
vi.mock("@/features/data/labels/record-labels-api", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "governance", "form"];

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

describe("[HUB] syncing a record's labels from the Local Contexts Hub", () => {
  it("is not offered where the portal has no Hub", async () => {
    api.fetchHubConfigured.mockResolvedValue(false);
    renderWithProviders(<HubSync recordId={3} onSynced={() => undefined} />, { namespaces: NAMESPACES });
    await waitFor(() => expect(api.fetchHubConfigured).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Sync from the Local Contexts Hub" })).toBeNull();
  });

  it("asks for the project, says a Hub error in the visitor's language, then syncs", async () => {
    api.fetchHubConfigured.mockResolvedValue(true);
    api.syncRecordLabelsFromHub.mockRejectedValueOnce(new ApiError(422, "UNPROCESSABLE_CONTENT", "no project", { projectId: "governance:hub.errors.not_found" }));
    api.syncRecordLabelsFromHub.mockResolvedValueOnce({ projectId: "p", syncedOn: "2026-11-28T10:00:00Z", labels: [{ labelId: "tk-attribution" }], unmatched: ["TK Rain Dance"] });
    const onSynced = vi.fn();
    renderWithProviders(<HubSync recordId={3} onSynced={onSynced} />, { lang: "hi", namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "लोकल कॉन्टेक्स्ट्स हब से मिलाएँ" }));
    fireEvent.change(screen.getByRole("textbox", { name: "हब प्रोजेक्ट आईडी" }), { target: { value: " 3f2b9c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b " } });
    fireEvent.click(screen.getByRole("button", { name: "लोकल कॉन्टेक्स्ट्स हब से मिलाएँ" }));
    expect((await screen.findByRole("alert")).textContent).toBe("हब पर ऐसा कोई प्रोजेक्ट नहीं है");
    expect(api.syncRecordLabelsFromHub).toHaveBeenCalledWith({}, 3, "3f2b9c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b");
    fireEvent.click(screen.getByRole("button", { name: "लोकल कॉन्टेक्स्ट्स हब से मिलाएँ" }));
    await waitFor(() => expect(onSynced).toHaveBeenCalledWith([{ labelId: "tk-attribution" }]));
    expect(screen.getByText("पोर्टल की सूची में नहीं: TK Rain Dance")).toBeTruthy();
  });
});
