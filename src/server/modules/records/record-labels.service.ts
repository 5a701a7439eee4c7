/**
 * A record's Local Contexts TK and BC labels (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts). Whoever may see the record reads its labels (the visibility engine,
 * through `requireRecordAccess`: 404 for the others, so a restricted record's labels say nothing of it);
 * its keepers (`manageConsent`: the owner, admins, the founders and moderators of its groups, data
 * curators when its audience includes them) set the complete set, each label with the community's own
 * text per language if it has one. A change is written to the record's activity and invalidates
 * `CACHE_KEYS.records` on every instance.
 */
import { LABEL_ERRORS, type RecordLabel } from "@/contracts/local-contexts";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { insertActivity } from "../activity/activity.repository";
import { requireRecordAccess } from "./record-access.service";
import { labelsOf, readLabelsBody, storeLabels } from "../labels/labels.service";
import { rederiveRecords } from "./public-places.service";

export const LABELS_ACTIVITY = "Labels changed";

/** GET data/labels/{id}: the record's labels, in the catalogue's order (whoever may see the record). */
export async function getRecordLabels(db: Queryable, account: Account | null, id: number): Promise<RecordLabel[]> {
  await requireRecordAccess(db, id, account);
  return labelsOf(db, "record", id);
}

/** PUT data/labels/{id}: replaces the record's labels with the complete set of the body (its keepers). */
export async function changeRecordLabels(deps: PlatformDeps, account: Account, id: number, body: unknown): Promise<RecordLabel[]> {
  const labels = await readLabelsBody(body);
  const { access } = await requireRecordAccess(deps.db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's owner, its groups' founders and moderators, data curators and administrators may change its labels", { labels: LABEL_ERRORS.forbidden });
  await deps.db.transaction(async (tx) => {
    const change = await storeLabels(tx, "record", id, account.id, labels);
    await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: LABELS_ACTIVITY, ...change });
    // Restricting labels drive the record's treatments (treatments.ts): derive its public form again.
    await rederiveRecords(tx, [id]);
  });
  invalidateCache(CACHE_KEYS.records);
  return labelsOf(deps.db, "record", id);
}
