import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CCAField, CCATemplate, FieldType } from "@/contracts/template";
import { emptyField } from "@/features/template/field-dialog";
import { TemplateEditScreen } from "@/features/template/template-edit-screen";
import { fetchTemplateValueCounts, updateTemplate } from "@/lib/api/templates";
import { layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));
// Records cannot be created yet (issue 14): the counts the platform would answer are mocked here.
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

function field(fieldId: string, name: string, type: FieldType = "TEXT"): CCAField {
  return { ...emptyField(), fieldId, type, name, createdOn: "2026-01-01T00:00:00.000Z", updatedOn: "2026-01-01T00:00:00.000Z" };
}

const TEMPLATE: CCATemplate = {
  id: 12,
  userId: "2",
  createdOn: "2026-01-01T00:00:00.000Z",
  updatedOn: "2026-01-01T00:00:00.000Z",
  name: "Grove survey",
  description: "About groves",
  shortName: "grove-survey",
  parentName: null,
  permissions: ["ROLE_USER"],
  platform: ["DESKTOP"],
  language: "en",
  isDeleted: false,
  fields: [field("grove-name", "Grove name"), field("deity", "Deity")],
};

function renderEditor() {
  return renderWithProviders(<TemplateEditScreen template={TEMPLATE} masterFields={[]} parents={[]} language="en" layout={layoutData({ user: user(["ROLE_TEMPLATECURATOR"]) })} />, {
    namespaces: ["common", "header", "auth", "form", "group", "template", "activity"],
    router: { pathname: "/template/edit/[shortName]", asPath: "/template/edit/grove-survey", query: { shortName: "grove-survey" } },
  });
}

async function removeDeity() {
  fireEvent.click(await screen.findByRole("button", { name: "Remove “Deity”" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Remove “Deity”?" });
  fireEvent.click(within(confirm).getByRole("button", { name: "Remove field" }));
  expect(await screen.findByTestId("unsaved-marker")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Save template" }));
}

describe("[TEMPLATES] removing a field that records use asks first", () => {
  it("shows how many records hold a value and saves only when the curator confirms", async () => {
    vi.mocked(fetchTemplateValueCounts).mockResolvedValue({ total: 5, fields: { "grove-name": 5, deity: 3 }, options: {} });
    vi.mocked(updateTemplate).mockResolvedValue({ ...TEMPLATE, fields: [TEMPLATE.fields[0]!] });
    renderEditor();
    await removeDeity();
    const prompt = await screen.findByRole("alertdialog", { name: "Records hold values you are changing" });
    expect(within(prompt).getByText("Field “Deity” removed: 3 records hold a value")).toBeTruthy();
    expect(updateTemplate).not.toHaveBeenCalled();
    fireEvent.click(within(prompt).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateTemplate).mock.calls[0]![1].fields?.map((f) => f.fieldId)).toEqual(["grove-name"]);
  });

  it("saves at once when no record holds the removed field", async () => {
    vi.mocked(fetchTemplateValueCounts).mockResolvedValue({ total: 5, fields: { "grove-name": 5 }, options: {} });
    vi.mocked(updateTemplate).mockResolvedValue({ ...TEMPLATE, fields: [TEMPLATE.fields[0]!] });
    renderEditor();
    await removeDeity();
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alertdialog", { name: "Records hold values you are changing" })).toBeNull();
  });

  it("puts the platform's field errors on the field's row, translated", async () => {
    const { ApiError } = await import("@/lib/api/api-error");
    vi.mocked(updateTemplate).mockRejectedValue(
      new ApiError(400, "VALIDATION_FAILED", "bad", { "fields.deity.name": "template:errors.field_id_taken" }),
    );
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Save template" }));
    const row = await waitFor(() => {
      const li = document.querySelector('[data-field-id="deity"]');
      expect(li?.textContent).toContain("Another field of this template has the same id");
      return li;
    });
    expect(row).toBeTruthy();
  });
});

// Issue 27 item 16: the template is saved at the version it was read with; someone's save in between answers 409.
describe("[TEMPLATES] a save made meanwhile", () => {
  it("sends the version it read; a 409 shows the conflict message and keeps the curator's changes; the next save sends the new version", async () => {
    const { ApiError } = await import("@/lib/api/api-error");
    vi.mocked(fetchTemplateValueCounts).mockResolvedValue({ total: 0, fields: {}, options: {} });
    vi.mocked(updateTemplate).mockRejectedValueOnce(new ApiError(409, "CONFLICT", "stale", { version: "template:errors.stale_version" }));
    renderWithProviders(<TemplateEditScreen template={{ ...TEMPLATE, version: "v1" }} masterFields={[]} parents={[]} language="en" layout={layoutData({ user: user(["ROLE_TEMPLATECURATOR"]) })} />, {
      namespaces: ["common", "header", "auth", "form", "group", "template", "activity"],
      router: { pathname: "/template/edit/[shortName]", asPath: "/template/edit/grove-survey", query: { shortName: "grove-survey" } },
    });
    await removeDeity();
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateTemplate).mock.calls[0]![1]).toMatchObject({ id: 12, version: "v1", fields: [expect.objectContaining({ fieldId: "grove-name" })] });
    expect(await screen.findAllByText(/Someone saved this template after you opened it/)).not.toHaveLength(0);
    // The removal is still on screen, unsaved.
    expect(screen.getByTestId("unsaved-marker")).toBeTruthy();
    expect(document.querySelector('[data-field-id="deity"]')).toBeNull();

    vi.mocked(updateTemplate).mockResolvedValueOnce({ ...TEMPLATE, version: "v2", fields: [TEMPLATE.fields[0]!] });
    fireEvent.click(screen.getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(2));
    vi.mocked(updateTemplate).mockResolvedValueOnce({ ...TEMPLATE, version: "v3", fields: [TEMPLATE.fields[0]!] });
    fireEvent.click(await screen.findByRole("button", { name: "Save template" }));
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(3));
    expect(vi.mocked(updateTemplate).mock.calls[2]![1]).toMatchObject({ version: "v2" });
  });
});
