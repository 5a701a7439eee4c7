/**
 * Review before publication (issue 30, item 5; contract src/contracts/review.ts). A record saved to a
 * template that asks for review waits (PENDING): not public whatever its consent, seen within its consent
 * only by its reviewers (the visibility engine, visibility.ts). Reviewers — administrators, data curators,
 * and the founders and moderators of the record's groups, never for their own record unless administrators —
 * publish it or send it back with a message; the contributor is told in both languages. An edit of a record
 * sent back by its owner puts it in the queue again (`resubmitAfterEdit`, called by data/update).
 * Every decision invalidates `CACHE_KEYS.records` and is written to the record's history.
 */
import SITE_CONFIG, { ROLES } from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import { REVIEW_ERRORS, type ReviewCount, type ReviewDecision, type ReviewQueue } from "@/contracts/review";
import { reviewDecisionSchema } from "@/contracts/review.schema";
import type { TemplateLanguage } from "@/contracts/template";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUserById, findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { notify } from "../../infra/notify/notify";
import { insertActivity } from "../activity/activity.repository";
import { contactOf } from "../groups/group-messages";
import { viewTemplateById } from "../templates/template-loader.service";
import { getRecord } from "./data.service";
import { requireRecordAccess } from "./record-access.service";
import { countPendingReviews, findReviewQueue, keepsAnyGroup, setReviewState } from "./record-review.repository";
import { findRecordTitle } from "./record-write.repository";
import { findGroupRoles } from "./visibility.repository";

export const REVIEW_ACTIVITY = { published: "Published after review", returned: "Sent back for changes", resubmitted: "Sent for review again" } as const;

const isStaff = (account: Account) => account.isAdmin || account.roles.includes(ROLES.DATACURATOR);

/** Reviewers only (403 for everyone else): staff, or a founder or moderator of a group. */
async function requireReviewer(db: Queryable, account: Account): Promise<void> {
  if (isStaff(account) || (await keepsAnyGroup(db, account.id))) return;
  throw new AppError("FORBIDDEN", "Only administrators, data curators and the founders and moderators of a group review records");
}

/** GET data/review: the records waiting for the caller's review or sent back, oldest change first. */
export async function reviewQueue(db: Queryable, account: Account, paging: { offset: number; limit: number; language: TemplateLanguage }): Promise<ReviewQueue> {
  await requireReviewer(db, account);
  const { rows, total } = await findReviewQueue(db, { id: account.id, roles: account.roles }, paging.offset, paging.limit);
  const users = new Map((await findUsersByIds(db, [...new Set(rows.map((r) => r.user_id))])).map((u) => [u.id, toIbp(u)]));
  const templates = new Map<number, string>();
  const items = [];
  for (const row of rows) {
    if (!templates.has(row.template_id)) templates.set(row.template_id, (await viewTemplateById(db, row.template_id, paging.language)).name);
    items.push({
      id: row.id,
      title: (await findRecordTitle(db, row.id)) || `CCA ${row.id}`,
      shortName: row.short_name,
      templateName: templates.get(row.template_id)!,
      contributor: users.get(row.user_id) ?? null,
      createdOn: row.created_on.getTime(),
      updatedOn: row.updated_on.getTime(),
      audience: row.consent_audience,
      state: row.review_state,
      note: row.review_note,
    });
  }
  return { total, offset: paging.offset, limit: paging.limit, items };
}

/** GET data/review/count: how many wait for the caller (the menu's badge). */
export async function reviewCount(db: Queryable, account: Account): Promise<ReviewCount> {
  await requireReviewer(db, account);
  return { count: await countPendingReviews(db, { id: account.id, roles: account.roles }) };
}

function decisionMessage(title: string, link: string, decision: { published: boolean; message: string | null }): { subject: string; text: string } {
  const site = SITE_CONFIG.SITE.TITLE;
  const en = decision.published ? `Your record "${title}" was reviewed and is published.` : `Your record "${title}" was sent back for changes.`;
  const hi = decision.published ? `आपके रिकॉर्ड "${title}" की समीक्षा हो गई है और वह प्रकाशित है।` : `आपका रिकॉर्ड "${title}" बदलाव के लिए वापस भेजा गया है।`;
  const note = decision.message ? `\n\n${decision.message}` : "";
  const edit = decision.published ? "" : "\nEdit it and it goes back for review. / इसमें बदलाव करने पर यह फिर समीक्षा के लिए जाएगा।";
  return { subject: `${site.en}: ${title} / ${site.hi}: ${title}`, text: `${en}${note}\n${link}\n\n${hi}${note}\n${link}${edit}` };
}

/** PUT data/review/{id}: publish a record waiting for review (or sent back), or send it back with a message. */
export async function decideReview(deps: PlatformDeps, account: Account, id: number, body: unknown, language: TemplateLanguage): Promise<CCAData> {
  const decision = (await validateWith(reviewDecisionSchema, body)) as ReviewDecision;
  const { row } = await requireRecordAccess(deps.db, id, account);
  if (!(isStaff(account) || (await isKeeperOf(deps.db, account, row.usergroups)))) {
    throw new AppError("FORBIDDEN", "Only administrators, data curators and the founders and moderators of the record's groups review it");
  }
  if (row.user_id === account.id && !account.isAdmin) throw new AppError("FORBIDDEN", "A record is reviewed by someone other than its contributor");
  const publish = decision.action === "PUBLISH";
  const message = decision.message?.trim() || null;
  const changed = await deps.db.transaction(async (tx) => {
    const done = await setReviewState(tx, id, { from: publish ? ["PENDING", "RETURNED"] : ["PENDING"], to: publish ? "PUBLISHED" : "RETURNED", note: publish ? null : message, reviewerId: account.id });
    if (done) {
      await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: publish ? REVIEW_ACTIVITY.published : REVIEW_ACTIVITY.returned, description: message ?? undefined });
    }
    return done;
  });
  if (!changed) throw new AppError("CONFLICT", "This record is not waiting for review any more", { action: REVIEW_ERRORS.notPending });
  invalidateCache(CACHE_KEYS.records);
  const owner = await findUserById(deps.db, row.user_id);
  const target = owner && !owner.is_deleted ? contactOf(owner) : null;
  if (target) {
    const title = (await findRecordTitle(deps.db, id)) || `CCA ${id}`;
    const link = `${deps.settings.siteUrl.replace(/\/+$/, "")}/data/show/${id}`;
    await notify(deps, { ...target, ...decisionMessage(title, link, { published: publish, message }) });
  }
  return getRecord(deps.db, id, language, account);
}

async function isKeeperOf(db: Queryable, account: Account, groupIds: readonly number[]): Promise<boolean> {
  return (await findGroupRoles(db, account.id, groupIds)).some((r) => r === "founder" || r === "moderator");
}

/** After its owner edits a record that was sent back, it waits for review again. */
export async function resubmitAfterEdit(tx: Queryable, id: number, editorId: number, ownerId: number, state: string): Promise<void> {
  if (state !== "RETURNED" || editorId !== ownerId) return;
  if (await setReviewState(tx, id, { from: ["RETURNED"], to: "PENDING", note: null, reviewerId: null })) {
    await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: editorId, activityType: REVIEW_ACTIVITY.resubmitted });
  }
}
