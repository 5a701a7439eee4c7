/**
 * A group's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts, body schema `recordLabelsSchema` shared with records and documents).
 * Whoever may see the group (any live group: the group pages are open) reads its labels; those who edit
 * the group — its founders and admins (`standingIn(...).canEdit`, as for `group/edit/save`) — set the
 * complete set, each label with the community's own text per language if it has one. The groups module
 * writes no activity; a change invalidates `CACHE_KEYS.groupList` on every instance.
 */
import type { RecordLabel } from "@/contracts/local-contexts";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { labelsOf, readLabelsBody, storeLabels } from "../labels/labels.service";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { standingIn } from "./group-access";

/** The translation key of the 403 field error (`labels`). */
export const GROUP_LABEL_FORBIDDEN = "group:labels.errors.forbidden";

/** GET group/labels/{id}: the live group's labels in the catalogue's order (404 for an unknown or deleted group). */
export async function getGroupLabels(db: Queryable, id: number): Promise<RecordLabel[]> {
  await standingIn(db, null, id);
  return labelsOf(db, "group", id);
}

/** PUT group/labels/{id}: replaces the group's labels with the complete set of the body (its founders, admins). */
export async function changeGroupLabels(db: Db, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const standing = await standingIn(db, account, id);
  if (!standing.canEdit) throw new AppError("FORBIDDEN", `Only administrators and the founders of group ${id} may change its labels`, { labels: GROUP_LABEL_FORBIDDEN });
  const labels = await readLabelsBody(body);
  await db.transaction((tx) => storeLabels(tx, "group", id, account.id, labels));
  invalidateCache(CACHE_KEYS.groupList);
  return labelsOf(db, "group", id);
}
