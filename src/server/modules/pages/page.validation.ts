import { ValidationError } from "yup";
import { pageCommentSchema } from "@/contracts/page.schema";
import { validationFailed } from "../../infra/http/validate";

/**
 * TRANSITIONAL (issue 29): the page bodies are checked by their contract (src/contracts/page.schema.ts)
 * through `validateWith`. Only page-comment.routes.ts still calls this synchronous adapter of
 * `pageCommentSchema`; once its service calls `validateWith(pageCommentSchema, body)`, delete this file.
 */
export function validateComment(body: Record<string, unknown>): { body: string; languageId: number; pageId: number } {
  try {
    const input = pageCommentSchema.validateSync(body, { abortEarly: false });
    return { body: input.body, languageId: input.languageId!, pageId: input.rootHolderId! };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const item of error.inner.length > 0 ? error.inner : [error]) fieldErrors[item.path || "form"] ??= item.message;
    throw validationFailed(fieldErrors);
  }
}
