import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DocumentShowDialog, { type DocumentShowDialogProps } from "@/features/document/document-show-dialogs";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ flagDocument: vi.fn(), saveDocumentTags: vi.fn(), saveDocumentGroups: vi.fn() }));
vi.mock("@/lib/api/documents", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "document"];
const user = { id: 3, name: "Meera Member", profilePic: null, isAdmin: false };
const forest = { id: 1, name: "Sacred groves", icon: null, webAddress: "/group/sacred-groves", featured: false };
const banni = { id: 2, name: "Banni grasslands", icon: null, webAddress: "/group/banni", featured: false };
const closed = { id: 9, name: "Closed group", icon: null, webAddress: "/group/closed", featured: false };

function open(kind: DocumentShowDialogProps["kind"], extra: Partial<DocumentShowDialogProps> = {}, lang: "en" | "hi" = "en") {
  const props: DocumentShowDialogProps = {
    kind,
    documentId: 12,
    tags: [{ id: 1, name: "forests" }],
    groups: [forest, closed],
    postable: [forest, banni],
    onClose: vi.fn(),
    onFlags: vi.fn(),
    onTags: vi.fn(),
    onGroups: vi.fn(),
    ...extra,
  };
  renderWithProviders(<DocumentShowDialog {...props} />, { namespaces: NAMESPACES, lang });
  return props;
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

describe("[DOCUMENTS] the show page's dialogs", () => {
  it("a flag needs a reason; with one it is sent and the page gets the new flags", async () => {
    const props = open("flag");
    const submit = await screen.findByRole("button", { name: "Flag" });
    fireEvent.click(submit);
    expect(await screen.findByText("Choose a reason.")).toBeTruthy();
    expect(api.flagDocument).not.toHaveBeenCalled();
    const flags = [{ id: 4, flag: "DATE_INAPPROPRIATE", notes: "Wrong year", createdOn: "2026-01-01T00:00:00Z", user }];
    api.flagDocument.mockResolvedValue(flags);
    fireEvent.change(screen.getByRole("combobox", { name: /Reason/ }), { target: { value: "DATE_INAPPROPRIATE" } });
    fireEvent.change(screen.getByRole("textbox", { name: /More about it/ }), { target: { value: " Wrong year " } });
    fireEvent.click(submit);
    await waitFor(() => expect(props.onFlags).toHaveBeenCalledWith(flags));
    expect(api.flagDocument).toHaveBeenCalledWith({}, 12, "DATE_INAPPROPRIATE", "Wrong year");
    expect(props.onClose).toHaveBeenCalled();
  });

  it("tags are saved from a comma-separated list; a refusal stays in the dialog with its reason", async () => {
    const props = open("tags");
    const input = await screen.findByRole("textbox", { name: "Tags" });
    expect((input as HTMLInputElement).value).toBe("forests");
    fireEvent.change(input, { target: { value: "forests, , sacred groves " } });
    api.saveDocumentTags.mockRejectedValueOnce(new ApiError(403, "FORBIDDEN", "Only the uploader or an administrator may change the tags"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(props.onClose).not.toHaveBeenCalled();
    api.saveDocumentTags.mockResolvedValueOnce([{ id: 1, name: "forests" }, { id: 2, name: "sacred groves" }]);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(props.onTags).toHaveBeenCalled());
    expect(api.saveDocumentTags).toHaveBeenLastCalledWith({}, 12, ["forests", "sacred groves"]);
  });

  it("microsites: posting to one and removing another asks first, and sends only the groups the visitor may post to", async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    const props = open("microsites");
    fireEvent.click(await screen.findByRole("checkbox", { name: "Banni grasslands" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sacred groves" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(confirm).toHaveBeenCalledWith("Remove this document from Sacred groves?");
    expect(api.saveDocumentGroups).not.toHaveBeenCalled();
    api.saveDocumentGroups.mockResolvedValue([banni, closed]);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(props.onGroups).toHaveBeenCalledWith([banni, closed]));
    expect(api.saveDocumentGroups).toHaveBeenCalledWith({}, 12, [2]);
    vi.unstubAllGlobals();
  });

  it("speaks Hindi", async () => {
    open("flag", {}, "hi");
    expect(await screen.findByRole("dialog", { name: "इस दस्तावेज़ को फ़्लैग करें" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "तिथि अनुचित है" })).toBeTruthy();
  });
});
