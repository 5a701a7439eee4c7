import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CCATemplate } from "@/contracts/template";
import { TemplateEditScreen } from "@/features/template/template-edit-screen";
import { updateTemplate } from "@/lib/api/templates";
import { layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));
vi.mock("@/lib/api/templates", () => ({
  createTemplate: vi.fn(),
  updateTemplate: vi.fn(),
  fetchTemplateValueCounts: vi.fn(),
  pullMasterTranslation: vi.fn(),
  addTemplateComment: vi.fn(),
  fetchTemplateActivity: vi.fn(async () => ({ activity: [], totalCount: 0 })),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const TEMPLATE: CCATemplate = {
  id: 1,
  userId: "2",
  createdOn: "2026-01-01T00:00:00.000Z",
  updatedOn: "2026-01-01T00:00:00.000Z",
  name: "CCA inventory",
  description: "The complete form",
  shortName: "reviewed-form",
  parentName: null,
  permissions: ["ROLE_USER"],
  platform: ["DESKTOP"],
  language: "en",
  isDeleted: false,
  needsReview: true,
  fields: [],
};

describe("[REVIEW] the template editor's review setting", () => {
  it("shows the loaded setting checked and sends needsReview with the save", async () => {
    vi.mocked(updateTemplate).mockResolvedValue({ ...TEMPLATE, needsReview: false, version: "2" });
    renderWithProviders(<TemplateEditScreen template={TEMPLATE} masterFields={[]} parents={[]} language="en" layout={layoutData({ user: user(["ROLE_TEMPLATECURATOR"]) })} />, {
      namespaces: ["common", "header", "auth", "form", "group", "template", "activity"],
      router: { pathname: "/template/edit/[shortName]", asPath: "/template/edit/reviewed-form", query: { shortName: "reviewed-form" } },
    });
    const box = screen.getByRole("checkbox", { name: /Records need a curator's review before they are published/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(await screen.findByTestId("unsaved-marker")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledWith({}, expect.objectContaining({ id: 1, needsReview: false })));
    await waitFor(() => expect(screen.queryByTestId("unsaved-marker")).toBeNull());
  });
});
