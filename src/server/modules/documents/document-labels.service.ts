/**
 * A document's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts, body schema `recordLabelsSchema` shared with records). Whoever may see
 * the document (it is live: reads are open) reads its labels; its uploader and admins set the complete
 * set, each label with the community's own text per language if it has one. A change is written to the
 * document's activity and invalidates `CACHE_KEYS.documents` on every instance.
 */
import type { RecordLabel } from "@/contracts/local-contexts";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { insertActivity } from "../activity/activity.repository";
import { labelsOf, readLabelsBody, storeLabels } from "../labels/labels.service";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { canEditDocument, liveDocument } from "./document.service";

export const DOCUMENT_LABELS_ACTIVITY = "Document labels changed";

/** The translation key of the 403 field error (`labels`). */
export const DOCUMENT_LABEL_FORBIDDEN = "document:labels.errors.forbidden";

/** GET services/labels/{id}: the live document's labels in the catalogue's order (404 for an unknown or deleted one). */
export async function getDocumentLabels(db: Queryable, id: number): Promise<RecordLabel[]> {
  await liveDocument(db, id);
  return labelsOf(db, "document", id);
}

/** PUT services/labels/{id}: replaces the document's labels with the complete set of the body (its uploader, admins). */
export async function changeDocumentLabels(db: Db, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const doc = await liveDocument(db, id);
  if (!canEditDocument(account, doc)) throw new AppError("FORBIDDEN", "Only the uploader of this document or an administrator may change its labels", { labels: DOCUMENT_LABEL_FORBIDDEN });
  const labels = await readLabelsBody(body);
  await db.transaction(async (tx) => {
    const change = await storeLabels(tx, "document", id, account.id, labels);
    await insertActivity(tx, { holderType: "document", holderId: id, userId: account.id, activityType: DOCUMENT_LABELS_ACTIVITY, ...change });
  });
  invalidateCache(CACHE_KEYS.documents);
  return labelsOf(db, "document", id);
}
