/**
 * SQL of the history and comments of templates, records and documents (table `activity`, comments in
 * `comment`): written by the services of those modules, listed newest first by activity-api
 * `v1/service/ibp/{type}/{id}`. Row mapper `toEntry` lives with the SQL.
 */
import type { ActivityEntry, ActivityEntryList } from "@/contracts/activity";
import type { Queryable } from "../../infra/db/db";

export type CcaHolderType = "ccaTemplate" | "ccaData" | "document";

export const ACTIVITY = {
  comment: "Added a comment",
  templateCreated: "Template created",
  templateUpdated: "Template updated",
  templateTranslated: "Template translated",
  templateDeleted: "Template deleted",
  templateRestored: "Template restored",
} as const;

export interface ActivityInput {
  holderType: CcaHolderType;
  holderId: number;
  userId: number;
  activityType: string;
  description?: string | null;
  details?: Record<string, unknown> | null;
  commentId?: number | null;
}

export async function insertActivity(tx: Queryable, input: ActivityInput): Promise<number> {
  const { id } = await tx.one<{ id: number }>(
    `insert into activity (root_holder_type, root_holder_id, user_id, activity_type, description, details, comment_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7) returning id`,
    [input.holderType, input.holderId, input.userId, input.activityType, input.description ?? null, input.details ? JSON.stringify(input.details) : null, input.commentId ?? null],
  );
  return id;
}

interface ActivityRow {
  id: number;
  activity_type: string;
  description: string | null;
  details: Record<string, unknown> | null;
  body: string | null;
  created_on: Date;
  user_id: number;
  name: string;
  profile_pic: string | null;
}

const SELECT = `select a.id, a.activity_type, a.description, a.details, c.body, a.created_on, u.id as user_id, u.name, u.profile_pic
                  from activity a join app_user u on u.id = a.user_id left join comment c on c.id = a.comment_id`;
// A deleted comment or a deleted user's entry is not listed.
const WHERE = "where a.root_holder_type = $1 and a.root_holder_id = $2 and not u.is_deleted and (a.comment_id is null or not c.is_deleted)";

const toEntry = (r: ActivityRow): ActivityEntry => ({
  id: r.id,
  activityType: r.activity_type,
  description: r.description,
  details: r.details,
  body: r.body ?? "",
  createdOn: r.created_on.toISOString(),
  user: { id: r.user_id, name: r.name, profilePic: r.profile_pic },
});

export async function findActivity(db: Queryable, id: number): Promise<ActivityEntry> {
  return toEntry(await db.one<ActivityRow>(`${SELECT} where a.id = $1`, [id]));
}

export async function listActivity(db: Queryable, holderType: CcaHolderType, holderId: number, offset: number, limit: number): Promise<ActivityEntryList> {
  const rows = await db.query<ActivityRow>(`${SELECT} ${WHERE} order by a.created_on desc, a.id desc offset $3 limit $4`, [holderType, holderId, offset, limit]);
  const { n } = await db.one<{ n: number }>(
    `select count(*)::integer as n from activity a join app_user u on u.id = a.user_id left join comment c on c.id = a.comment_id ${WHERE}`,
    [holderType, holderId],
  );
  return { activity: rows.map(toEntry), totalCount: n };
}

/** Stores a comment and its "Added a comment" entry; returns the entry. */
export async function addComment(tx: Queryable, input: { holderType: CcaHolderType; holderId: number; userId: number; body: string; languageId: number }): Promise<ActivityEntry> {
  const { id: commentId } = await tx.one<{ id: number }>(
    "insert into comment (root_holder_type, root_holder_id, user_id, body, language_id) values ($1, $2, $3, $4, $5) returning id",
    [input.holderType, input.holderId, input.userId, input.body, input.languageId],
  );
  const id = await insertActivity(tx, { holderType: input.holderType, holderId: input.holderId, userId: input.userId, activityType: ACTIVITY.comment, commentId });
  return findActivity(tx, id);
}
