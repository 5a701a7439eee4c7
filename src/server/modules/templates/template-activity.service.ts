/**
 * A template's history and comments (`POST cca-api/v1/template/comment`, `GET activity-api/v1/service/ibp/ccaTemplate/{id}`):
 * its editors' working notes, so administrators and template curators only.
 */
import { TEMPLATE_COMMENT_MAX, TEMPLATE_MSG } from "@/contracts/template-rules";
import { commentBodySchema } from "@/contracts/record.schema";
import { TEMPLATE_WRITERS } from "@/contracts/template";
import { hasAccess } from "@/shared/access";
import type { Account } from "../accounts/account-context";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { parseCount } from "../../infra/http/params";
import { validateWith } from "../../infra/http/validate";
import { addComment, listActivity } from "../activity/activity.repository";
import { findTemplateById } from "./template.repository";
import { assertTemplateWriter } from "./template-write.service";

const templateCommentSchema = commentBodySchema("ccaTemplate", TEMPLATE_COMMENT_MAX, TEMPLATE_MSG.commentMax);

/** A writer's comment on a live template (400 a body that is not a comment, 404 an unknown template). */
export async function commentOnTemplate(db: Db, account: Account, body: Record<string, unknown>) {
  assertTemplateWriter(account);
  const input = await validateWith(templateCommentSchema, body);
  if (!(await findTemplateById(db, input.rootHolderId))) throw notFound(`Template ${input.rootHolderId} not found`);
  return db.transaction((tx) => addComment(tx, { holderType: "ccaTemplate", holderId: input.rootHolderId, userId: account.id, body: input.body, languageId: input.languageId }));
}

/** 403 unless the caller may read templates' history (administrators and template curators). */
export function assertActivityReader(account: Account): void {
  if (!hasAccess(TEMPLATE_WRITERS, account)) throw new AppError("FORBIDDEN", "Only administrators and template curators may read a template's activity");
}

/** The history and comments of a live template, newest first (404 before the paging is read). */
export async function templateActivity(db: Queryable, account: Account, templateId: number, paging: { offset?: string; limit?: string }) {
  assertActivityReader(account);
  if (!(await findTemplateById(db, templateId))) throw notFound(`Template ${templateId} not found`);
  const offset = parseCount(paging.offset, "offset", 0, 1_000_000);
  const limit = parseCount(paging.limit, "limit", 10, 100);
  return listActivity(db, "ccaTemplate", templateId, offset, limit);
}
