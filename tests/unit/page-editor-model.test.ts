import { describe, expect, it } from "vitest";
import { pageFormSchema, PAGE_MSG, hasPageContent, type GalleryFormItem, type PageFormValues } from "@/contracts/page.schema";
import { emptyPageForm, formFieldOf, messageForServerError, nextIndexUnder, otherFieldErrors, parentOptions, removedGalleryIds, serverFieldErrors, toWriteFields } from "@/features/page-edit/page-form-model";
import { ApiError } from "@/lib/api/api-error";
import { sanitizePageHtml } from "@/shared/html/sanitize-page-html";
import { checkUploadFile, IMAGE_UPLOAD, PAGE_VIDEO_UPLOAD } from "@/lib/media/upload-rules";
import { page } from "./helpers/fixtures";

async function schemaErrors(values: Partial<PageFormValues>): Promise<Record<string, string>> {
  try {
    await pageFormSchema.validate({ ...emptyPageForm(), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

const item = (id: number | null, fileName = `/h/${id ?? "new"}.jpg`): GalleryFormItem => ({ key: `k${id}`, id, fileName, caption: "", attribution: "", licenseId: "828" });

describe("[PAGES] the page form's rules", () => {
  it("asks for a title and content, with translated message keys", async () => {
    expect(await schemaErrors({ title: "  ", content: "<p></p>" })).toEqual({ title: PAGE_MSG.titleRequired, content: PAGE_MSG.contentRequired });
    expect(await schemaErrors({ title: "x".repeat(201), content: "<p>Text</p>" })).toEqual({ title: 'form:max_length|{"max":200}' });
    expect(await schemaErrors({ title: "Ok", content: '<p><img src="/files-api/api/get/raw/pages/a/b.jpg"></p>' })).toEqual({});
  });

  it("asks a Redirect page for an address and no content", async () => {
    expect(await schemaErrors({ title: "Go", pageType: "Redirect" })).toEqual({ url: PAGE_MSG.urlRequired });
    expect(await schemaErrors({ title: "Go", pageType: "Redirect", url: "javascript:alert(1)" })).toEqual({ url: PAGE_MSG.urlInvalid });
    expect(await schemaErrors({ title: "Go", pageType: "Redirect", url: "https://example.org/donate" })).toEqual({});
  });

  it("lets a Redirect page send visitors to a page of this site, but not to another site in disguise", async () => {
    for (const url of ["/data/list", "/group/sacred-groves/chart", " /page/show/45#donate "]) {
      expect(await schemaErrors({ title: "Go", pageType: "Redirect", url }), url).toEqual({});
    }
    for (const url of ["//evil.example", "/\\evil.example", "\\\\evil.example", "/%5Cevil.example", "data:text/html,hi", "/data list"]) {
      expect(await schemaErrors({ title: "Go", pageType: "Redirect", url }), url).toEqual({ url: PAGE_MSG.urlInvalid });
    }
  });

  it("counts text, images, videos and tables as content, empty paragraphs not", () => {
    expect(hasPageContent("<p></p><p>&nbsp;</p>")).toBe(false);
    expect(hasPageContent('<video controls src="/x.mp4"></video>')).toBe(true);
    expect(hasPageContent("<table><tr><td></td></tr></table>")).toBe(true);
  });
});

describe("[PAGES] what the page form sends", () => {
  it("blanks the url of a Content page and numbers the gallery 1..n in form order", () => {
    const values: PageFormValues = { ...emptyPageForm(), title: " Title ", content: "<p>x</p>", url: "https://stale.example", gallery: [item(7), item(null)] };
    values.gallery[1]!.caption = "  Grove ";
    const fields = toWriteFields(values);
    expect(fields).toMatchObject({ title: "Title", content: "<p>x</p>", url: null, sticky: true, showInMenu: false, description: null, socialPreview: null });
    expect(fields.galleryData).toEqual([
      { id: 7, fileName: "/h/7.jpg", caption: null, attribution: null, licenseId: 828, displayOrder: 1 },
      { fileName: "/h/new.jpg", caption: "Grove", attribution: null, licenseId: 828, displayOrder: 2 },
    ]);
  });

  it("blanks the content of a Redirect page and sends no gallery", () => {
    const fields = toWriteFields({ ...emptyPageForm(), title: "Go", pageType: "Redirect", url: " https://example.org ", content: "<p>old</p>", gallery: [item(7)] });
    expect(fields).toMatchObject({ content: "", url: "https://example.org", galleryData: [] });
  });

  it("removes only saved gallery items that left the form, and none when the page became a Redirect", () => {
    const initial = [item(1), item(2), item(3)];
    expect(removedGalleryIds(initial, [item(3), item(null), item(1)])).toEqual([2]);
    expect(removedGalleryIds(initial, initial)).toEqual([]);
    expect(removedGalleryIds(initial, [], "Redirect")).toEqual([]);
  });

  it("offers every page of the tree as a parent, except the page itself and its subtree", () => {
    const tree = [page(1, "About", [page(2, "Team", [page(3, "Board")])]), page(4, "Donate")];
    expect(parentOptions(tree, "No parent").map((o) => o.label)).toEqual(["No parent", "About", "— Team", "— — Board", "Donate"]);
    expect(parentOptions(tree, "No parent", 2).map((o) => o.value)).toEqual(["0", "1", "4"]);
  });

  it("moves a page after the last child of its new parent", () => {
    const tree = [page(1, "About", [page(2, "Team", [], { pageIndex: 4 }), page(5, "Board", [], { pageIndex: 1 })]), page(4, "Donate", [], { pageIndex: 2 })];
    expect(nextIndexUnder(tree, 1, 9)).toBe(5);
    expect(nextIndexUnder(tree, 0, 4)).toBe(1);
    expect(nextIndexUnder(tree, 4, 9)).toBe(0);
  });

  it("puts the platform's field errors (translation keys) on the matching fields, the others aside", () => {
    expect(formFieldOf("galleryData[2].caption")).toBe("gallery.2.caption");
    expect(formFieldOf("galleryData[2].fileName")).toBeNull();
    expect(messageForServerError(PAGE_MSG.urlInvalid)).toBe(PAGE_MSG.urlInvalid);
    expect(messageForServerError('form:max_length|{"max":200}')).toBe('form:max_length|{"max":200}');
    // A sentence from an older or foreign server is never shown as it is.
    expect(messageForServerError("must be an http(s) address")).toBe(PAGE_MSG.invalid);
    const error = new ApiError(400, "VALIDATION_FAILED", "bad", {
      title: PAGE_MSG.titleMax,
      "galleryData[0].attribution": "form:invalid",
      languageId: "form:language",
      socialPreview: "form:invalid_file",
      "galleryData[1].fileName": "form:invalid_file",
    });
    expect(serverFieldErrors(error)).toEqual([
      ["title", 'form:max_length|{"max":200}'],
      ["gallery.0.attribution", "form:invalid"],
    ]);
    expect(otherFieldErrors(error)).toEqual([
      ["languageId", "form:language"],
      ["socialPreview", "form:invalid_file"],
    ]);
  });
});

describe("[PAGES] uploads from the page editor", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it("accepts jpg, jpeg and png images up to 10 MB and says why others are refused", () => {
    expect(checkUploadFile(file("a.JPG", "image/jpeg"), IMAGE_UPLOAD)).toBeNull();
    expect(checkUploadFile(file("a.png", "image/png"), IMAGE_UPLOAD)).toBeNull();
    expect(checkUploadFile(file("a.gif", "image/gif"), IMAGE_UPLOAD)).toMatchObject({ key: "editor:upload.wrong_type", values: { name: "a.gif", types: "JPG, JPEG, PNG" } });
    expect(checkUploadFile(file("a.jpg", "text/html"), IMAGE_UPLOAD)?.key).toBe("editor:upload.wrong_type");
    expect(checkUploadFile(file("a.jpg", "image/jpeg", 11 * 1024 * 1024), IMAGE_UPLOAD)).toMatchObject({ key: "editor:upload.too_large", values: { max: 10 } });
  });

  it("lets only mp4 through the page video picker, up to 100 MB", () => {
    expect(PAGE_VIDEO_UPLOAD.accept).toBe("video/mp4");
    expect(checkUploadFile(file("clip.mp4", "video/mp4"), PAGE_VIDEO_UPLOAD)).toBeNull();
    expect(checkUploadFile(file("clip.webm", "video/webm"), PAGE_VIDEO_UPLOAD)?.key).toBe("editor:upload.wrong_type");
    expect(checkUploadFile(file("clip.mov", "video/quicktime"), PAGE_VIDEO_UPLOAD)?.key).toBe("editor:upload.wrong_type");
    expect(checkUploadFile(file("clip.mp4", "video/mp4", 101 * 1024 * 1024), PAGE_VIDEO_UPLOAD)?.key).toBe("editor:upload.too_large");
  });

  it("keeps a video uploaded to the files service in stored page HTML, and nothing that runs", () => {
    const html = sanitizePageHtml('<video controls="controls" src="/files-api/api/get/raw/pages/ibpmu-1/clip.mp4" onerror="x()"></video><video src="javascript:alert(1)"></video>');
    expect(html).toContain('<video controls="controls" src="/files-api/api/get/raw/pages/ibpmu-1/clip.mp4"></video>');
    expect(html).not.toMatch(/onerror|javascript:/);
  });
});
