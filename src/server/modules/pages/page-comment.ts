import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { parseCount, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { readJsonBody } from "../../infra/http/body";
import { requireAccount } from "../accounts/account-context";
import { findPageById } from "./page.repository";
import { validateComment } from "./page.validation";

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

const toComment = (r: CommentRow): PageComment => ({
  id: r.id,
  body: r.body,
  createdOn: r.created_on.toISOString(),
  user: { id: r.user_id, name: r.name, profilePic: r.profile_pic },
});

/** Adds a comment to a page that exists and allows comments (404 / 403 otherwise). */
export async function addPageComment(db: Queryable, account: Account, input: { body: string; languageId: number; pageId: number }): Promise<PageComment> {
  const page = await findPageById(db, input.pageId);
  if (!page) throw notFound(`Page ${input.pageId} not found`);
  if (!page.allow_comments) throw new AppError("FORBIDDEN", `Page ${input.pageId} does not take comments`);
  const { id } = await db.one<{ id: number }>(
    "insert into comment (root_holder_type, root_holder_id, user_id, body, language_id) values ('page', $1, $2, $3, $4) returning id",
    [input.pageId, account.id, input.body, input.languageId],
  );
  return toComment(await db.one<CommentRow>(`${SELECT} where c.id = $1`, [id]));
}

/** Newest first; comments of deleted users or deleted pages are not listed (404 for a deleted page). */
export async function listPageComments(db: Queryable, pageId: number, offset: number, limit: number): Promise<{ activity: PageComment[]; totalCount: number }> {
  if (!(await findPageById(db, pageId))) throw notFound(`Page ${pageId} not found`);
  const where = "where c.root_holder_type = 'page' and c.root_holder_id = $1 and not c.is_deleted and not u.is_deleted";
  const rows = await db.query<CommentRow>(`${SELECT} ${where} order by c.created_on desc, c.id desc offset $2 limit $3`, [pageId, offset, limit]);
  const { n } = await db.one<{ n: number }>(`select count(*)::integer as n from comment c join app_user u on u.id = c.user_id ${where}`, [pageId]);
  return { activity: rows.map(toComment), totalCount: n };
}

/** pages-api POST v1/page/add/comment (signed-in) and activity-api GET v1/service/ibp/page/{pageId} (open). */
export function registerPageCommentRoutes(router: Router): void {
  router.post("pages", "/v1/page/add/comment", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await addPageComment(ctx.deps.db, account, validateComment(readJsonBody(ctx))), 200, { "cache-control": "no-store" });
  });

  router.get("activity", "/v1/service/ibp/page/:pageId", async (ctx) => {
    const pageId = parseId(ctx.params.pageId, "pageId");
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 10, 100);
    return json(await listPageComments(ctx.deps.db, pageId, offset, limit), 200, { "cache-control": "no-store" });
  });
}
