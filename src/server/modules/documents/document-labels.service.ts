/**
 * A document's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts, body schema `recordLabelsSchema` shared with records). Whoever may see
 * the document (it is live: reads are open) reads its labels; its uploader and admins set the complete
 * set, each label with the community's own text per language if it has one. A change is written to the
 * document's activity and invalidates `CACHE_KEYS.documents` on every instance.
 */
import { labelById, labelOrder, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { recordLabelsSchema } from "@/contracts/record-labels.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import { insertActivity } from "../activity/activity.repository";
import { cleanLabelText } from "../records/record-labels.service";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { findDocumentLabels, replaceDocumentLabels } from "./document-labels.repository";
import { canEditDocument, liveDocument } from "./document.service";

export const DOCUMENT_LABELS_ACTIVITY = "Document labels changed";

/** The translation key of the 403 field error (`labels`). */
export const DOCUMENT_LABEL_FORBIDDEN = "document:labels.errors.forbidden";

async function labelsOf(db: Queryable, documentId: number): Promise<RecordLabel[]> {
  const rows = (await findDocumentLabels(db, documentId)).filter((r) => labelById(r.label_id) !== undefined);
  rows.sort((a, b) => labelOrder(a.label_id) - labelOrder(b.label_id));
  const users = await findUsersByIds(db, [...new Set(rows.map((r) => r.applied_by).filter((id): id is number => id !== null))]);
  const byId = new Map(users.map((u) => [u.id, toIbp(u)]));
  return rows.map((row) => {
    const label = labelById(row.label_id)!;
    return {
      labelId: label.id,
      kind: label.kind,
      restricts: label.restricts,
      text: cleanLabelText(row.text),
      appliedBy: row.applied_by === null ? null : (byId.get(row.applied_by) ?? null),
      appliedOn: new Date(row.applied_on).toISOString(),
    };
  });
}

/** GET services/labels/{id}: the live document's labels in the catalogue's order (404 for an unknown or deleted one). */
export async function getDocumentLabels(db: Queryable, id: number): Promise<RecordLabel[]> {
  await liveDocument(db, id);
  return labelsOf(db, id);
}

/** PUT services/labels/{id}: replaces the document's labels with the complete set of the body (its uploader, admins). */
export async function changeDocumentLabels(db: Db, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const doc = await liveDocument(db, id);
  if (!canEditDocument(account, doc)) throw new AppError("FORBIDDEN", "Only the uploader of this document or an administrator may change its labels", { labels: DOCUMENT_LABEL_FORBIDDEN });
  const input = (await validateWith(recordLabelsSchema, body)) as RecordLabelsInput;
  const labels = input.labels.map((l) => ({ labelId: l.labelId, text: cleanLabelText(l.text) })).sort((a, b) => labelOrder(a.labelId) - labelOrder(b.labelId));
  const before = new Set((await findDocumentLabels(db, id)).map((r) => r.label_id));
  const after = new Set(labels.map((l) => l.labelId));
  await db.transaction(async (tx) => {
    await replaceDocumentLabels(tx, id, account.id, labels);
    await insertActivity(tx, {
      holderType: "document",
      holderId: id,
      userId: account.id,
      activityType: DOCUMENT_LABELS_ACTIVITY,
      description: labels.map((l) => labelById(l.labelId)!.name).join(", "),
      details: { labels: [...after], added: [...after].filter((l) => !before.has(l)), removed: [...before].filter((l) => !after.has(l)) },
    });
  });
  invalidateCache(CACHE_KEYS.documents);
  return labelsOf(db, id);
}
