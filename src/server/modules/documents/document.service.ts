/**
 * document-api reads (reference §3.6, §4.6) and who may change a document: reads are open; create needs
 * ROLE_ADMIN or ROLE_DOCUMENT_CONTRIBUTOR (on the stored account), edit and delete the uploader or an
 * admin. The writes are in document-write.service.ts.
 */
import { ROLES } from "@site-config";
import {
  BIB_FIELDS,
  itemTypeById,
  type BibValues,
  type DocumentData,
  type DocumentEditData,
  type DocumentGroup,
  type DocumentListItem,
  type DocumentListResponse,
  type DocumentPermissions,
  type DocumentSort,
  type DocumentTag,
  type FeaturedShow,
  type ShowDocument,
} from "@/contracts/document";
import type { ActivityEntryList } from "@/contracts/activity";
import { LICENSE_LIST } from "@/shared/licenses";
import type { Account } from "../accounts/account-context";
import { listActivity } from "../activity/activity.repository";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import {
  countComments,
  countDocumentsBy,
  findDocumentPage,
  findFlags,
  findFlagsOf,
  findGroupsToPostTo,
  findLiveDocument,
  findModeratedGroupIds,
  findPostedGroups,
  findTags,
  findTagsStartingWith,
  findUsers,
  type DocumentFilters,
  type DocumentRow,
  type PostedGroup,
} from "./document.repository";

// ---------------------------------------------------------------------------------------------- access

/** The live document, or 404. */
export async function liveDocument(db: Queryable, id: number): Promise<DocumentRow> {
  const row = await findLiveDocument(db, id);
  if (!row) throw notFound(`Document ${id} not found`);
  return row;
}

export const canEditDocument = (account: Account | null, doc: { author_id: number }) => !!account && (account.isAdmin || account.id === doc.author_id);

export function requireEditor(account: Account, doc: DocumentRow): void {
  if (!canEditDocument(account, doc)) throw new AppError("FORBIDDEN", "Only the uploader of this document or an administrator may change it");
}

export function requireContributor(account: Account): void {
  if (!account.isAdmin && !account.roles.includes(ROLES.DOCUMENT_CONTRIBUTOR)) {
    throw new AppError("FORBIDDEN", "Only administrators and document contributors may add documents");
  }
}

/** Groups the caller may post documents to: every live group for admins, else the groups they belong to. */
export const groupsToPostTo = (db: Queryable, account: Account): Promise<DocumentGroup[]> => findGroupsToPostTo(db, account.isAdmin ? null : account.id);

/** A posted group as the API shows it (without its featuring). */
export const shownGroup = ({ id, name, icon, webAddress, featured }: PostedGroup): DocumentGroup => ({ id, name, icon, webAddress, featured });

const unknownUser = (id: number) => ({ id, name: "", profilePic: null, isAdmin: false });

// ---------------------------------------------------------------------------------------------- list

export interface DocumentListQuery extends DocumentFilters {
  sort: DocumentSort;
  offset: number;
  max: number;
}

export async function listDocuments(db: Queryable, q: DocumentListQuery): Promise<DocumentListResponse> {
  const { rows, totalCount } = await findDocumentPage(db, q, q.sort, q.offset, q.max);
  const ids = rows.map((r) => r.id);
  const [users, groups, tags, flags] = await Promise.all([findUsers(db, [...new Set(rows.map((r) => r.author_id))]), findPostedGroups(db, ids), findTags(db, ids), findFlagsOf(db, ids)]);
  const documentList: DocumentListItem[] = rows.map((r) => ({
    document: {
      id: r.id,
      title: r.title,
      itemTypeId: r.item_type_id,
      itemtype: itemTypeById(r.item_type_id)?.label ?? "",
      notes: r.notes,
      authorId: r.author_id,
      author: r.bib.author ?? null,
      year: r.bib.year ?? null,
      journal: r.bib.journal ?? r.bib.bookTitle ?? null,
      publisher: r.bib.publisher ?? null,
      createdOn: r.created_on.toISOString(),
      lastRevised: r.last_revised.toISOString(),
      flagCount: r.flag_count,
      mimeType: r.mime_type,
    },
    userIbp: users.get(r.author_id) ?? unknownUser(r.author_id),
    flag: flags.get(r.id) ?? [],
    userGroupIbp: (groups.get(r.id) ?? []).map(shownGroup),
    tags: tags.get(r.id) ?? [],
  }));
  return { documentList, aggregationData: await countDocumentsBy(db, q), totalCount };
}

// ---------------------------------------------------------------------------------------------- show

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

export async function showDocument(db: Queryable, id: number): Promise<ShowDocument> {
  const r = await liveDocument(db, id);
  const [users, groups, tags, flag] = await Promise.all([findUsers(db, [r.author_id]), findPostedGroups(db, [id]), findTags(db, [id]), findFlags(db, id)]);
  const commentCount = await countComments(db, id);
  const license = LICENSE_LIST.find((l) => l.id === r.license_id) ?? LICENSE_LIST[0]!;
  const g = groups.get(id) ?? [];
  const featured: FeaturedShow[] = g
    .filter((x) => x.featuredOn)
    .map((x) => ({ userGroupId: x.id, notes: x.notes, createdOn: x.featuredOn!.toISOString(), authorId: x.featuredBy ?? r.author_id }));
  return {
    document: toData(r),
    userIbp: users.get(r.author_id) ?? unknownUser(r.author_id),
    userGroupIbp: g.map(shownGroup),
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
  const r = await liveDocument(db, id);
  requireEditor(account, r);
  const tags = (await findTags(db, [id])).get(id) ?? [];
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

export async function permissions(db: Queryable, account: Account, id: number): Promise<DocumentPermissions> {
  const doc = await liveDocument(db, id);
  const canEdit = canEditDocument(account, doc);
  const posted = (await findPostedGroups(db, [id])).get(id) ?? [];
  let feature = posted;
  if (!account.isAdmin) {
    const moderated = await findModeratedGroupIds(db, account.id);
    feature = posted.filter((g) => moderated.has(g.id));
  }
  return {
    userGroupMember: canEdit ? await groupsToPostTo(db, account) : [],
    userGroupFeature: feature.map(shownGroup),
    following: doc.followers.includes(account.id),
    canEdit,
  };
}

export async function autocompleteTags(db: Queryable, phrase: string): Promise<{ id: number; version: number; name: string }[]> {
  const tags: DocumentTag[] = await findTagsStartingWith(db, phrase);
  return tags.map((t) => ({ id: t.id, version: 0, name: t.name }));
}

/** activity-api `v1/service/ibp/document/{id}`: the live document's history and comments, newest first. */
export async function documentActivity(db: Queryable, id: number, offset: number, limit: number): Promise<ActivityEntryList> {
  await liveDocument(db, id);
  return listActivity(db, "document", id, offset, limit);
}
