/** A document page's `ScholarlyArticle` (articles, papers, theses, chapters) or `Report` (reports and the rest). */
import { absolute, compact, SCHEMA_CONTEXT, type JsonLdObject } from "./json-ld";

export interface DocumentArticleInput {
  id: number;
  /** BibTeX item type key (`article`, `techreport`, …). */
  itemTypeKey: string | null;
  title: string;
  /** BibTeX authors ("A and B"). */
  author?: string | null;
  year?: string | null;
  abstract?: string | null;
  publisher?: string | null;
  licenseUrl?: string | null;
  language?: string | null;
  /** The public file's address (a PDF) and its type. */
  file?: { url: string; mimeType: string } | null;
  doi?: string | null;
  siteUrl: string;
  path: string;
  keywords?: string[];
}

const SCHOLARLY = new Set(["article", "inproceedings", "incollection", "inbook", "phdthesis", "mastersthesis", "proceedings", "book"]);

export function documentArticle(input: DocumentArticleInput): JsonLdObject {
  const url = absolute(input.siteUrl, input.path);
  const authors = (input.author ?? "")
    .split(/\s+and\s+/i)
    .map((a) => a.trim())
    .filter(Boolean)
    .map((name) => ({ "@type": "Person", name }));
  const media = input.file ? compact({ "@type": "MediaObject", contentUrl: absolute(input.siteUrl, input.file.url), encodingFormat: input.file.mimeType }) : undefined;
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": input.itemTypeKey && SCHOLARLY.has(input.itemTypeKey) ? "ScholarlyArticle" : "Report",
    "@id": url,
    name: input.title,
    headline: input.title.slice(0, 110),
    author: authors,
    datePublished: input.year && /^\d{4}$/.test(input.year) ? input.year : undefined,
    abstract: input.abstract ?? undefined,
    publisher: input.publisher ? { "@type": "Organization", name: input.publisher } : undefined,
    url,
    license: input.licenseUrl ?? undefined,
    inLanguage: input.language ?? undefined,
    keywords: input.keywords?.length ? input.keywords.join(", ") : undefined,
    associatedMedia: media,
    sameAs: input.doi ? (/^https?:/i.test(input.doi) ? input.doi : `https://doi.org/${input.doi}`) : undefined,
  });
}
