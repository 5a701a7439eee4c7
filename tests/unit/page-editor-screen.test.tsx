import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageShowFull } from "@/contracts/page";
import { PageEditScreen } from "@/features/page-edit/page-edit-screen";
import { ApiError } from "@/lib/api/api-error";
import { createPage, removeGalleryItem, updatePage, updatePageTree } from "@/lib/api/pages";
import { layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));
vi.mock("@/lib/api/pages", () => ({
  createPage: vi.fn(),
  updatePage: vi.fn(),
  removeGalleryItem: vi.fn(),
  updatePageTree: vi.fn(),
  fetchPage: vi.fn(),
  fetchPageTree: vi.fn(),
}));
// The Tiptap editor needs a real browser; a plain labelled text area stands in for it here.
vi.mock("@/components/editor/rich-text-editor", () => ({
  RichTextEditor: ({ value, onChange, labelId, onUploadingChange }: { value: string; onChange: (v: string) => void; labelId: string; onUploadingChange?: (busy: boolean) => void }) => (
    <>
      <textarea aria-labelledby={labelId} defaultValue={value} onChange={(e) => onChange(e.target.value)} />
      <button type="button" onClick={() => onUploadingChange?.(true)}>
        start upload
      </button>
      <button type="button" onClick={() => onUploadingChange?.(false)}>
        finish upload
      </button>
    </>
  ),
}));

beforeEach(() => vi.mocked(updatePage).mockReset());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const NAMESPACES = ["common", "header", "auth", "form", "group", "page", "editor"];
const editorLayout = layoutData({ user: user(["ROLE_PAGE_EDITOR"]), canEditPages: true });

const SAVED: PageShowFull = {
  id: 46,
  title: "Team",
  content: "<p>Who we are</p>",
  description: null,
  socialPreview: null,
  url: null,
  pageType: "Content",
  galleryData: [
    { id: 11, fileName: "/h1/a.jpg", caption: "First", attribution: null, licenseId: 822, displayOrder: 1 },
    { id: 12, fileName: "/h1/b.jpg", caption: "Second", attribution: "Asha", licenseId: 823, displayOrder: 2 },
  ],
  allowComments: false,
  userIbp: null,
  languageId: 205,
  userGroupId: null,
  parentId: 45,
  pageIndex: 0,
  date: "2026-01-01T00:00:00.000Z",
  sticky: true,
  showInFooter: false,
  showInMenu: false,
};

function renderForm(page: PageShowFull | null, lang: "en" | "hi" = "en") {
  return renderWithProviders(<PageEditScreen page={page} userGroupId={null} languageId={lang === "hi" ? 206 : 205} layout={editorLayout} />, {
    lang,
    namespaces: NAMESPACES,
    router: { pathname: page ? "/page/edit/[pageId]" : "/page/create", asPath: page ? `/page/edit/${page.id}` : "/page/create" },
  });
}

describe("[PAGES] the page form", () => {
  it("shows its own validation messages, translated, before calling the platform", async () => {
    renderForm(null, "hi");
    fireEvent.click(screen.getByRole("button", { name: "पृष्ठ बनाएँ" }));
    expect(await screen.findByText("शीर्षक आवश्यक है")).toBeTruthy();
    expect(screen.getByText("सामग्री आवश्यक है")).toBeTruthy();
    expect(createPage).not.toHaveBeenCalled();
  });

  it("shows the platform's field errors on the matching fields and keeps what was typed", async () => {
    vi.mocked(createPage).mockRejectedValueOnce(
      new ApiError(400, "VALIDATION_FAILED", "The page is not valid", { title: 'form:max_length|{"max":200}', "galleryData[0].caption": 'form:max_length|{"max":500}' }),
    );
    const { router } = renderForm(null);
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Forest councils" } });
    fireEvent.change(await screen.findByRole("textbox", { name: "Content" }), { target: { value: "<p>Body</p>" } });
    fireEvent.click(screen.getByRole("button", { name: "Create page" }));
    const title = screen.getByRole("textbox", { name: "Title" });
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Enter at most 200 characters")).toBeTruthy();
    expect(within(screen.getAllByRole("alert")[0]!).getByText(/Unable to create page\. Please correct the highlighted fields/)).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe("Forest councils");
    expect(router.push).not.toHaveBeenCalled();
    expect(createPage).toHaveBeenCalledWith({}, expect.objectContaining({ title: "Forest councils", content: "<p>Body</p>", parentId: 0, userGroupId: null, languageId: 205, sticky: true }));
  });

  it("shows a Hindi visitor the platform's field errors in Hindi, also for fields the form does not show", async () => {
    vi.mocked(createPage).mockRejectedValueOnce(
      new ApiError(400, "VALIDATION_FAILED", "The page is not valid: url must be a path of this site (/...) or an http(s) address; languageId must be one of 205, 206", {
        url: "editor:form.errors.url_invalid",
        languageId: "form:language",
        socialPreview: "must be a file path such as /<hash>/<name>.jpg",
      }),
    );
    renderForm(null, "hi");
    fireEvent.change(screen.getByRole("textbox", { name: "शीर्षक" }), { target: { value: "डेटा" } });
    fireEvent.click(screen.getByText("पुनर्निर्देशन"));
    fireEvent.change(await screen.findByRole("textbox", { name: /पुनर्निर्देशन पता/ }), { target: { value: "/data/list" } });
    fireEvent.click(screen.getByRole("button", { name: "पृष्ठ बनाएँ" }));
    expect(await screen.findByText("/ से शुरू होने वाला इस साइट का पथ (जैसे /data/list) या http:// या https:// से शुरू होने वाला वेब पता दर्ज करें")).toBeTruthy();
    const alert = screen.getAllByRole("alert")[0]!;
    expect(within(alert).getByText("इस साइट की भाषाओं में से कोई एक चुनें")).toBeTruthy();
    // A reason that is not a translation key is never shown as it is.
    expect(within(alert).getByText("सोशल पूर्वावलोकन चित्र: यह मान मान्य नहीं है")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/must be|http\(s\) address/);
    expect(createPage).toHaveBeenCalledWith({}, expect.objectContaining({ pageType: "Redirect", url: "/data/list", content: "" }));
  });

  it("removes a saved gallery image only when the form is saved", async () => {
    vi.mocked(updatePage).mockResolvedValueOnce({ id: 46 } as never);
    vi.mocked(removeGalleryItem).mockResolvedValue({ id: 46 } as never);
    const { router } = renderForm(SAVED);
    const items = screen.getAllByTestId("gallery-item");
    expect(items).toHaveLength(2);
    fireEvent.click(within(items[0]!).getByRole("button", { name: "Remove image 1" }));
    await waitFor(() => expect(screen.getAllByTestId("gallery-item")).toHaveLength(1));
    expect(removeGalleryItem).not.toHaveBeenCalled();
    expect(updatePage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Update page" }));
    await waitFor(() => expect(removeGalleryItem).toHaveBeenCalledWith({}, 46, 11));
    expect(removeGalleryItem).toHaveBeenCalledTimes(1);
    const body = vi.mocked(updatePage).mock.calls[0]![1];
    expect(body.galleryData).toEqual([{ id: 12, fileName: "/h1/b.jpg", caption: "Second", attribution: "Asha", licenseId: 823, displayOrder: 1 }]);
    expect(vi.mocked(updatePage).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(removeGalleryItem).mock.invocationCallOrder[0]!);
    expect(updatePageTree).not.toHaveBeenCalled();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/page/show/46"));
  });

  it("keeps every saved gallery image when saving fails", async () => {
    vi.mocked(updatePage).mockRejectedValueOnce(new ApiError(403, "FORBIDDEN", "no"));
    renderForm(SAVED);
    fireEvent.click(within(screen.getAllByTestId("gallery-item")[1]!).getByRole("button", { name: "Remove image 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Update page" }));
    expect(await screen.findByText(/Unable to update page\. You do not have permission to do this/, { selector: "[role=alert] *" })).toBeTruthy();
    expect(removeGalleryItem).not.toHaveBeenCalled();
  });

  it("moves the page through updateTree when its parent changed", async () => {
    vi.mocked(updatePage).mockResolvedValueOnce({ id: 46 } as never);
    vi.mocked(updatePageTree).mockResolvedValueOnce([]);
    renderForm(SAVED);
    const parent = screen.getByRole("combobox", { name: /Parent page/ }) as HTMLSelectElement;
    // The page itself is not offered as its own parent.
    expect(Array.from(parent.options).map((o) => o.textContent)).toEqual(["No parent (top level)", "About", "Donate"]);
    fireEvent.change(parent, { target: { value: "63" } });
    fireEvent.click(screen.getByRole("button", { name: "Update page" }));
    await waitFor(() => expect(updatePageTree).toHaveBeenCalledWith({}, [{ id: 46, parentId: 63, pageIndex: 0 }], 205));
  });

  it("offers the licences by name with the platform's ids", () => {
    renderForm(SAVED, "hi");
    const select = within(screen.getAllByTestId("gallery-item")[0]!).getByRole("combobox", { name: "लाइसेंस" }) as HTMLSelectElement;
    expect(select.value).toBe("822");
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toContainEqual(["821", "सार्वजनिक डोमेन"]);
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["828", "821", "822", "823", "824", "825", "826", "827"]);
  });

  it("asks before leaving with unsaved changes, and not after saving", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    vi.mocked(createPage).mockResolvedValueOnce({ id: 99 } as never);
    const { router } = renderForm(null);
    // Nothing typed yet: leaving is free.
    expect(() => router.events.emit("routeChangeStart", "/page/show/45", { shallow: false })).not.toThrow();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Draft" } });
    await waitFor(() => expect(() => router.events.emit("routeChangeStart", "/page/show/45", { shallow: false })).toThrow());
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave this page and lose them?");
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    confirm.mockClear();
    fireEvent.change(await screen.findByRole("textbox", { name: "Content" }), { target: { value: "<p>Body</p>" } });
    fireEvent.click(screen.getByRole("button", { name: "Create page" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/page/show/99"));
    expect(() => router.events.emit("routeChangeStart", "/page/show/99", { shallow: false })).not.toThrow();
    expect(confirm).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("shows the address field instead of the editor for a Redirect page", async () => {
    renderForm(null);
    expect(await screen.findByRole("textbox", { name: "Content" })).toBeTruthy();
    fireEvent.click(screen.getByText("Redirect"));
    expect(await screen.findByRole("textbox", { name: /Redirect address/ })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Content" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Gallery" })).toBeNull();
  });

  it("waits for uploads under way before saving", async () => {
    renderForm(null);
    fireEvent.click(await screen.findByRole("button", { name: "start upload" }));
    const submit = screen.getByRole("button", { name: "Create page" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(screen.getByText("Saving is possible once the uploads have finished.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "finish upload" }));
    await waitFor(() => expect(submit.disabled).toBe(false));
  });
});

// Issue 27 item 16: the page is saved at the version it was opened with; someone's save in between answers 409.
describe("[PAGES] the page form and a save made meanwhile", () => {
  it.each([
    ["en", "Update page", "Someone saved this page after you opened it."],
    ["hi", "पृष्ठ अपडेट करें", "आपके खोलने के बाद किसी ने यह पेज सहेज दिया।"],
  ] as const)("%s: sends the version it read; a 409 shows the conflict message and keeps the edits on screen", async (lang, button, message) => {
    vi.mocked(updatePage).mockRejectedValueOnce(new ApiError(409, "CONFLICT", "stale", { version: "editor:form.errors.stale_version" }));
    const { router } = renderForm({ ...SAVED, version: "20260101000000123456" }, lang);
    const title = screen.getByDisplayValue("Team") as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Our team" } });
    fireEvent.click(screen.getByRole("button", { name: button }));
    await waitFor(() => expect(updatePage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updatePage).mock.calls[0]![1]).toMatchObject({ id: 46, title: "Our team", version: "20260101000000123456" });
    const alert = await screen.findByText((_, el) => el?.getAttribute("role") === "alert" && (el.textContent ?? "").includes(message));
    expect(alert).toBeTruthy();
    expect((screen.getByDisplayValue("Our team") as HTMLInputElement).value).toBe("Our team");
    expect(router.push).not.toHaveBeenCalled();
    expect(removeGalleryItem).not.toHaveBeenCalled();
  });

  it("a page read from a platform without versions saves without one", async () => {
    vi.mocked(updatePage).mockResolvedValueOnce({ id: 46 } as never);
    renderForm(SAVED);
    fireEvent.click(screen.getByRole("button", { name: "Update page" }));
    await waitFor(() => expect(updatePage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updatePage).mock.calls[0]![1]).not.toHaveProperty("version");
  });
});
