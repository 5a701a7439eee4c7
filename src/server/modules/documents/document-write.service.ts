/**
 * document-api writes (reference §3.6): bodies checked against the document contract
 * (src/contracts/document.schema.ts, `validateWith`), the rules of who may do what, one transaction per
 * write with its activity entry, then `invalidateCache(CACHE_KEYS.documents)` when visitors see the change.
 */
import { DOCUMENT_FILE_PREFIX, DOCUMENT_MSG, type DocumentGroup, type DocumentTag, type FeaturedShow, type FlagShow, type ShowDocument } from "@/contracts/document";
import {
  documentBodySchema,
  documentCommentSchema,
  documentDownloadSchema,
  documentFeatureSchema,
  documentFlagSchema,
  documentGroupsSchema,
  documentTagsSchema,
  type DocumentInput,
} from "@/contracts/document.schema";
import type { ActivityEntry } from "@/contracts/activity";
import type { DocumentDownloadLog } from "@/contracts/download-log";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { addComment, insertActivity } from "../activity/activity.repository";
import { findDownloadLog, insertDocumentDownload, toDocumentDownloadLog } from "../exports/download-log.repository";
import { standingIn } from "../groups/group-access";
import { findMyUpload } from "../uploads/my-uploads.repository";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import {
  countDownload,
  countFollowers,
  deleteDocumentGroup,
  deleteFlag,
  findDocumentUsingFile,
  findFlag,
  findFlags,
  findPostedGroupIds,
  findPostedGroups,
  findTags,
  groupExists,
  hasFlagged,
  insertDocument,
  insertDocumentGroup,
  insertFlag,
  isPostedTo,
  markDocumentDeleted,
  replaceTags,
  setFeaturedIn,
  setFollower,
  touchDocument,
  updateDocumentRow,
  type DocumentValues,
} from "./document.repository";
import { groupsToPostTo, liveDocument, requireContributor, requireEditor, shownGroup, showDocument } from "./document.service";

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

const changed = () => invalidateCache(CACHE_KEYS.documents);

/** The groups the caller may post to, by id; 400 for a group that does not exist, 403 for one they may not post to. */
async function requirePostable(db: Queryable, account: Account, groupIds: number[]): Promise<Map<number, DocumentGroup>> {
  const allowed = new Map((await groupsToPostTo(db, account)).map((g) => [g.id, g]));
  for (const id of groupIds) {
    if (!allowed.has(id)) {
      if (!(await groupExists(db, id))) throw new AppError("VALIDATION_FAILED", `Group ${id} does not exist`, { userGroupId: FORM_ERRORS.invalid });
      throw new AppError("FORBIDDEN", `You may post documents only to groups you belong to (not group ${id})`);
    }
  }
  return allowed;
}

/** The file a document names: one of the caller's uploads (or the document's own), used by no other document. */
async function requireUpload(db: Queryable, account: Account, filePath: string, currentPath: string | null): Promise<{ mime: string; size: number }> {
  const upload = await findMyUpload(db, filePath);
  if (!upload || (upload.user_id !== account.id && !account.isAdmin && filePath !== currentPath)) {
    throw new AppError("VALIDATION_FAILED", `resourceURL ${filePath} is not one of your uploads`, { resourceURL: DOCUMENT_MSG.file });
  }
  const other = await findDocumentUsingFile(db, filePath);
  if (other && filePath !== currentPath) throw new AppError("VALIDATION_FAILED", `Document ${other.id} already uses ${filePath}`, { resourceURL: DOCUMENT_MSG.file });
  return { mime: upload.mime_type, size: Number(upload.size) };
}

const valuesOf = (input: DocumentInput, file: { mime: string; size: number } | null): DocumentValues => ({
  itemTypeId: input.itemTypeId,
  title: input.title,
  notes: input.notes,
  contribution: input.contribution,
  attribution: input.attribution,
  licenseId: input.licenseId,
  languageId: input.languageId,
  fromDate: input.fromDate,
  bib: input.bib,
  filePath: input.resourceURL,
  mimeType: file?.mime ?? null,
  fileSize: file?.size ?? null,
  externalUrl: input.externalUrl,
  socialPreview: input.documentSocialPreview,
});

// ---------------------------------------------------------------------------------------------- the document

/** `PUT create` (`DocumentCreateData`): a contributor's or an admin's new document, posted to the groups named. */
export async function createDocument(db: Db, account: Account, body: unknown): Promise<ShowDocument> {
  requireContributor(account);
  const input = await validateWith(documentBodySchema, body);
  const id = await db.transaction(async (tx) => {
    const file = input.resourceURL ? await requireUpload(tx, account, input.resourceURL, null) : null;
    await requirePostable(tx, account, input.userGroupId);
    const docId = await insertDocument(tx, account.id, valuesOf(input, file));
    await replaceTags(tx, docId, input.tags ?? []);
    for (const g of input.userGroupId) await insertDocumentGroup(tx, docId, g, account.id);
    await insertActivity(tx, { holderType: "document", holderId: docId, userId: account.id, activityType: DOCUMENT_ACTIVITY.created, description: input.title });
    return docId;
  });
  changed();
  return showDocument(db, id);
}

/** `PUT update` (`DocumentEditData`): the uploader or an admin; tags are kept when the body has none. */
export async function updateDocument(db: Db, account: Account, documentId: number, body: unknown): Promise<ShowDocument> {
  await liveDocument(db, documentId);
  const input = await validateWith(documentBodySchema, body);
  await db.transaction(async (tx) => {
    const doc = await liveDocument(tx, documentId);
    requireEditor(account, doc);
    const file = input.resourceURL ? await requireUpload(tx, account, input.resourceURL, doc.file_path) : null;
    await updateDocumentRow(tx, documentId, valuesOf(input, file));
    if (input.tags) await replaceTags(tx, documentId, input.tags);
    await insertActivity(tx, { holderType: "document", holderId: documentId, userId: account.id, activityType: DOCUMENT_ACTIVITY.updated, description: input.title });
  });
  changed();
  return showDocument(db, documentId);
}

export async function deleteDocument(db: Db, account: Account, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await liveDocument(tx, id);
    requireEditor(account, doc);
    await markDocumentDeleted(tx, id);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.deleted });
  });
  changed();
}

/** `PUT update/tags` (`{objectId, tags}`): the uploader or an admin. */
export async function updateTags(db: Db, account: Account, id: number, body: unknown): Promise<DocumentTag[]> {
  const names = (await validateWith(documentTagsSchema, body)).tags ?? [];
  await db.transaction(async (tx) => {
    const doc = await liveDocument(tx, id);
    requireEditor(account, doc);
    await replaceTags(tx, id, names);
    await touchDocument(tx, id);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.tags, description: names.join(", ") });
  });
  changed();
  return (await findTags(db, [id])).get(id) ?? [];
}

// ---------------------------------------------------------------------------------------------- groups

/** `PUT update/usergroup/{id}` (a JSON array of group ids): the document's groups among those the caller may post to (others are kept); uploader or admin. */
export async function updateGroups(db: Db, account: Account, id: number, rawGroupIds: unknown): Promise<DocumentGroup[]> {
  const groupIds = (await validateWith(documentGroupsSchema, { userGroupId: rawGroupIds })).userGroupId;
  await db.transaction(async (tx) => {
    const doc = await liveDocument(tx, id);
    requireEditor(account, doc);
    const allowed = await requirePostable(tx, account, groupIds);
    const current = new Set(await findPostedGroupIds(tx, id));
    const log = async (activityType: string, group: DocumentGroup) =>
      insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType, description: JSON.stringify({ userGroupName: group.name, webAddress: group.webAddress }) });
    for (const g of groupIds) {
      if (current.has(g)) continue;
      await insertDocumentGroup(tx, id, g, account.id);
      await log(DOCUMENT_ACTIVITY.posted, allowed.get(g)!);
    }
    for (const g of current) {
      if (groupIds.includes(g) || !allowed.has(g)) continue;
      await deleteDocumentGroup(tx, id, g);
      await log(DOCUMENT_ACTIVITY.removed, allowed.get(g)!);
    }
  });
  changed();
  return ((await findPostedGroups(db, [id])).get(id) ?? []).map(shownGroup);
}

/**
 * `POST featured` (`{userGroup, notes}`) and `PUT unfeatured/{id}` (a JSON array of group ids): features or
 * unfeatures the document in groups where the caller moderates (admin, founder, moderator).
 */
export async function setFeatured(db: Db, account: Account, id: number, body: unknown, featured: boolean): Promise<FeaturedShow[]> {
  const input = await validateWith(documentFeatureSchema, featured ? body : { userGroup: body });
  await db.transaction(async (tx) => {
    await liveDocument(tx, id);
    for (const g of input.userGroup) {
      const standing = await standingIn(tx, account, g);
      if (!standing.canModerate) throw new AppError("FORBIDDEN", `Only administrators and the founders or moderators of group ${g} may feature documents there`);
      if (!(await isPostedTo(tx, id, g))) throw new AppError("CONFLICT", `Document ${id} is not posted to group ${g}; post it there first`);
      await setFeaturedIn(tx, id, g, featured ? { userId: account.id, notes: input.notes } : null);
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

// ---------------------------------------------------------------------------------------------- flags, followers, comments, downloads

/** `POST flag/{id}` (`{flag, notes}`): once per person. */
export async function flagDocument(db: Db, account: Account, id: number, body: unknown): Promise<FlagShow[]> {
  const { flag, notes } = await validateWith(documentFlagSchema, body);
  await db.transaction(async (tx) => {
    await liveDocument(tx, id);
    if (await hasFlagged(tx, id, account.id)) throw new AppError("CONFLICT", "You have already flagged this document");
    await insertFlag(tx, id, account.id, flag, notes);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.flagged, description: `${flag}${notes ? `: ${notes}` : ""}` });
  });
  changed();
  return findFlags(db, id);
}

/** `PUT unflag/{id}/{flagId}`: the person who flagged or an admin. */
export async function unflagDocument(db: Db, account: Account, id: number, flagId: number): Promise<FlagShow[]> {
  await db.transaction(async (tx) => {
    await liveDocument(tx, id);
    const flag = await findFlag(tx, id, flagId);
    if (!flag) throw notFound(`Flag ${flagId} of document ${id} not found`);
    if (flag.user_id !== account.id && !account.isAdmin) throw new AppError("FORBIDDEN", "Only the person who flagged or an administrator may remove a flag");
    await deleteFlag(tx, id, flagId);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_ACTIVITY.unflagged, description: flag.flag });
  });
  changed();
  return findFlags(db, id);
}

export async function setFollowing(db: Db, account: Account, id: number, follow: boolean): Promise<{ objectId: number; objectType: "document"; following: boolean; followerCount: number }> {
  return db.transaction(async (tx) => {
    const doc = await liveDocument(tx, id);
    if (follow !== doc.followers.includes(account.id)) {
      await setFollower(tx, id, account.id, follow);
      await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: follow ? DOCUMENT_ACTIVITY.followed : DOCUMENT_ACTIVITY.unfollowed });
    }
    return { objectId: id, objectType: "document" as const, following: follow, followerCount: await countFollowers(tx, id) };
  });
}

/** `POST add/comment` (`{body, rootHolderType}`): a comment and its activity entry on the live document. */
export async function commentOnDocument(db: Db, account: Account, documentId: number, languageId: number, body: unknown): Promise<ActivityEntry> {
  const { body: text } = await validateWith(documentCommentSchema, body);
  await liveDocument(db, documentId);
  const entry = await db.transaction((tx) => addComment(tx, { holderType: "document", holderId: documentId, userId: account.id, body: text, languageId }));
  changed();
  return entry;
}

/** `POST log/download`: the signed-in caller's download, counted on the document whose file it is. */
export async function logDocumentDownload(db: Db, account: Account, body: unknown): Promise<DocumentDownloadLog> {
  const { filePath, filterUrl, fileType, status, notes } = await validateWith(documentDownloadSchema, body);
  return db.transaction(async (tx) => {
    // A document file: count it on the document, which the log entry names.
    const storedPath = filePath.startsWith(DOCUMENT_FILE_PREFIX) ? filePath.slice(DOCUMENT_FILE_PREFIX.length) : filePath;
    const documentId = await countDownload(tx, storedPath);
    const id = await insertDocumentDownload(tx, { userId: account.id, documentId, filePath, filterUrl, fileType, status, notes });
    return toDocumentDownloadLog((await findDownloadLog(tx, id))!);
  });
}
