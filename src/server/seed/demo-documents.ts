/**
 * Demo documents: reports, papers and theses about community conserved areas, with PDFs generated at
 * seed time (no network), spread over the demo groups, one imported from BibTeX. Added once (marker
 * `seed.demo.documents`), also to a demo database seeded before documents existed.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { BibValues } from "@/contracts/document";
import type { Db, Queryable } from "../infra/db/db";
import type { FileStore } from "../infra/files/file-store";
import { parseBibtex } from "../modules/documents/bibtex";
import { simplePdf } from "../modules/documents/simple-pdf";
import { SEED_USER_BY_ROLE } from "./demo-users";

export const DEMO_DOCUMENTS_MARKER = "seed.demo.documents";
const HASH = "seed-documents";

export interface DemoDocument {
  title: string;
  itemTypeId: number;
  bib: BibValues;
  notes: string;
  tags: string[];
  groups: number[];
  featuredIn?: number[];
  languageId?: number;
  /** Pages of the generated PDF (each a heading and lines); none for an external document. */
  pages?: string[][];
  externalUrl?: string;
  /** Days before the seed day it was added. */
  daysAgo: number;
}

const page = (heading: string, ...lines: string[]) => [heading, ...lines];

export const DEMO_BIBTEX = `@techreport{kalpavriksh2012,
  title = {Forest rights and community conservation in Mendha-Lekha},
  author = {Pathak, Neema and Gour-Broome, Vivek},
  institution = {Kalpavriksh},
  address = {Pune},
  year = {2012},
  number = {KV-2012-04},
  keywords = {forest rights, gram sabha, Maharashtra},
  abstract = {How the gram sabha of Mendha-Lekha claimed community forest rights and manages its bamboo harvest.}
}`;

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    title: "Sacred groves of Meghalaya: status and management",
    itemTypeId: 1,
    bib: { author: "Tiwari, B. K. and Barik, S. K.", journal: "Journal of Community Conservation", year: "2018", volume: "12", number: "2", pages: "45-61" },
    notes: "A survey of seventy-nine sacred groves in the Khasi and Jaintia hills, their tree diversity and the village councils that keep them.",
    tags: ["sacred groves", "Meghalaya", "forests"],
    groups: [1],
    featuredIn: [1],
    pages: [
      page("Sacred groves of Meghalaya", "Status and management", "Journal of Community Conservation 12(2)", "", "Abstract: a survey of seventy-nine sacred groves."),
      page("1. Methods", "Each grove was walked with members of the dorbar shnong.", "Trees above 10 cm girth were counted in plots."),
      page("2. Results", "Groves held between 40 and 130 tree species.", "Village rules forbid felling and grazing."),
    ],
    daysAgo: 2,
  },
  {
    title: "Community forest management in Nagaland: a review",
    itemTypeId: 12,
    bib: { author: "Sema, Akala and Longkumer, Imna", institution: "Nagaland Biodiversity Board", address: "Kohima", year: "2016", number: "NBB-16-07" },
    notes: "Village councils own most forests of Nagaland. This report reviews community reserves declared by village councils since 2000.",
    tags: ["Nagaland", "community reserves", "forests"],
    groups: [2],
    pages: [
      page("Community forest management in Nagaland", "A review", "Nagaland Biodiversity Board, Kohima, 2016"),
      page("Summary", "Over 400 villages have declared community reserves.", "Hunting bans are agreed in village councils."),
    ],
    daysAgo: 5,
  },
  {
    title: "Grazing commons of Banni: a pastoral landscape",
    itemTypeId: 2,
    bib: { author: "Bharwada, Chhaya and Mahajan, Vinay", publisher: "Sahjeevan", address: "Bhuj", year: "2014", isbn: "978-81-000000-0-1" },
    notes: "The Maldhari herders of Banni, their breeds and their claim to the grassland as a community forest resource.",
    tags: ["grasslands", "pastoralism", "Gujarat"],
    groups: [3],
    featuredIn: [3],
    pages: [
      page("Grazing commons of Banni", "A pastoral landscape", "Sahjeevan, Bhuj, 2014"),
      page("Chapter 1: The Maldharis", "Banni buffalo and Kankrej cattle graze over 2,500 square km."),
      page("Chapter 2: Prosopis", "The spread of Prosopis juliflora has shrunk the open grassland."),
    ],
    daysAgo: 9,
  },
  {
    title: "Fishing rights and lagoon governance at Chilika",
    itemTypeId: 10,
    bib: { author: "Mohanty, Sarita", school: "Utkal University", address: "Bhubaneswar", year: "2019" },
    notes: "A thesis on the fisher cooperatives of Chilika lagoon and the rules they keep about nets and seasons.",
    tags: ["wetlands", "fisheries", "Odisha"],
    groups: [4],
    pages: [
      page("Fishing rights and lagoon governance at Chilika", "PhD thesis, Utkal University, 2019"),
      page("Chapter 3", "Cooperatives allot fishing grounds (janos) to villages."),
    ],
    daysAgo: 12,
  },
  {
    title: "Community Conserved Areas in India: a directory",
    itemTypeId: 2,
    bib: { author: "Pathak, Neema", editor: "Pathak, Neema", publisher: "Kalpavriksh", address: "Pune", year: "2009" },
    notes: "Profiles of community conserved areas across India: forests, wetlands, grasslands and coasts.",
    tags: ["directory", "India"],
    groups: [1, 2, 3, 4],
    pages: [
      page("Community Conserved Areas in India", "A directory", "Kalpavriksh, Pune"),
      page("Contents", "Andhra Pradesh ... Arunachal Pradesh ... Assam ... Bihar"),
      page("Maharashtra", "Mendha-Lekha, Gadchiroli district"),
      page("Nagaland", "Khonoma, Kohima district"),
    ],
    daysAgo: 20,
  },
  {
    title: "Hunting bans and wildlife recovery in Khonoma",
    itemTypeId: 6,
    bib: { author: "Angami, Tsilie", bookTitle: "Proceedings of the Northeast Conservation Meeting", year: "2015", pages: "101-110", organization: "NECM" },
    notes: "Ten years after the village banned hunting, bird counts in the Khonoma Nature Conservation and Tragopan Sanctuary.",
    tags: ["Nagaland", "wildlife", "hunting"],
    groups: [2],
    pages: [page("Hunting bans and wildlife recovery in Khonoma", "Northeast Conservation Meeting, 2015"), page("Results", "Blyth's tragopan sightings rose each year.")],
    daysAgo: 30,
  },
  {
    title: "सामुदायिक वन अधिकार: ग्राम सभा के लिए मार्गदर्शिका",
    itemTypeId: 7,
    bib: { author: "Kalpavriksh", organization: "Kalpavriksh", address: "Pune", year: "2017", edition: "2" },
    notes: "ग्राम सभाओं के लिए सामुदायिक वन संसाधन अधिकार के दावे की सरल मार्गदर्शिका।",
    tags: ["forest rights", "gram sabha"],
    groups: [1],
    languageId: 206,
    pages: [page("Community forest rights: a guide for gram sabhas", "Hindi edition (text in the portal)"), page("Step 1", "Form the forest rights committee.")],
    daysAgo: 40,
  },
  {
    title: "Legal orders recognising community forest resource rights, 2008-2020",
    itemTypeId: 9,
    bib: { howPublished: "Compilation of government orders", year: "2020" },
    notes: "Orders of district collectors and state governments recognising community forest resource rights under the Forest Rights Act.",
    tags: ["forest rights", "law"],
    groups: [],
    pages: [page("Legal orders, 2008-2020", "A compilation"), page("Order 1", "Gadchiroli district, 2009")],
    daysAgo: 55,
  },
  {
    title: "Sacred landscapes and the law",
    itemTypeId: 5,
    bib: { author: "Kothari, Ashish", bookTitle: "Protected Areas and People", publisher: "Oxford", year: "2011", pages: "210-236" },
    notes: "Whether sacred natural sites can be recognised as community reserves or conservation reserves.",
    tags: ["sacred groves", "law"],
    groups: [1],
    pages: [page("Sacred landscapes and the law", "In: Protected Areas and People"), page("Conclusion", "Recognition should follow community wishes.")],
    daysAgo: 80,
  },
  {
    title: "Video: the grassland festival of Banni",
    itemTypeId: 9,
    bib: { howPublished: "Video, 14 minutes", year: "2021" },
    notes: "A short film on the yearly festival of the Maldhari herders (external link).",
    tags: ["grasslands", "video"],
    groups: [3],
    externalUrl: "https://example.org/videos/banni-festival",
    daysAgo: 100,
  },
  {
    title: "Mangrove restoration by fisher villages of Odisha",
    itemTypeId: 13,
    bib: { author: "Behera, Kishore", note: "Draft report, not yet reviewed", year: "2022" },
    notes: "Villages on the Chilika and Bhitarkanika coasts plant and guard mangroves.",
    tags: ["wetlands", "mangroves", "Odisha"],
    groups: [4],
    pages: [page("Mangrove restoration by fisher villages", "Draft report"), page("Villages", "Twelve villages took part.")],
    daysAgo: 130,
  },
];

async function insertDocument(tx: Queryable, authorId: number, doc: DemoDocument, index: number, store: FileStore): Promise<number> {
  let filePath: string | null = null;
  let size: number | null = null;
  if (doc.pages) {
    const pdf = simplePdf(doc.title, doc.pages);
    const name = `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}.pdf`;
    filePath = `/${HASH}/${name}`;
    size = pdf.length;
    await store.put(`myUploads/${HASH}/${name}`, pdf);
    await tx.query(
      "insert into my_upload (user_id, module, path, file_name, mime_type, size, created_on) values ($1, 'document', $2, $3, 'application/pdf', $4, now() - make_interval(days => $5)) on conflict (path) do nothing",
      [authorId, filePath, name, size, doc.daysAgo],
    );
  }
  const { id } = await tx.one<{ id: number }>(
    `insert into document (item_type_id, title, notes, author_id, license_id, language_id, bib, year, bib_author, publisher,
                           file_path, mime_type, file_size, external_url, created_on, last_revised)
     values ($1, $2, $3, $4, 822, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, now() - make_interval(days => $14), now() - make_interval(days => $14))
     returning id`,
    [
      doc.itemTypeId, doc.title, doc.notes, authorId, doc.languageId ?? 205, JSON.stringify(doc.bib), doc.bib.year ? Number(doc.bib.year) : null,
      doc.bib.author ?? doc.bib.editor ?? null, doc.bib.publisher ?? doc.bib.institution ?? doc.bib.school ?? doc.bib.organization ?? null,
      filePath, filePath ? "application/pdf" : null, size, doc.externalUrl ?? null, doc.daysAgo,
    ],
  );
  for (const name of doc.tags) {
    const existing = await tx.maybeOne<{ id: number }>("select id from tag where lower(name) = lower($1)", [name]);
    const tagId = existing?.id ?? (await tx.one<{ id: number }>("insert into tag (name) values ($1) returning id", [name])).id;
    await tx.query("insert into document_tag (document_id, tag_id) values ($1, $2) on conflict do nothing", [id, tagId]);
  }
  for (const g of doc.groups) {
    const live = await tx.maybeOne("select 1 as x from user_group where id = $1 and not is_deleted", [g]);
    if (!live) continue;
    const featured = doc.featuredIn?.includes(g);
    await tx.query(
      "insert into document_user_group (document_id, user_group_id, posted_by, featured_on, featured_by) values ($1, $2, $3, $4, $5)",
      [id, g, authorId, featured ? new Date() : null, featured ? authorId : null],
    );
  }
  await tx.query(
    "insert into activity (root_holder_type, root_holder_id, user_id, activity_type, description, created_on) values ('document', $1, $2, 'Document created', $3, now() - make_interval(days => $4))",
    [id, authorId, doc.title, doc.daysAgo],
  );
  return id;
}

/** Adds the demo documents once; returns whether it did. */
export async function seedDemoDocumentsWhenMissing(db: Db, store: FileStore): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_DOCUMENTS_MARKER])) return false;
  // The seed's own, known BibTeX: the anonymous caller's 2 s bound would only fail a start on a busy machine.
  const imported = await parseBibtex(DEMO_BIBTEX, { timeoutMs: 60_000 });
  const { itemTypeId, title, notes, tags, key: _key, ...bib } = imported;
  const fromBibtex: DemoDocument = {
    title,
    itemTypeId,
    bib,
    notes,
    tags,
    groups: [1],
    pages: [page(title, "Kalpavriksh, 2012 (imported from BibTeX)"), page("The gram sabha", "Decisions are taken by consensus of all adults.")],
    daysAgo: 60,
  };
  await db.transaction(async (tx) => {
    const contributor = await tx.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.documentContributor.email]);
    const admin = await tx.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.admin.email]);
    const author = contributor?.id ?? admin?.id;
    if (author === undefined) return;
    const all = [...DEMO_DOCUMENTS, fromBibtex].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const [i, doc] of all.entries()) await insertDocument(tx, i % 4 === 3 && admin ? admin.id : author, doc, i, store);
    await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_DOCUMENTS_MARKER, new Date().toISOString()]);
  });
  invalidateCache(CACHE_KEYS.documents);
  return true;
}
