/** SQL of page comments: table `comment` with `root_holder_type = 'page'`, each with its author (`app_user`). */
import type { Queryable } from "../../infra/db/db";

/** One comment as the activity list answers it. The body is plain text: render it as text, never as HTML. */
export interface PageComment {
  id: number;
  body: string;
  createdOn: string;
  user: { id: number; name: string; profilePic: string | null };
}

interface CommentRow {
  id: number;
  body: string;
  created_on: Date;
  user_id: number;
  name: string;
  profile_pic: string | null;
}

const SELECT = `select c.id, c.body, c.created_on, u.id as user_id, u.name, u.profile_pic
                  from comment c join app_user u on u.id = c.user_id`;
// Comments that are deleted, or whose author is, are not listed.
const WHERE_LISTED = "where c.root_holder_type = 'page' and c.root_holder_id = $1 and not c.is_deleted and not u.is_deleted";

const toComment = (r: CommentRow): PageComment => ({
  id: r.id,
  body: r.body,
  createdOn: r.created_on.toISOString(),
  user: { id: r.user_id, name: r.name, profilePic: r.profile_pic },
});

/** Stores a comment on page `pageId` and returns it as listed. */
export async function insertPageComment(db: Queryable, input: { pageId: number; userId: number; body: string; languageId: number }): Promise<PageComment> {
  const { id } = await db.one<{ id: number }>(
    "insert into comment (root_holder_type, root_holder_id, user_id, body, language_id) values ('page', $1, $2, $3, $4) returning id",
    [input.pageId, input.userId, input.body, input.languageId],
  );
  return toComment(await db.one<CommentRow>(`${SELECT} where c.id = $1`, [id]));
}

/** The page's listed comments, newest first, and how many there are in all. */
export async function listCommentsOfPage(db: Queryable, pageId: number, offset: number, limit: number): Promise<{ activity: PageComment[]; totalCount: number }> {
  const rows = await db.query<CommentRow>(`${SELECT} ${WHERE_LISTED} order by c.created_on desc, c.id desc offset $2 limit $3`, [pageId, offset, limit]);
  const { n } = await db.one<{ n: number }>(`select count(*)::integer as n from comment c join app_user u on u.id = c.user_id ${WHERE_LISTED}`, [pageId]);
  return { activity: rows.map(toComment), totalCount: n };
}
