/** SQL of review before publication (migration 0026): the queue, its count, and a decision. */
import type { ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";
import type { Queryable } from "../../infra/db/db";
import { seeSql, type SqlCaller } from "./visibility";

export interface ReviewRow {
  id: number;
  template_id: number;
  short_name: string;
  user_id: number;
  consent_audience: ConsentAudience;
  review_state: ReviewState;
  review_note: string | null;
  created_on: Date;
  updated_on: Date;
}

/** The queue's condition over `cca_data d`: not published, live, and seen by the caller (the engine in SQL). */
function queueWhere(caller: SqlCaller, states: readonly ReviewState[], params: Array<number | string | string[]>): string {
  params.push([...states]);
  const stateParam = `$${params.length}`;
  const see = seeSql(caller, (value) => {
    params.push(value);
    return `$${params.length}`;
  });
  return `d.review_state = any(${stateParam}::text[]) and not d.is_deleted and not d.is_template_deleted and ${see}`;
}

/** A page of records waiting for review or sent back that the caller sees, oldest change first, and the total. */
export async function findReviewQueue(db: Queryable, caller: SqlCaller, offset: number, limit: number): Promise<{ rows: ReviewRow[]; total: number }> {
  const params: Array<number | string | string[]> = [];
  const where = queueWhere(caller, ["PENDING", "RETURNED"], params);
  const rows = await db.query<ReviewRow>(
    `select d.id, d.template_id, t.short_name, d.user_id, d.consent_audience, d.review_state, d.review_note, d.created_on, d.updated_on
       from cca_data d join cca_template t on t.id = d.template_id
      where ${where} order by d.updated_on, d.id offset ${Number(offset)} limit ${Number(limit)}`,
    params,
  );
  const { total } = await db.one<{ total: number }>(`select count(*)::integer as total from cca_data d where ${where}`, params);
  return { rows, total };
}

/** How many records wait for the caller's review (sent-back ones wait for their contributor). */
export async function countPendingReviews(db: Queryable, caller: SqlCaller): Promise<number> {
  const params: Array<number | string | string[]> = [];
  const { n } = await db.one<{ n: number }>(`select count(*)::integer as n from cca_data d where ${queueWhere(caller, ["PENDING"], params)}`, params);
  return n;
}

/** Whether the user founds or moderates any live group (a reviewer of its records). */
export async function keepsAnyGroup(db: Queryable, userId: number): Promise<boolean> {
  const row = await db.maybeOne(
    `select 1 as keeps from user_group_member m join user_group g on g.id = m.user_group_id and not g.is_deleted
      where m.user_id = $1 and m.role in ('founder', 'moderator') limit 1`,
    [userId],
  );
  return row !== null;
}

/**
 * Sets the record's review state (and `is_public`: public consent and published) if it is still `from`;
 * false when someone decided meanwhile.
 */
export async function setReviewState(
  tx: Queryable,
  id: number,
  change: { from: readonly ReviewState[]; to: ReviewState; note: string | null; reviewerId: number | null },
): Promise<boolean> {
  const row = await tx.maybeOne<{ id: number }>(
    `update cca_data set review_state = $2, review_note = $3, reviewed_by = $4, reviewed_on = case when $4::integer is null then reviewed_on else now() end,
            is_public = (consent_audience = 'PUBLIC' and $2 = 'PUBLISHED'), updated_on = now()
      where id = $1 and review_state = any($5::text[]) returning id`,
    [id, change.to, change.note, change.reviewerId, [...change.from]],
  );
  return row !== null;
}
