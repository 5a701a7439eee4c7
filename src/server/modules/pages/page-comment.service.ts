/** Comments on pages: only on a page that exists and allows them; listed newest first. */
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { pageCommentSchema } from "@/contracts/page.schema";
import { AppError, notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { insertPageComment, listCommentsOfPage, type PageComment } from "./page-comment.repository";
import { findPageById } from "./page.repository";

/** Adds a comment (body checked by the page contract) to a page that exists and allows comments (404 / 403 otherwise). */
export async function addPageComment(db: Queryable, account: Account, body: unknown): Promise<PageComment> {
  const checked = await validateWith(pageCommentSchema, body);
  const input = { body: checked.body, languageId: checked.languageId!, pageId: checked.rootHolderId! };
  const page = await findPageById(db, input.pageId);
  if (!page) throw notFound(`Page ${input.pageId} not found`);
  if (!page.allow_comments) throw new AppError("FORBIDDEN", `Page ${input.pageId} does not take comments`);
  return insertPageComment(db, { pageId: input.pageId, userId: account.id, body: input.body, languageId: input.languageId });
}

/** Newest first; comments of deleted users or deleted pages are not listed (404 for a deleted page). */
export async function listPageComments(db: Queryable, pageId: number, offset: number, limit: number): Promise<{ activity: PageComment[]; totalCount: number }> {
  if (!(await findPageById(db, pageId))) throw notFound(`Page ${pageId} not found`);
  return listCommentsOfPage(db, pageId, offset, limit);
}
