/**
 * A group's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts, body schema `recordLabelsSchema` shared with records and documents).
 * Whoever may see the group (any live group: the group pages are open) reads its labels; those who edit
 * the group — its founders and admins (`standingIn(...).canEdit`, as for `group/edit/save`) — set the
 * complete set, each label with the community's own text per language if it has one. The groups module
 * writes no activity; a change invalidates `CACHE_KEYS.groupList` on every instance.
 */
import { labelById, labelOrder, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { recordLabelsSchema } from "@/contracts/record-labels.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import { cleanLabelText } from "../records/record-labels.service";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { standingIn } from "./group-access";
import { findGroupLabels, replaceGroupLabels } from "./group-labels.repository";

/** The translation key of the 403 field error (`labels`). */
export const GROUP_LABEL_FORBIDDEN = "group:labels.errors.forbidden";

async function labelsOf(db: Queryable, groupId: number): Promise<RecordLabel[]> {
  const rows = (await findGroupLabels(db, groupId)).filter((r) => labelById(r.label_id) !== undefined);
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

/** GET group/labels/{id}: the live group's labels in the catalogue's order (404 for an unknown or deleted group). */
export async function getGroupLabels(db: Queryable, id: number): Promise<RecordLabel[]> {
  await standingIn(db, null, id);
  return labelsOf(db, id);
}

/** PUT group/labels/{id}: replaces the group's labels with the complete set of the body (its founders, admins). */
export async function changeGroupLabels(db: Db, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const standing = await standingIn(db, account, id);
  if (!standing.canEdit) throw new AppError("FORBIDDEN", `Only administrators and the founders of group ${id} may change its labels`, { labels: GROUP_LABEL_FORBIDDEN });
  const input = (await validateWith(recordLabelsSchema, body)) as RecordLabelsInput;
  const labels = input.labels.map((l) => ({ labelId: l.labelId, text: cleanLabelText(l.text) })).sort((a, b) => labelOrder(a.labelId) - labelOrder(b.labelId));
  await db.transaction((tx) => replaceGroupLabels(tx, id, account.id, labels));
  invalidateCache(CACHE_KEYS.groupList);
  return labelsOf(db, id);
}
