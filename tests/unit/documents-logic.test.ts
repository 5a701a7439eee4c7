import { describe, expect, it } from "vitest";
import { documentFieldErrors, formatReference, isPortalFileUrl, toBibtex } from "@/contracts/document";
import { documentListQueryString, documentQueryParams, parseDocumentListQuery } from "@/features/document/document-list-query";

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
