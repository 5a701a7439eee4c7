/**
 * document-api (reference §3.6, §4.6): the documents library. Reads are open; create needs
 * ROLE_ADMIN or ROLE_DOCUMENT_CONTRIBUTOR (on the stored account), edit and delete the uploader or an
 * admin. Every write calls `invalidateCache(CACHE_KEYS.documents)`.
 */
import { ROLES } from "@site-config";
import {
  BIB_FIELDS,
  DOCUMENT_MSG,
  itemTypeById,
  type BibValues,
  type DocumentAggregation,
  type DocumentData,
  type DocumentEditData,
  type DocumentGroup,
  type DocumentListItem,
  type DocumentListResponse,
  type DocumentPermissions,
  type DocumentSort,
  type DocumentTag,
  type FeaturedShow,
  type FlagShow,
  type ShowDocument,
  type UserIbp,
} from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { LICENSE_LIST } from "@/shared/licenses";
import type { Account } from "../accounts/account-context";
import { insertActivity } from "../activity/cca-activity";
import type { Db, Queryable, SqlParam } from "../../infra/db/db";
import { findMyUpload } from "../uploads/my-uploads";
import { AppError, notFound } from "../../infra/http/app-error";
import { standingIn } from "../groups/group-access";
import type { DocumentInput } from "./document.validation";

export const DOCUMENT_ACTIVITY = {
  created: "Document created",
  updated: "Document updated",
  deleted: "Document deleted",
  tags: "Document tag updated",
  posted: "Posted resource",
  removed: "Removed resource",
  featured: "Featured",
  unfeatured: "Unfeatured",
  flagged: "Flagged",
  unflagged: "Flag removed",
  followed: "Follower added",
  unfollowed: "Follower removed",
} as const;

interface DocumentRow {
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

const changed = () => invalidateCache(CACHE_KEYS.documents);

export async function findLiveDocument(db: Queryable, id: number): Promise<DocumentRow> {
  const row = await db.maybeOne<DocumentRow>("select * from document where id = $1 and not is_deleted", [id]);
  if (!row) throw notFound(`Document ${id} not found`);
  return row;
}

export const canEditDocument = (account: Account | null, doc: { author_id: number }) => !!account && (account.isAdmin || account.id === doc.author_id);

function requireEditor(account: Account, doc: DocumentRow): void {
  if (!canEditDocument(account, doc)) throw new AppError("FORBIDDEN", "Only the uploader of this document or an administrator may change it");
}

export function requireContributor(account: Account): void {
  if (!account.isAdmin && !account.roles.includes(ROLES.DOCUMENT_CONTRIBUTOR)) {
    throw new AppError("FORBIDDEN", "Only administrators and document contributors may add documents");
  }
}

function toData(r: DocumentRow): DocumentData {
  const bib: BibValues = {};
  for (const f of BIB_FIELDS) if (r.bib[f]) bib[f] = r.bib[f];
  return {
    ...bib,
    id: r.id,
    title: r.title,
    itemTypeId: r.item_type_id,
    itemtype: itemTypeById(r.item_type_id)?.label ?? "",
    notes: r.notes,
    authorId: r.author_id,
    contribution: r.contribution,
    attribution: r.attribution,
    licenseId: r.license_id,
    languageId: r.language_id,
    fromDate: r.from_date?.toISOString() ?? null,
    createdOn: r.created_on.toISOString(),
    lastRevised: r.last_revised.toISOString(),
    flagCount: r.flag_count,
    externalUrl: r.external_url,
    documentSocialPreview: r.social_preview,
  };
}

async function usersById(db: Queryable, ids: number[]): Promise<Map<number, UserIbp>> {
  if (!ids.length) return new Map();
  const rows = await db.query<UserRow>("select id, name, profile_pic, roles from app_user where id = any($1::int[])", [ids]);
  return new Map(rows.map((r) => [r.id, toIbp(r)]));
}

async function groupsOf(db: Queryable, docIds: number[]): Promise<Map<number, (DocumentGroup & { notes: string; featuredOn: Date | null; featuredBy: number | null })[]>> {
  const map = new Map<number, (DocumentGroup & { notes: string; featuredOn: Date | null; featuredBy: number | null })[]>();
  if (!docIds.length) return map;
  const rows = await db.query<{ document_id: number; id: number; name: string; icon: string | null; slug: string; featured_on: Date | null; featured_by: number | null; featured_notes: string }>(
    `select dug.document_id, g.id, g.name, g.icon, g.slug, dug.featured_on, dug.featured_by, dug.featured_notes
       from document_user_group dug join user_group g on g.id = dug.user_group_id
      where dug.document_id = any($1::int[]) and not g.is_deleted order by g.display_order, g.id`,
    [docIds],
  );
  for (const r of rows) {
    const list = map.get(r.document_id) ?? [];
    list.push({ id: r.id, name: r.name, icon: r.icon, webAddress: `/group/${r.slug}`, featured: r.featured_on !== null, notes: r.featured_notes, featuredOn: r.featured_on, featuredBy: r.featured_by });
    map.set(r.document_id, list);
  }
  return map;
}

async function tagsOf(db: Queryable, docIds: number[]): Promise<Map<number, DocumentTag[]>> {
  const map = new Map<number, DocumentTag[]>();
  if (!docIds.length) return map;
  const rows = await db.query<{ document_id: number; id: number; name: string }>(
    "select dt.document_id, t.id, t.name from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = any($1::int[]) order by lower(t.name)",
    [docIds],
  );
  for (const r of rows) map.set(r.document_id, [...(map.get(r.document_id) ?? []), { id: r.id, name: r.name }]);
  return map;
}

async function flagsOf(db: Queryable, docId: number): Promise<FlagShow[]> {
  const rows = await db.query<{ id: number; flag: string; notes: string; created_on: Date } & { user_id: number; name: string; profile_pic: string | null; roles: string[] }>(
    `select f.id, f.flag, f.notes, f.created_on, u.id as user_id, u.name, u.profile_pic, u.roles
       from document_flag f join app_user u on u.id = f.user_id where f.document_id = $1 order by f.created_on, f.id`,
    [docId],
  );
  return rows.map((r) => ({ id: r.id, flag: r.flag, notes: r.notes, createdOn: r.created_on.toISOString(), user: toIbp({ id: r.user_id, name: r.name, profile_pic: r.profile_pic, roles: r.roles }) }));
}

// ---------------------------------------------------------------------------------------------- list

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

export interface DocumentListQuery extends DocumentFilters {
  sort: DocumentSort;
  offset: number;
  max: number;
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

async function countBy(db: Queryable, sql: (where: string) => string, f: DocumentFilters, skip: FilterName): Promise<Record<string, number>> {
  const params: SqlParam[] = [];
  const rows = await db.query<{ k: string | number | null; n: number }>(sql(whereOf(f, skip, params)), params);
  const out: Record<string, number> = {};
  for (const r of rows) if (r.k !== null) out[String(r.k)] = r.n;
  return out;
}

export async function listDocuments(db: Queryable, q: DocumentListQuery): Promise<DocumentListResponse> {
  const params: SqlParam[] = [];
  const where = whereOf(q, null, params);
  const order = q.sort === "document.lastRevised" ? "d.last_revised desc, d.id desc" : "d.created_on desc, d.id desc";
  const rows = await db.query<DocumentRow>(`select d.* from document d ${where} order by ${order} offset ${q.offset} limit ${q.max}`, params);
  const { n: totalCount } = await db.one<{ n: number }>(`select count(*)::integer as n from document d ${where}`, params);
  const ids = rows.map((r) => r.id);
  const [users, groups, tags] = await Promise.all([usersById(db, [...new Set(rows.map((r) => r.author_id))]), groupsOf(db, ids), tagsOf(db, ids)]);
  const documentList: DocumentListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    itemTypeId: r.item_type_id,
    itemtype: itemTypeById(r.item_type_id)?.label ?? "",
    notes: r.notes,
    author: r.bib.author ?? null,
    year: r.bib.year ?? null,
    journal: r.bib.journal ?? r.bib.bookTitle ?? null,
    publisher: r.bib.publisher ?? null,
    createdOn: r.created_on.toISOString(),
    lastRevised: r.last_revised.toISOString(),
    flagCount: r.flag_count,
    mimeType: r.mime_type,
    user: users.get(r.author_id) ?? { id: r.author_id, name: "", profilePic: null, isAdmin: false },
    userGroups: (groups.get(r.id) ?? []).map(({ id, name, icon, webAddress, featured }) => ({ id, name, icon, webAddress, featured })),
    tags: tags.get(r.id) ?? [],
  }));
  const aggregationData: DocumentAggregation = {
    groupTypeOfDocument: await countBy(db, (w) => `select d.item_type_id as k, count(*)::integer as n from document d ${w} group by 1`, q, "itemType"),
    groupYearofPublication: await countBy(db, (w) => `select d.year as k, count(*)::integer as n from document d ${w} group by 1 order by 1 desc limit 100`, q, "year"),
    groupUserGroupName: await countBy(
      db,
      (w) => `select ug.user_group_id as k, count(*)::integer as n from document_user_group ug join document d on d.id = ug.document_id ${w} group by 1`,
      q,
      "userGroupList",
    ),
    groupTags: await countBy(
      db,
      (w) => `select min(t.name) as k, count(*)::integer as n from document_tag dt join tag t on t.id = dt.tag_id join document d on d.id = dt.document_id ${w}
              group by lower(t.name) order by 2 desc, 1 limit 30`,
      q,
      "tags",
    ),
    groupFlagged: await countBy(
      db,
      (w) => `select case when d.flag_count > 0 then 'flagged' else 'unflagged' end as k, count(*)::integer as n from document d ${w} group by 1`,
      q,
      "isFlagged",
    ),
  };
  return { documentList, aggregationData, totalCount };
}

// ---------------------------------------------------------------------------------------------- show

export async function showDocument(db: Queryable, id: number): Promise<ShowDocument> {
  const r = await findLiveDocument(db, id);
  const [users, groups, tags, flag] = await Promise.all([usersById(db, [r.author_id]), groupsOf(db, [id]), tagsOf(db, [id]), flagsOf(db, id)]);
  const { n: commentCount } = await db.one<{ n: number }>(
    "select count(*)::integer as n from comment where root_holder_type = 'document' and root_holder_id = $1 and not is_deleted",
    [id],
  );
  const license = LICENSE_LIST.find((l) => l.id === r.license_id) ?? LICENSE_LIST[0]!;
  const g = groups.get(id) ?? [];
  const featured: FeaturedShow[] = g
    .filter((x) => x.featuredOn)
    .map((x) => ({ userGroupId: x.id, notes: x.notes, createdOn: x.featuredOn!.toISOString(), authorId: x.featuredBy ?? r.author_id }));
  return {
    document: toData(r),
    userIbp: users.get(r.author_id) ?? { id: r.author_id, name: "", profilePic: null, isAdmin: false },
    userGroupIbp: g.map(({ id: gid, name, icon, webAddress, featured: f }) => ({ id: gid, name, icon, webAddress, featured: f })),
    featured,
    uFile: r.file_path ? { path: r.file_path, mimeType: r.mime_type ?? "application/octet-stream", size: Number(r.file_size ?? 0), downloads: r.downloads } : null,
    flag,
    tags: tags.get(id) ?? [],
    documentLicense: { id: license.id, key: license.key, name: license.name, url: license.url },
    followerCount: r.followers.length,
    commentCount,
  };
}

export async function editData(db: Queryable, account: Account, id: number): Promise<DocumentEditData> {
  const r = await findLiveDocument(db, id);
  requireEditor(account, r);
  const tags = (await tagsOf(db, [id])).get(id) ?? [];
  return {
    documentId: r.id,
    bibFieldData: { ...r.bib, title: r.title, itemTypeId: r.item_type_id },
    notes: r.notes,
    contribution: r.contribution,
    attribution: r.attribution,
    licenseId: r.license_id,
    languageId: r.language_id,
    fromDate: r.from_date?.toISOString() ?? null,
    resourceURL: r.file_path,
    externalUrl: r.external_url,
    documentSocialPreview: r.social_preview,
    tags: tags.map((t) => t.name),
  };
}

// ---------------------------------------------------------------------------------------------- writes

async function setTags(tx: Queryable, docId: number, names: string[]): Promise<void> {
  await tx.query("delete from document_tag where document_id = $1", [docId]);
  for (const name of names) {
    const existing = await tx.maybeOne<{ id: number }>("select id from tag where lower(name) = lower($1)", [name]);
    const tagId = existing?.id ?? (await tx.one<{ id: number }>("insert into tag (name) values ($1) returning id", [name])).id;
    await tx.query("insert into document_tag (document_id, tag_id) values ($1, $2) on conflict do nothing", [docId, tagId]);
  }
}

/** Groups the caller may post documents to: every live group for admins, else the groups they belong to. */
async function postableGroups(db: Queryable, account: Account): Promise<DocumentGroup[]> {
  const rows = account.isAdmin
    ? await db.query<{ id: number; name: string; icon: string | null; slug: string }>("select id, name, icon, slug from user_group where not is_deleted order by display_order, id")
    : await db.query<{ id: number; name: string; icon: string | null; slug: string }>(
        `select g.id, g.name, g.icon, g.slug from user_group g join user_group_member m on m.user_group_id = g.id
          where m.user_id = $1 and not g.is_deleted order by g.display_order, g.id`,
        [account.id],
      );
  return rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, webAddress: `/group/${r.slug}`, featured: false }));
}

async function requirePostable(db: Queryable, account: Account, groupIds: number[]): Promise<Map<number, DocumentGroup>> {
  const allowed = new Map((await postableGroups(db, account)).map((g) => [g.id, g]));
  for (const id of groupIds) {
    if (!allowed.has(id)) {
      const exists = await db.maybeOne("select 1 as x from user_group where id = $1 and not is_deleted", [id]);
      if (!exists) throw new AppError("VALIDATION_FAILED", `Group ${id} does not exist`, { userGroupId: FORM_ERRORS.invalid });
      throw new AppError("FORBIDDEN", `You may post documents only to groups you belong to (not group ${id})`);
    }
  }
  return allowed;
}

async function requireUpload(db: Queryable, account: Account, filePath: string, currentPath: string | null): Promise<{ mime: string; size: number }> {
  const upload = await findMyUpload(db, filePath);
  if (!upload || (upload.user_id !== account.id && !account.isAdmin && filePath !== currentPath)) {
    throw new AppError("VALIDATION_FAILED", `resourceURL ${filePath} is not one of your uploads`, { resourceURL: DOCUMENT_MSG.file });
  }
  const other = await db.maybeOne<{ id: number }>("select id from document where file_path = $1 and not is_deleted", [filePath]);
  if (other && filePath !== currentPath) throw new AppError("VALIDATION_FAILED", `Document ${other.id} already uses ${filePath}`, { resourceURL: DOCUMENT_MSG.file });
  return { mime: upload.mime_type, size: Number(upload.size) };
}

const bibColumns = (input: DocumentInput) => [
  JSON.stringify(input.bib),
  input.bib.year ? Number(input.bib.year) : null,
  input.bib.author ?? input.bib.editor ?? null,
  input.bib.publisher ?? input.bib.institution ?? input.bib.school ?? input.bib.organization ?? null,
];

export async function createDocument(db: Db, account: Account, input: DocumentInput): Promise<ShowDocument> {
  requireContributor(account);
  const id = await db.transaction(async (tx) => {
    const file = input.resourceURL ? await requireUpload(tx, account, input.resourceURL, null) : null;
    await requirePostable(tx, account, input.userGroupIds);
    const { id: docId } = await tx.one<{ id: number }>(
      `insert into document (item_type_id, title, notes, author_id, contribution, attribution, license_id, language_id, from_date,
                             bib, year, bib_author, publisher, file_path, mime_type, file_size, external_url, social_preview)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
      [
        input.itemTypeId, input.title, input.notes, account.id, input.contribution, input.attribution, input.licenseId, input.languageId, input.fromDate,
        ...bibColumns(input), input.resourceURL, file?.mime ?? null, file?.size ?? null, input.externalUrl, input.socialPreview,
      ],
    );
    await setTags(tx, docId, input.tags ?? []);
    for (const g of input.userGroupIds) {
      await tx.query("insert into document_user_group (document_id, user_group_id, posted_by) values ($1, $2, $3)", [docId, g, account.id]);
    }
    await insertActivity(tx, { holderType: "document", holderId: docId, userId: account.id, activityType: DOCUMENT_ACTIVITY.created, description: input.title });
    return docId;
  });
  changed();
  return showDocument(db, id);
}

export async function updateDocument(db: Db, account: Account, documentId: number, input: DocumentInput): Promise<ShowDocument> {
  await db.transaction(async (tx) => {
    const doc = await findLiveDocument(tx, documentId);
    requireEditor(account, doc);
    const file = input.resourceURL ? await requireUpload(tx, account, input.resourceURL, doc.file_path) : null;
    await tx.query(
      `update document set item_type_id = $2, title = $3, notes = $4, contribution = $5, attribution = $6, license_id = $7, language_id = $8,
              from_date = $9, bib = $10::jsonb, year = $11, bib_author = $12, publisher = $13, file_path = $14, mime_type = $15, file_size = $16,
              external_url = $17, social_preview = $18, last_revised = now()
        where id = $1`,
      [
        documentId, input.itemTypeId, input.title, input.notes, input.contribution, input.attribution, input.licenseId, input.languageId, input.fromDate,
        ...bibColumns(input), input.resourceURL, file?.mime ?? null, file?.size ?? null, input.externalUrl, input.socialPreview,
      ],
    );
    if (input.tags) await setTags(tx, documentId, input.tags);
    await insertActivity(tx, { holderType: "document", holderId: documentId, userId: account.id, activityType: DOCUMENT_ACTIVITY.updated, description: input.title });
  });
  changed();
  return showDocument(db, documentId);
}

export async function deleteDocument(db: Db, account: Account, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await findLiveDocument(tx, id);
    requireEditor(account, doc);
    await tx.query("update document set is_deleted = true, last_revised = now() where id = $1", [id]);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.deleted });
  });
  changed();
}

export async function updateTags(db: Db, account: Account, id: number, names: string[]): Promise<DocumentTag[]> {
  await db.transaction(async (tx) => {
    const doc = await findLiveDocument(tx, id);
    requireEditor(account, doc);
    await setTags(tx, id, names);
    await tx.query("update document set last_revised = now() where id = $1", [id]);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.tags, description: names.join(", ") });
  });
  changed();
  return (await tagsOf(db, [id])).get(id) ?? [];
}

export async function autocompleteTags(db: Queryable, phrase: string): Promise<{ id: number; version: number; name: string }[]> {
  const prefix = `${phrase.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.query<{ id: number; name: string }>("select id, name from tag where lower(name) like $1 order by lower(name) limit 10", [prefix]);
  return rows.map((r) => ({ id: r.id, version: 0, name: r.name }));
}

/** Sets the document's groups among those the caller may post to (others are kept); uploader or admin. */
export async function updateGroups(db: Db, account: Account, id: number, groupIds: number[]): Promise<DocumentGroup[]> {
  await db.transaction(async (tx) => {
    const doc = await findLiveDocument(tx, id);
    requireEditor(account, doc);
    const allowed = await requirePostable(tx, account, groupIds);
    const current = new Set((await tx.query<{ g: number }>("select user_group_id as g from document_user_group where document_id = $1", [id])).map((r) => r.g));
    for (const g of groupIds) {
      if (current.has(g)) continue;
      await tx.query("insert into document_user_group (document_id, user_group_id, posted_by) values ($1, $2, $3)", [id, g, account.id]);
      const group = allowed.get(g)!;
      await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.posted, description: JSON.stringify({ userGroupName: group.name, webAddress: group.webAddress }) });
    }
    for (const g of current) {
      if (groupIds.includes(g) || !allowed.has(g)) continue;
      await tx.query("delete from document_user_group where document_id = $1 and user_group_id = $2", [id, g]);
      const group = allowed.get(g)!;
      await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.removed, description: JSON.stringify({ userGroupName: group.name, webAddress: group.webAddress }) });
    }
  });
  changed();
  return ((await groupsOf(db, [id])).get(id) ?? []).map(({ id: gid, name, icon, webAddress, featured }) => ({ id: gid, name, icon, webAddress, featured }));
}

/** Features (or unfeatures) the document in groups where the caller moderates (admin, founder, moderator). */
export async function setFeatured(db: Db, account: Account, id: number, groupIds: number[], featured: boolean, notes: string): Promise<FeaturedShow[]> {
  await db.transaction(async (tx) => {
    await findLiveDocument(tx, id);
    for (const g of groupIds) {
      const standing = await standingIn(tx, account, g);
      if (!standing.canModerate) throw new AppError("FORBIDDEN", `Only administrators and the founders or moderators of group ${g} may feature documents there`);
      const posted = await tx.maybeOne("select 1 as x from document_user_group where document_id = $1 and user_group_id = $2", [id, g]);
      if (!posted) throw new AppError("CONFLICT", `Document ${id} is not posted to group ${g}; post it there first`);
      if (featured) {
        await tx.query("update document_user_group set featured_on = now(), featured_by = $3, featured_notes = $4 where document_id = $1 and user_group_id = $2", [id, g, account.id, notes]);
      } else {
        await tx.query("update document_user_group set featured_on = null, featured_by = null, featured_notes = '' where document_id = $1 and user_group_id = $2", [id, g]);
      }
      await insertActivity(tx, {
        holderType: "document",
        holderId: id,
        userId: account.id,
        activityType: featured ? DOCUMENT_ACTIVITY.featured : DOCUMENT_ACTIVITY.unfeatured,
        description: JSON.stringify({ userGroupId: standing.group.id, featured }),
      });
    }
  });
  changed();
  return (await showDocument(db, id)).featured;
}

export async function flagDocument(db: Db, account: Account, id: number, flag: string, notes: string): Promise<FlagShow[]> {
  await db.transaction(async (tx) => {
    await findLiveDocument(tx, id);
    const existing = await tx.maybeOne("select 1 as x from document_flag where document_id = $1 and user_id = $2", [id, account.id]);
    if (existing) throw new AppError("CONFLICT", "You have already flagged this document");
    await tx.query("insert into document_flag (document_id, user_id, flag, notes) values ($1, $2, $3, $4)", [id, account.id, flag, notes]);
    await tx.query("update document set flag_count = flag_count + 1 where id = $1", [id]);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.flagged, description: `${flag}${notes ? `: ${notes}` : ""}` });
  });
  changed();
  return flagsOf(db, id);
}

export async function unflagDocument(db: Db, account: Account, id: number, flagId: number): Promise<FlagShow[]> {
  await db.transaction(async (tx) => {
    await findLiveDocument(tx, id);
    const flag = await tx.maybeOne<{ user_id: number; flag: string }>("select user_id, flag from document_flag where id = $1 and document_id = $2", [flagId, id]);
    if (!flag) throw notFound(`Flag ${flagId} of document ${id} not found`);
    if (flag.user_id !== account.id && !account.isAdmin) throw new AppError("FORBIDDEN", "Only the person who flagged or an administrator may remove a flag");
    await tx.query("delete from document_flag where id = $1", [flagId]);
    await tx.query("update document set flag_count = greatest(flag_count - 1, 0) where id = $1", [id]);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.unflagged, description: flag.flag });
  });
  changed();
  return flagsOf(db, id);
}

export async function setFollowing(db: Db, account: Account, id: number, follow: boolean): Promise<{ objectId: number; objectType: "document"; following: boolean; followerCount: number }> {
  const result = await db.transaction(async (tx) => {
    const doc = await findLiveDocument(tx, id);
    const isFollowing = doc.followers.includes(account.id);
    if (follow !== isFollowing) {
      await tx.query(
        follow ? "update document set followers = array_append(followers, $2) where id = $1" : "update document set followers = array_remove(followers, $2) where id = $1",
        [id, account.id],
      );
      await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: follow ? DOCUMENT_ACTIVITY.followed : DOCUMENT_ACTIVITY.unfollowed });
    }
    const { n } = await tx.one<{ n: number }>("select coalesce(array_length(followers, 1), 0)::integer as n from document where id = $1", [id]);
    return { objectId: id, objectType: "document" as const, following: follow, followerCount: n };
  });
  return result;
}

export async function permissions(db: Queryable, account: Account, id: number): Promise<DocumentPermissions> {
  const doc = await findLiveDocument(db, id);
  const canEdit = canEditDocument(account, doc);
  const posted = (await groupsOf(db, [id])).get(id) ?? [];
  let feature: DocumentGroup[];
  if (account.isAdmin) feature = posted;
  else {
    const mod = new Set(
      (await db.query<{ g: number }>("select user_group_id as g from user_group_member where user_id = $1 and role in ('founder', 'moderator')", [account.id])).map((r) => r.g),
    );
    feature = posted.filter((g) => mod.has(g.id));
  }
  return {
    userGroupMember: canEdit ? await postableGroups(db, account) : [],
    userGroupFeature: feature.map(({ id: gid, name, icon, webAddress, featured }) => ({ id: gid, name, icon, webAddress, featured })),
    following: doc.followers.includes(account.id),
    canEdit,
  };
}
