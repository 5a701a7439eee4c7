/**
 * A record's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts). Whoever may see the record reads its labels (the visibility engine,
 * through `requireRecordAccess`: 404 for the others, so a restricted record's labels say nothing of it);
 * its keepers (`manageConsent`: the owner, admins, the founders and moderators of its groups, data
 * curators when its audience includes them) set the complete set, each label with the community's own
 * text per language if it has one. A change is written to the record's activity and invalidates
 * `CACHE_KEYS.records` on every instance.
 */
import { labelById, labelOrder, LABEL_ERRORS, type LabelText, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { recordLabelsSchema } from "@/contracts/record-labels.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { insertActivity } from "../activity/activity.repository";
import { requireRecordAccess } from "./record-access.service";
import { findLabels, replaceLabels } from "./record-labels.repository";
import { rederiveRecords } from "./public-places.service";

export const LABELS_ACTIVITY = "Labels changed";

/** The community's text without blank languages; null when nothing is left (the catalogue's text serves). */
export function cleanLabelText(text: LabelText | null | undefined): LabelText | null {
  if (!text) return null;
  const clean: LabelText = {};
  if (text.en && text.en.trim() !== "") clean.en = text.en.trim();
  if (text.hi && text.hi.trim() !== "") clean.hi = text.hi.trim();
  return Object.keys(clean).length > 0 ? clean : null;
}

async function labelsOf(db: Queryable, recordId: number): Promise<RecordLabel[]> {
  const rows = (await findLabels(db, recordId)).filter((r) => labelById(r.label_id) !== undefined);
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

/** GET data/labels/{id}: the record's labels, in the catalogue's order (whoever may see the record). */
export async function getRecordLabels(db: Queryable, account: Account | null, id: number): Promise<RecordLabel[]> {
  await requireRecordAccess(db, id, account);
  return labelsOf(db, id);
}

/** PUT data/labels/{id}: replaces the record's labels with the complete set of the body (its keepers). */
export async function changeRecordLabels(deps: PlatformDeps, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const input = (await validateWith(recordLabelsSchema, body)) as RecordLabelsInput;
  const { access } = await requireRecordAccess(deps.db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's owner, its groups' founders and moderators, data curators and administrators may change its labels", { labels: LABEL_ERRORS.forbidden });
  const labels = input.labels.map((l) => ({ labelId: l.labelId, text: cleanLabelText(l.text) }));
  const before = new Set((await findLabels(deps.db, id)).map((r) => r.label_id));
  const after = new Set(labels.map((l) => l.labelId));
  await deps.db.transaction(async (tx) => {
    await replaceLabels(tx, id, account.id, labels);
    await insertActivity(tx, {
      holderType: "ccaData",
      holderId: id,
      userId: account.id,
      activityType: LABELS_ACTIVITY,
      description: labels.map((l) => labelById(l.labelId)!.name).join(", "),
      details: { labels: [...after], added: [...after].filter((l) => !before.has(l)), removed: [...before].filter((l) => !after.has(l)) },
    });
    // Restricting labels drive the record's treatments (treatments.ts): derive its public form again.
    await rederiveRecords(tx, [id]);
  });
  invalidateCache(CACHE_KEYS.records);
  return labelsOf(deps.db, id);
}
