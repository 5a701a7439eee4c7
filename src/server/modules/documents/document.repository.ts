/**
 * The documents library's SQL (tables `document`, `document_tag`, `tag`, `document_user_group`,
 * `document_flag`; reads of `app_user`, `user_group`, `user_group_member` and `comment` for what a
 * document shows). Every function takes a Queryable (the database or a transaction).
 */
import { ROLES } from "@site-config";
import type { BibValues, DocumentAggregation, DocumentGroup, DocumentSort, DocumentTag, FlagShow, UserIbp } from "@/contracts/document";
import { DEFAULT_GROUP_ICON } from "@/contracts/group";
import type { Queryable, SqlParam } from "../../infra/db/db";

export interface DocumentRow {
  id: number;
  item_type_id: number;
  title: string;
  notes: string;
  author_id: number;
  contribution: string;
  attribution: string;
  license_id: number;
  language_id: number;
  from_date: Date | null;
  bib: BibValues;
  file_path: string | null;
  mime_type: string | null;
  file_size: string | number | null;
  downloads: number;
  external_url: string | null;
  social_preview: string | null;
  flag_count: number;
  followers: number[];
  created_on: Date;
  last_revised: Date;
}

interface UserRow {
  id: number;
  name: string;
  profile_pic: string | null;
  roles: string[];
}

const toIbp = (u: UserRow): UserIbp => ({ id: u.id, name: u.name, profilePic: u.profile_pic, isAdmin: u.roles.includes(ROLES.ADMIN) });

/** A group a document is posted to, with its featuring there. */
export interface PostedGroup extends DocumentGroup {
  notes: string;
  featuredOn: Date | null;
  featuredBy: number | null;
}

interface GroupRow {
  id: number;
  name: string;
  icon: string | null;
  slug: string;
}

// A group without a logo is answered with the default one, as the group lists do (issue 34).
const toGroup = (r: GroupRow): DocumentGroup => ({ id: r.id, name: r.name, icon: r.icon ?? DEFAULT_GROUP_ICON, webAddress: `/group/${r.slug}`, featured: false });

// ---------------------------------------------------------------------------------------------- reads

export function findLiveDocument(db: Queryable, id: number): Promise<DocumentRow | null> {
  return db.maybeOne<DocumentRow>("select * from document where id = $1 and not is_deleted", [id]);
}

/** The live document that uses a file of the uploads, if any. */
export function findDocumentUsingFile(db: Queryable, filePath: string): Promise<{ id: number } | null> {
  return db.maybeOne<{ id: number }>("select id from document where file_path = $1 and not is_deleted", [filePath]);
}

export async function findUsers(db: Queryable, ids: number[]): Promise<Map<number, UserIbp>> {
  if (!ids.length) return new Map();
  const rows = await db.query<UserRow>("select id, name, profile_pic, roles from app_user where id = any($1::int[])", [ids]);
  return new Map(rows.map((r) => [r.id, toIbp(r)]));
}

/** The live groups each document is posted to, in the groups' order. */
export async function findPostedGroups(db: Queryable, docIds: number[]): Promise<Map<number, PostedGroup[]>> {
  const map = new Map<number, PostedGroup[]>();
  if (!docIds.length) return map;
  const rows = await db.query<GroupRow & { document_id: number; featured_on: Date | null; featured_by: number | null; featured_notes: string }>(
    `select dug.document_id, g.id, g.name, g.icon, g.slug, dug.featured_on, dug.featured_by, dug.featured_notes
       from document_user_group dug join user_group g on g.id = dug.user_group_id
      where dug.document_id = any($1::int[]) and not g.is_deleted order by g.display_order, g.id`,
    [docIds],
  );
  for (const r of rows) {
    const list = map.get(r.document_id) ?? [];
    list.push({ ...toGroup(r), featured: r.featured_on !== null, notes: r.featured_notes, featuredOn: r.featured_on, featuredBy: r.featured_by });
    map.set(r.document_id, list);
  }
  return map;
}

/** Ids of the groups (live or not) a document is posted to. */
export async function findPostedGroupIds(db: Queryable, docId: number): Promise<number[]> {
  return (await db.query<{ g: number }>("select user_group_id as g from document_user_group where document_id = $1", [docId])).map((r) => r.g);
}

export async function findTags(db: Queryable, docIds: number[]): Promise<Map<number, DocumentTag[]>> {
  const map = new Map<number, DocumentTag[]>();
  if (!docIds.length) return map;
  const rows = await db.query<{ document_id: number; id: number; name: string }>(
    "select dt.document_id, t.id, t.name from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = any($1::int[]) order by lower(t.name)",
    [docIds],
  );
  for (const r of rows) map.set(r.document_id, [...(map.get(r.document_id) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** Up to 10 tags whose name starts with `phrase` (any case). */
export function findTagsStartingWith(db: Queryable, phrase: string): Promise<DocumentTag[]> {
  const prefix = `${phrase.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<DocumentTag>("select id, name from tag where lower(name) like $1 order by lower(name) limit 10", [prefix]);
}

export async function findFlags(db: Queryable, docId: number): Promise<FlagShow[]> {
  return (await findFlagsOf(db, [docId])).get(docId) ?? [];
}

/** The flags of each of the documents, oldest first (documents without a flag are absent). */
export async function findFlagsOf(db: Queryable, docIds: readonly number[]): Promise<Map<number, FlagShow[]>> {
  const byDocument = new Map<number, FlagShow[]>();
  if (docIds.length === 0) return byDocument;
  const rows = await db.query<{ document_id: number; id: number; flag: string; notes: string; created_on: Date } & { user_id: number; name: string; profile_pic: string | null; roles: string[] }>(
    `select f.document_id, f.id, f.flag, f.notes, f.created_on, u.id as user_id, u.name, u.profile_pic, u.roles
       from document_flag f join app_user u on u.id = f.user_id where f.document_id = any($1::integer[]) order by f.created_on, f.id`,
    [docIds],
  );
  for (const r of rows) {
    const flag: FlagShow = { id: r.id, flag: r.flag, notes: r.notes, createdOn: r.created_on.toISOString(), user: toIbp({ id: r.user_id, name: r.name, profile_pic: r.profile_pic, roles: r.roles }) };
    byDocument.set(r.document_id, [...(byDocument.get(r.document_id) ?? []), flag]);
  }
  return byDocument;
}

export async function countComments(db: Queryable, docId: number): Promise<number> {
  const { n } = await db.one<{ n: number }>("select count(*)::integer as n from comment where root_holder_type = 'document' and root_holder_id = $1 and not is_deleted", [docId]);
  return n;
}

/** Every live group (for admins), or the live groups `userId` belongs to. */
export async function findGroupsToPostTo(db: Queryable, userId: number | null): Promise<DocumentGroup[]> {
  const rows =
    userId === null
      ? await db.query<GroupRow>("select id, name, icon, slug from user_group where not is_deleted order by display_order, id")
      : await db.query<GroupRow>(
          `select g.id, g.name, g.icon, g.slug from user_group g join user_group_member m on m.user_group_id = g.id
            where m.user_id = $1 and not g.is_deleted order by g.display_order, g.id`,
          [userId],
        );
  return rows.map(toGroup);
}

export async function groupExists(db: Queryable, groupId: number): Promise<boolean> {
  return (await db.maybeOne("select 1 as x from user_group where id = $1 and not is_deleted", [groupId])) !== null;
}

/** Ids of the groups where `userId` is a founder or a moderator. */
export async function findModeratedGroupIds(db: Queryable, userId: number): Promise<Set<number>> {
  const rows = await db.query<{ g: number }>("select user_group_id as g from user_group_member where user_id = $1 and role in ('founder', 'moderator')", [userId]);
  return new Set(rows.map((r) => r.g));
}

export async function isPostedTo(db: Queryable, docId: number, groupId: number): Promise<boolean> {
  return (await db.maybeOne("select 1 as x from document_user_group where document_id = $1 and user_group_id = $2", [docId, groupId])) !== null;
}

// ---------------------------------------------------------------------------------------------- the list

export interface DocumentFilters {
  itemType: number[];
  yearMin: number | null;
  yearMax: number | null;
  author: string | null;
  publisher: string | null;
  title: string | null;
  tags: string[];
  user: number[];
  userGroupList: number[];
  isFlagged: boolean | null;
}

type FilterName = "itemType" | "year" | "author" | "publisher" | "title" | "tags" | "user" | "userGroupList" | "isFlagged";

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `where` of the visible documents matching every filter except `skip` (counts per value ignore their own filter). */
function whereOf(f: DocumentFilters, skip: FilterName | null, params: SqlParam[]): string {
  const p = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const c = ["not d.is_deleted"];
  if (skip !== "itemType" && f.itemType.length) c.push(`d.item_type_id = any(${p(f.itemType)}::int[])`);
  if (skip !== "year" && f.yearMin !== null) c.push(`d.year >= ${p(f.yearMin)}`);
  if (skip !== "year" && f.yearMax !== null) c.push(`d.year <= ${p(f.yearMax)}`);
  if (skip !== "author" && f.author) c.push(`d.bib_author ilike ${p(likeOf(f.author))}`);
  if (skip !== "publisher" && f.publisher) c.push(`d.publisher ilike ${p(likeOf(f.publisher))}`);
  if (skip !== "title" && f.title) c.push(`d.title ilike ${p(likeOf(f.title))}`);
  if (skip !== "user" && f.user.length) c.push(`d.author_id = any(${p(f.user)}::int[])`);
  if (skip !== "tags" && f.tags.length) {
    c.push(`exists (select 1 from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = d.id and lower(t.name) = any(${p(f.tags.map((t) => t.toLowerCase()))}::text[]))`);
  }
  if (skip !== "userGroupList" && f.userGroupList.length) {
    c.push(`exists (select 1 from document_user_group g where g.document_id = d.id and g.user_group_id = any(${p(f.userGroupList)}::int[]))`);
  }
  if (skip !== "isFlagged" && f.isFlagged !== null) c.push(f.isFlagged ? "d.flag_count > 0" : "d.flag_count = 0");
  return `where ${c.join(" and ")}`;
}

/** One page of the matching documents, newest first (by creation or last revision), and how many match. */
export async function findDocumentPage(db: Queryable, f: DocumentFilters, sort: DocumentSort, offset: number, max: number): Promise<{ rows: DocumentRow[]; totalCount: number }> {
  const params: SqlParam[] = [];
  const where = whereOf(f, null, params);
  const order = sort === "document.lastRevised" ? "d.last_revised desc, d.id desc" : "d.created_on desc, d.id desc";
  const rows = await db.query<DocumentRow>(`select d.* from document d ${where} order by ${order} offset ${offset} limit ${max}`, params);
  const { n } = await db.one<{ n: number }>(`select count(*)::integer as n from document d ${where}`, params);
  return { rows, totalCount: n };
}

async function countBy(db: Queryable, sql: (where: string) => string, f: DocumentFilters, skip: FilterName): Promise<Record<string, number>> {
  const params: SqlParam[] = [];
  const rows = await db.query<{ k: string | number | null; n: number }>(sql(whereOf(f, skip, params)), params);
  const out: Record<string, number> = {};
  for (const r of rows) if (r.k !== null) out[String(r.k)] = r.n;
  return out;
}

/** Counts of the matching documents per type, year, group, tag and flagging; each ignores its own filter. */
export async function countDocumentsBy(db: Queryable, f: DocumentFilters): Promise<DocumentAggregation> {
  return {
    groupTypeOfDocument: await countBy(db, (w) => `select d.item_type_id as k, count(*)::integer as n from document d ${w} group by 1`, f, "itemType"),
    groupYearofPublication: await countBy(db, (w) => `select d.year as k, count(*)::integer as n from document d ${w} group by 1 order by 1 desc limit 100`, f, "year"),
    groupUserGroupName: await countBy(
      db,
      (w) => `select ug.user_group_id as k, count(*)::integer as n from document_user_group ug join document d on d.id = ug.document_id ${w} group by 1`,
      f,
      "userGroupList",
    ),
    groupTags: await countBy(
      db,
      (w) => `select min(t.name) as k, count(*)::integer as n from document_tag dt join tag t on t.id = dt.tag_id join document d on d.id = dt.document_id ${w}
              group by lower(t.name) order by 2 desc, 1 limit 30`,
      f,
      "tags",
    ),
    groupFlagged: await countBy(
      db,
      (w) => `select case when d.flag_count > 0 then 'flagged' else 'unflagged' end as k, count(*)::integer as n from document d ${w} group by 1`,
      f,
      "isFlagged",
    ),
  };
}

// ---------------------------------------------------------------------------------------------- writes

/** The stored fields of a document a create or an update writes. */
export interface DocumentValues {
  itemTypeId: number;
  title: string;
  notes: string;
  contribution: string;
  attribution: string;
  licenseId: number;
  languageId: number;
  fromDate: Date | null;
  bib: BibValues;
  filePath: string | null;
  mimeType: string | null;
  fileSize: number | null;
  externalUrl: string | null;
  socialPreview: string | null;
}

/** The values in column order from `item_type_id` to `social_preview` (year, author and publisher derived from the BibTeX fields for the list's filters). */
const columnsOf = (v: DocumentValues): SqlParam[] => [
  v.itemTypeId,
  v.title,
  v.notes,
  v.contribution,
  v.attribution,
  v.licenseId,
  v.languageId,
  v.fromDate,
  JSON.stringify(v.bib),
  v.bib.year ? Number(v.bib.year) : null,
  v.bib.author ?? v.bib.editor ?? null,
  v.bib.publisher ?? v.bib.institution ?? v.bib.school ?? v.bib.organization ?? null,
  v.filePath,
  v.mimeType,
  v.fileSize,
  v.externalUrl,
  v.socialPreview,
];

export async function insertDocument(tx: Queryable, authorId: number, v: DocumentValues): Promise<number> {
  const columns = columnsOf(v);
  const { id } = await tx.one<{ id: number }>(
    `insert into document (item_type_id, title, notes, author_id, contribution, attribution, license_id, language_id, from_date,
                           bib, year, bib_author, publisher, file_path, mime_type, file_size, external_url, social_preview)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
    [...columns.slice(0, 3), authorId, ...columns.slice(3)],
  );
  return id;
}

export async function updateDocumentRow(tx: Queryable, id: number, v: DocumentValues): Promise<void> {
  await tx.query(
    `update document set item_type_id = $2, title = $3, notes = $4, contribution = $5, attribution = $6, license_id = $7, language_id = $8,
            from_date = $9, bib = $10::jsonb, year = $11, bib_author = $12, publisher = $13, file_path = $14, mime_type = $15, file_size = $16,
            external_url = $17, social_preview = $18, last_revised = now()
      where id = $1`,
    [id, ...columnsOf(v)],
  );
}

export async function markDocumentDeleted(tx: Queryable, id: number): Promise<void> {
  await tx.query("update document set is_deleted = true, last_revised = now() where id = $1", [id]);
}

export async function touchDocument(tx: Queryable, id: number): Promise<void> {
  await tx.query("update document set last_revised = now() where id = $1", [id]);
}

/** Sets the document's tags to `names`, creating the tags that do not exist (one tag per name regardless of case). */
export async function replaceTags(tx: Queryable, docId: number, names: string[]): Promise<void> {
  await tx.query("delete from document_tag where document_id = $1", [docId]);
  for (const name of names) {
    const existing = await tx.maybeOne<{ id: number }>("select id from tag where lower(name) = lower($1)", [name]);
    const tagId = existing?.id ?? (await tx.one<{ id: number }>("insert into tag (name) values ($1) returning id", [name])).id;
    await tx.query("insert into document_tag (document_id, tag_id) values ($1, $2) on conflict do nothing", [docId, tagId]);
  }
}

export async function insertDocumentGroup(tx: Queryable, docId: number, groupId: number, postedBy: number): Promise<void> {
  await tx.query("insert into document_user_group (document_id, user_group_id, posted_by) values ($1, $2, $3)", [docId, groupId, postedBy]);
}

export async function deleteDocumentGroup(tx: Queryable, docId: number, groupId: number): Promise<void> {
  await tx.query("delete from document_user_group where document_id = $1 and user_group_id = $2", [docId, groupId]);
}

/** Features the document in the group (by `userId`, with notes), or unfeatures it when `userId` is null. */
export async function setFeaturedIn(tx: Queryable, docId: number, groupId: number, feature: { userId: number; notes: string } | null): Promise<void> {
  if (feature) {
    await tx.query("update document_user_group set featured_on = now(), featured_by = $3, featured_notes = $4 where document_id = $1 and user_group_id = $2", [
      docId,
      groupId,
      feature.userId,
      feature.notes,
    ]);
  } else {
    await tx.query("update document_user_group set featured_on = null, featured_by = null, featured_notes = '' where document_id = $1 and user_group_id = $2", [docId, groupId]);
  }
}

export async function hasFlagged(tx: Queryable, docId: number, userId: number): Promise<boolean> {
  return (await tx.maybeOne("select 1 as x from document_flag where document_id = $1 and user_id = $2", [docId, userId])) !== null;
}

/** A flag and the document's flag count. */
export async function insertFlag(tx: Queryable, docId: number, userId: number, flag: string, notes: string): Promise<void> {
  await tx.query("insert into document_flag (document_id, user_id, flag, notes) values ($1, $2, $3, $4)", [docId, userId, flag, notes]);
  await tx.query("update document set flag_count = flag_count + 1 where id = $1", [docId]);
}

export function findFlag(tx: Queryable, docId: number, flagId: number): Promise<{ user_id: number; flag: string } | null> {
  return tx.maybeOne<{ user_id: number; flag: string }>("select user_id, flag from document_flag where id = $1 and document_id = $2", [flagId, docId]);
}

/** Removes a flag and lowers the document's flag count. */
export async function deleteFlag(tx: Queryable, docId: number, flagId: number): Promise<void> {
  await tx.query("delete from document_flag where id = $1", [flagId]);
  await tx.query("update document set flag_count = greatest(flag_count - 1, 0) where id = $1", [docId]);
}

export async function setFollower(tx: Queryable, docId: number, userId: number, follow: boolean): Promise<void> {
  await tx.query(
    follow ? "update document set followers = array_append(followers, $2) where id = $1" : "update document set followers = array_remove(followers, $2) where id = $1",
    [docId, userId],
  );
}

export async function countFollowers(tx: Queryable, docId: number): Promise<number> {
  const { n } = await tx.one<{ n: number }>("select coalesce(array_length(followers, 1), 0)::integer as n from document where id = $1", [docId]);
  return n;
}

/** Counts a download of the live document whose file is `filePath`; its id, or null when no document has it. */
export async function countDownload(tx: Queryable, filePath: string): Promise<number | null> {
  const counted = await tx.query<{ id: number }>("update document set downloads = downloads + 1 where file_path = $1 and not is_deleted returning id", [filePath]);
  return counted[0]?.id ?? null;
}
