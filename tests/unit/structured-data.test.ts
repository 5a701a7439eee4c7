/** schema.org JSON-LD builders of the record, document and group pages (src/lib/structured-data). */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { jsonLdElement } from "@/components/ui/json-ld";
import type { CCAData } from "@/contracts/cca-data";
import { jsonLdText } from "@/lib/structured-data/json-ld";
import { recordDataset, type RecordDatasetInput } from "@/lib/structured-data/record";
import { documentArticle } from "@/lib/structured-data/document";
import { groupOrganization } from "@/lib/structured-data/group";

const SITE = "https://cca.example.org";
const polygon = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[91.81, 25.41], [91.92, 25.41], [91.92, 25.52], [91.81, 25.41]]] } }] };
const cell = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[75.2, 12.1], [75.3, 12.1], [75.3, 12.2], [75.2, 12.2], [75.2, 12.1]]] } }] };

function input(over: Partial<RecordDatasetInput["record"]> = {}): RecordDatasetInput {
  const record: RecordDatasetInput["record"] = {
    id: 7,
    createdOn: Date.UTC(2024, 0, 1),
    updatedOn: Date.UTC(2025, 5, 1),
    ccaFieldValues: {
      name: { fieldId: "name", name: "Name", type: "TEXT", value: "Grove" },
      boundary: { fieldId: "boundary", name: "Boundary", type: "GEOMETRY", value: polygon },
    } as CCAData["ccaFieldValues"],
    restrictedFields: {},
    audience: "PUBLIC",
    reviewState: "PUBLISHED",
    usergroups: ["3"],
    ...over,
  };
  return {
    record,
    name: "Grove </script><script>alert(1)</script>",
    description: "Area: 7 ha",
    siteUrl: SITE,
    path: "/hi/data/show/7",
    lang: "hi",
    license: "https://creativecommons.org/licenses/by/4.0/",
    groups: [{ name: "Sacred Groves", url: "/group/sacred-groves" }],
    site: { name: "Community Conserved Areas", url: "/" },
    templateName: "CCA",
  };
}

describe("record Dataset", () => {
  it("carries the required properties, the group as creator and the shown location's box", () => {
    const d = recordDataset(input())!;
    expect(d).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      url: `${SITE}/hi/data/show/7`,
      license: "https://creativecommons.org/licenses/by/4.0/",
      inLanguage: "hi",
      isAccessibleForFree: true,
      dateModified: "2025-06-01T00:00:00.000Z",
      creator: [{ "@type": "Organization", name: "Sacred Groves", url: `${SITE}/group/sacred-groves` }],
    });
    expect(d.spatialCoverage).toEqual({ "@type": "Place", name: input().name, geo: { "@type": "GeoShape", box: "25.41 91.81 25.52 91.92" } });
    expect(JSON.stringify(d)).not.toContain("mailto:");
    expect(recordDataset(input({ shortName: "cca" }))!.distribution).toEqual([
      { "@type": "DataDownload", encodingFormat: "application/geo+json", contentUrl: `${SITE}/ogc/collections/records-cca/items/7?f=json` },
    ]);
  });

  it("a withheld location has no geo; a generalised one is the generalised cell", () => {
    const hidden = recordDataset(input({ restrictedFields: { boundary: "HIDDEN" }, ccaFieldValues: { boundary: { fieldId: "boundary", name: "Boundary", type: "GEOMETRY", value: null } } as CCAData["ccaFieldValues"] }))!;
    expect(hidden.spatialCoverage).toEqual({ "@type": "Place", name: input().name });
    expect(JSON.stringify(hidden)).not.toContain("geo");
    const general = recordDataset(input({ restrictedFields: { boundary: "GENERALISED" }, ccaFieldValues: { boundary: { fieldId: "boundary", name: "Boundary", type: "GEOMETRY", value: cell } } as CCAData["ccaFieldValues"] }))!;
    expect((general.spatialCoverage as { geo: unknown }).geo).toEqual({ "@type": "GeoShape", box: "12.1 75.2 12.2 75.3" });
  });

  it("describes no record that is not public", () => {
    expect(recordDataset(input({ audience: "COMMUNITY" }))).toBeNull();
    expect(recordDataset(input({ reviewState: "IN_REVIEW" as never }))).toBeNull();
    expect(recordDataset({ ...input(), record: { ...input().record, recordRestriction: { kind: "x" } } })).toBeNull();
  });

  it("the data block's text never closes the element", () => {
    const text = jsonLdText(recordDataset(input())!);
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text).name).toBe(input().name);
    // The element next/head receives directly: a data block whose text holds no markup.
    const html = renderToStaticMarkup(jsonLdElement("record-jsonld", recordDataset(input()))!);
    expect(html.startsWith('<script type="application/ld+json" id="record-jsonld">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdElement("x", null)).toBeNull();
  });
});

describe("document and group", () => {
  it("a report or a scholarly article with authors, date, abstract, publisher, licence and its PDF", () => {
    const a = documentArticle({
      id: 5,
      itemTypeKey: "article",
      title: "Sacred groves of Meghalaya",
      author: "A. Tiwari and B. Lyngdoh",
      year: "2019",
      abstract: "About groves",
      publisher: "Journal",
      licenseUrl: "https://creativecommons.org/licenses/by/4.0/",
      language: "en",
      file: { url: "/files-api/api/get/raw/myUploads/x.pdf", mimeType: "application/pdf" },
      siteUrl: SITE,
      path: "/document/show/5",
    });
    expect(a).toMatchObject({
      "@type": "ScholarlyArticle",
      name: "Sacred groves of Meghalaya",
      author: [{ "@type": "Person", name: "A. Tiwari" }, { "@type": "Person", name: "B. Lyngdoh" }],
      datePublished: "2019",
      abstract: "About groves",
      url: `${SITE}/document/show/5`,
      associatedMedia: { "@type": "MediaObject", contentUrl: `${SITE}/files-api/api/get/raw/myUploads/x.pdf`, encodingFormat: "application/pdf" },
    });
    expect(documentArticle({ id: 6, itemTypeKey: "techreport", title: "R", siteUrl: SITE, path: "/document/show/6" })["@type"]).toBe("Report");
  });

  it("a group home's Organization with its local-language name and logo", () => {
    const g = groupOrganization({ name: "Sacred Groves", nameLocal: "पवित्र उपवन", logo: "/files-api/logo.png", url: "/group/sacred-groves", description: "Groves", siteUrl: SITE });
    expect(g).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${SITE}/group/sacred-groves`,
      name: "Sacred Groves",
      alternateName: "पवित्र उपवन",
      logo: `${SITE}/files-api/logo.png`,
      url: `${SITE}/group/sacred-groves`,
      description: "Groves",
    });
  });
});
