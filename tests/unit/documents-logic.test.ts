import { describe, expect, it } from "vitest";
import { DOCUMENT_UPLOAD_PATH, documentFieldErrors, formatReference, isPortalFileUrl, toBibtex } from "@/contracts/document";
import { yupResolver } from "@hookform/resolvers/yup";
import { documentFormPath, documentFormSchema, type DocumentFormValues } from "@/contracts/document.schema";
import { documentListQueryString, documentQueryParams, parseDocumentListQuery } from "@/features/document/document-list-query";
import { MY_UPLOAD_PATH } from "@/server/modules/uploads/upload-media";

describe("the PDF viewer opens only this portal's files", () => {
  it.each([
    "/files-api/api/get/raw/myUploads/seed-documents/00000000-0000-4000-8000-000000000001.pdf",
    "/files-api/api/get/raw/pages/a/b.pdf",
  ])("accepts %s", (url) => expect(isPortalFileUrl(url)).toBe(true));

  it.each([
    "https://example.org/a.pdf",
    "//example.org/files-api/api/get/raw/x.pdf",
    "/files-api/api/get/raw/../../etc/passwd",
    "/files-api/api/get/raw/myUploads/%2e%2e/x.pdf",
    "/files-api/api/get/raw/myUploads/a\\b.pdf",
    "/files-api/api/get/raw//evil.org/x.pdf",
    "javascript:alert(1)",
    "/api/platform/files/get/raw/x.pdf",
    "",
    null,
  ])("refuses %s", (url) => expect(isPortalFileUrl(url)).toBe(false));
});

describe("required bibliographic fields per type", () => {
  it("an article needs author, journal and year; a thesis a school; a year has four digits", () => {
    expect(documentFieldErrors({ title: "T", itemTypeId: 1, bib: { author: "A" } })).toEqual({ journal: "form:required", year: "form:required" });
    expect(documentFieldErrors({ title: "T", itemTypeId: 10, bib: { author: "A", year: "99" } })).toEqual({ school: "form:required", year: "document:errors.year" });
    expect(documentFieldErrors({ title: " ", itemTypeId: 9, bib: {} })).toEqual({ title: "form:required" });
    expect(documentFieldErrors({ title: "T", itemTypeId: 42, bib: {} })).toEqual({ itemTypeId: "document:errors.item_type" });
    expect(documentFieldErrors({ title: "T", itemTypeId: 9, bib: {}, externalUrl: "ftp://x" })).toEqual({ externalUrl: "document:errors.url" });
  });
});

describe("citations", () => {
  const doc = { id: 7, itemTypeId: 1, title: "Sacred groves of Meghalaya", author: "Tiwari, B. K.", journal: "Current Science", year: "1998", volume: "75", number: "2", pages: "23-29" };
  it("formats a reference and a BibTeX entry", () => {
    expect(formatReference(doc)).toBe("Tiwari, B. K. (1998). Sacred groves of Meghalaya. Current Science, 75(2), 23-29.");
    expect(toBibtex(doc)).toContain("@article{document7,");
    expect(toBibtex(doc)).toContain("  journal = {Current Science}");
  });
});

describe("the list's URL state", () => {
  it("reads filters from the query, drops junk, keeps offsets on page boundaries and writes only what differs", () => {
    const state = parseDocumentListQuery({ itemType: "1,12,x", yearMin: "1990", yearMax: "20x", tags: ["a", "a", "b"], offset: "13", sort: "title", isFlagged: "maybe" });
    expect(state).toMatchObject({ itemType: [1, 12], yearMin: "1990", yearMax: "", tags: ["a", "b"], offset: 12, sort: "document.createdOn", isFlagged: "" });
    expect(documentListQueryString(state)).toBe("?itemType=1%2C12&yearMin=1990&tags=a%2Cb&offset=12");
    // Inside a group, only its documents.
    expect(documentQueryParams(state, 3)).toMatchObject({ userGroupList: "3", max: 12, offset: 12 });
  });
});

describe("[DOCUMENTS] the create/edit form's schema: the platform's rule, every problem at once, as translation keys on the form's fields", () => {
  const valid: DocumentFormValues = {
    itemTypeId: 1,
    title: "Sacred groves",
    notes: "",
    fromDate: "",
    licenseId: 822,
    languageId: 205,
    tags: "forests, groves",
    bib: { author: "Gadgil, Madhav", journal: "Current Science", year: "2001" },
    source: "file",
    resourceURL: "/ibpmu-2026/00000000-0000-4000-8000-000000000001.pdf",
    externalUrl: "",
    groups: [],
  };
  const problems = async (values: DocumentFormValues) => {
    const result = await yupResolver(documentFormSchema as never)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });
    const out: Record<string, string> = {};
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const message = (node as { message?: unknown }).message;
      if (typeof message === "string") out[at] = message;
      else for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
    };
    walk(result.errors, "");
    return out;
  };

  it("accepts a complete article", async () => {
    expect(await problems(valid)).toEqual({});
  });

  it("names the type's missing BibTeX fields, the title and the file, like the platform does", async () => {
    const errors = await problems({ ...valid, title: " ", bib: { year: "20x1" }, resourceURL: null });
    expect(errors).toEqual({
      title: "form:required",
      "bib.author": "form:required",
      "bib.journal": "form:required",
      "bib.year": "document:errors.year",
      resourceURL: "document:errors.file",
    });
    const platform = documentFieldErrors({ title: " ", itemTypeId: 1, bib: { year: "20x1" } });
    expect(Object.keys(platform).map((f) => documentFormPath(f))).toEqual(expect.arrayContaining(["title", "bib.author", "bib.journal", "bib.year"]));
  });

  it("an external document needs an http(s) address", async () => {
    expect(await problems({ ...valid, source: "url", resourceURL: null, externalUrl: "" })).toEqual({ externalUrl: "form:required" });
    expect(await problems({ ...valid, source: "url", resourceURL: null, externalUrl: "ftp://x" })).toEqual({ externalUrl: "document:errors.url" });
  });
});

describe("[DOCUMENTS] the contract names a document's file as the files-api stores it", () => {
  it("DOCUMENT_UPLOAD_PATH is the files-api's MY_UPLOAD_PATH", () => {
    expect(DOCUMENT_UPLOAD_PATH.source).toBe(MY_UPLOAD_PATH.source);
    expect(DOCUMENT_UPLOAD_PATH.flags).toBe(MY_UPLOAD_PATH.flags);
  });
});
