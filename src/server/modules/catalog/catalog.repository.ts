/**
 * The OAI-PMH endpoint's SQL: the live documents (the documents library's reads are open: a live
 * document is public). The catalogue's reads of records are in records/record-listing.repository.ts
 * (`findTemplateCoverage`), where the rule of what the public sees of records is.
 */
import type { Queryable, SqlParam } from "../../infra/db/db";

// ---------------------------------------------------------------------------------------------- documents (OAI-PMH)

export interface HarvestDocumentRow {
  id: number;
  item_type_id: number;
  title: string;
  notes: string;
  attribution: string;
  license_id: number;
  language_id: number;
  bib: Record<string, string | undefined>;
  year: number | null;
  file_path: string | null;
  mime_type: string | null;
  external_url: string | null;
  last_revised: Date;
  created_on: Date;
  tags: string[] | null;
}

export interface HarvestFilter {
  /** Changed at or after (inclusive). */
  from: Date | null;
  /** Changed before (exclusive: the service passes the end of the asked second or day). */
  untilBefore: Date | null;
  /** Only this document type. */
  itemTypeId: number | null;
}

const DOCUMENT_COLUMNS = `d.id, d.item_type_id, d.title, d.notes, d.attribution, d.license_id, d.language_id, d.bib, d.year, d.file_path, d.mime_type,
  d.external_url, d.last_revised, d.created_on,
  (select array_agg(t.name order by lower(t.name)) from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = d.id) as tags`;

function whereOf(f: HarvestFilter, params: SqlParam[]): string {
  const p = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const c = ["not d.is_deleted"];
  if (f.from) c.push(`d.last_revised >= ${p(f.from)}`);
  if (f.untilBefore) c.push(`d.last_revised < ${p(f.untilBefore)}`);
  if (f.itemTypeId !== null) c.push(`d.item_type_id = ${p(f.itemTypeId)}`);
  return c.join(" and ");
}

/** How many live documents match. */
export async function countHarvestDocuments(db: Queryable, f: HarvestFilter): Promise<number> {
  const params: SqlParam[] = [];
  const { n } = await db.one<{ n: number }>(`select count(*)::int as n from document d where ${whereOf(f, params)}`, params);
  return n;
}

/** Up to `limit` matching live documents by id after `afterId` (keyset on the primary key). */
export function findHarvestDocuments(db: Queryable, f: HarvestFilter, afterId: number, limit: number): Promise<HarvestDocumentRow[]> {
  const params: SqlParam[] = [];
  const where = whereOf(f, params);
  params.push(afterId, limit);
  return db.query<HarvestDocumentRow>(`select ${DOCUMENT_COLUMNS} from document d where ${where} and d.id > $${params.length - 1} order by d.id limit $${params.length}`, params);
}

/** One live document. */
export function findHarvestDocument(db: Queryable, id: number): Promise<HarvestDocumentRow | null> {
  return db.maybeOne<HarvestDocumentRow>(`select ${DOCUMENT_COLUMNS} from document d where d.id = $1 and not d.is_deleted`, [id]);
}

/** The oldest change of a live document (Identify's earliestDatestamp), or null when there are none. */
export async function findEarliestDocumentChange(db: Queryable): Promise<Date | null> {
  const row = await db.one<{ t: Date | null }>("select min(last_revised) as t from document where not is_deleted");
  return row.t;
}

/** How many live documents there are of each type. */
export function countDocumentsByType(db: Queryable): Promise<Array<{ item_type_id: number; n: number }>> {
  return db.query<{ item_type_id: number; n: number }>("select item_type_id, count(*)::int as n from document where not is_deleted group by item_type_id order by item_type_id");
}
