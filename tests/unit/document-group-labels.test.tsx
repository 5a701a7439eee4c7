/**
 * Local Contexts labels on documents and groups (issue 30, item 3): the generic panel (load, show in the
 * visitor's language, edit in the lazy dialog, save through the caller's endpoint) and the texts of the
 * document and group namespaces in English and Hindi.
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { labelById, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { LabelsPanel } from "@/components/labels/labels-panel";
import { ApiError } from "@/lib/api/api-error";
import { readLocale } from "./helpers/locales";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const NAMESPACES = ["common", "header", "governance", "document", "group"];

afterEach(cleanup);

function applied(labelId: string, text: RecordLabel["text"] = null): RecordLabel {
  const label = labelById(labelId)!;
  return { labelId, kind: label.kind, restricts: label.restricts, text, appliedBy: null, appliedOn: "2026-03-05T10:00:00.000Z" };
}

const props = (over: Partial<Parameters<typeof LabelsPanel>[0]> = {}) => ({
  load: vi.fn(async () => [applied("tk-attribution"), applied("tk-community-voice", { hi: "ग्राम परिषदें इन वनों की ओर से बोलती हैं" })]),
  save: vi.fn(async (input: RecordLabelsInput) => input.labels.map((l) => applied(l.labelId, l.text ?? null))),
  canEdit: false,
  title: "Nagaland Community Forests",
  dialogDescription: "Choose the labels of this microsite",
  noneText: "No labels yet",
  testId: "group-labels",
  ...over,
});

describe("[LABELS] the labels panel of documents and groups", () => {
  it("shows every visitor the labels in Hindi, the community's own text where it wrote one, without an edit button", async () => {
    renderWithProviders(<LabelsPanel {...props()} />, { lang: "hi", namespaces: NAMESPACES });
    const list = await screen.findByTestId("group-labels-list");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]!.textContent).toContain("ग्राम परिषदें इन वनों की ओर से बोलती हैं");
    expect(items[1]!.textContent).toContain("समुदाय के शब्दों में");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("लोकल कॉन्टेक्स्ट्स लेबल");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("brings the label names and texts itself on pages that do not load the governance namespace (a group's about page)", async () => {
    renderWithProviders(<LabelsPanel {...props()} />, { namespaces: ["common", "header", "group"] });
    const list = await screen.findByTestId("group-labels-list");
    expect(list.textContent).toContain("Attribution");
    expect(list.textContent).not.toContain("governance:");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Local Contexts labels");
  });

  it("says nothing when there are no labels and the visitor may not add any, or when the platform answers 404", async () => {
    const empty = props({ load: vi.fn(async () => []) });
    const { container } = renderWithProviders(<LabelsPanel {...empty} />, { namespaces: NAMESPACES });
    await waitFor(() => expect(empty.load).toHaveBeenCalled());
    expect(container.querySelector("[data-testid='group-labels']")).toBeNull();
    cleanup();
    const gone = props({ load: vi.fn(async () => Promise.reject(new ApiError(404, "NOT_FOUND", "Group 9 not found"))) });
    const second = renderWithProviders(<LabelsPanel {...gone} />, { namespaces: NAMESPACES });
    await waitFor(() => expect(gone.load).toHaveBeenCalled());
    expect(second.container.querySelector("[data-testid='group-labels']")).toBeNull();
    expect(second.container.querySelector("[role='alert']")).toBeNull();
  });

  it("tells a keeper there are none yet and lets them add one: the dialog saves the complete set through the caller's endpoint", async () => {
    const onSaved = vi.fn();
    const p = props({ load: vi.fn(async () => []), canEdit: true, onSaved, testId: "document-labels", title: "Sacred groves of Meghalaya" });
    renderWithProviders(<LabelsPanel {...p} />, { namespaces: NAMESPACES });
    expect(await screen.findByText("No labels yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit labels" }));
    const dialog = await screen.findByRole("dialog", { name: "Labels of “Sacred groves of Meghalaya”" });
    expect(dialog.textContent).toContain("Choose the labels of this microsite");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Non-Commercial/, description: /money/ }));
    const option = dialog.querySelector("[data-label-option='tk-non-commercial']") as HTMLElement;
    fireEvent.change(within(option).getByLabelText("The community's text in Hindi (optional)"), { target: { value: "इससे पैसा न कमाएँ" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the labels" }));
    await waitFor(() => expect(p.save).toHaveBeenCalledWith({ labels: [{ labelId: "tk-non-commercial", text: { hi: "इससे पैसा न कमाएँ" } }] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(within(screen.getByTestId("document-labels-list")).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the dialog open with the platform's refusal under the form", async () => {
    const p = props({
      canEdit: true,
      save: vi.fn(async () => Promise.reject(new ApiError(403, "FORBIDDEN", "No", { labels: "group:labels.errors.forbidden" }))),
    });
    renderWithProviders(<LabelsPanel {...p} />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Edit labels" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the labels" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Only the founders of this microsite or an administrator may change its labels");
  });
});

describe("[LABELS] texts of the document and group labels", () => {
  it.each(["document", "group"])("%s: the same keys in English and Hindi, the Hindi in Devanagari", (ns) => {
    const en = (readLocale("en", ns) as { labels: Record<string, unknown> }).labels;
    const hi = (readLocale("hi", ns) as { labels: { none: string; dialog_description: string; errors: { forbidden: string } } }).labels;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const text of [hi.none, hi.dialog_description, hi.errors.forbidden]) expect(text).toMatch(/[\u0900-\u097F]{3}/);
    if (ns === "document") expect((readLocale("hi", ns) as { activity: { labels: string } }).activity.labels).toMatch(/लेबल/);
  });
});
