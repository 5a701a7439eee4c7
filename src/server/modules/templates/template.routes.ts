import SITE_CONFIG from "@site-config";
import { FORM_ERRORS, type FieldErrorKey } from "@/contracts/field-errors";
import { TEMPLATE_COMMENT_MAX, TEMPLATE_MSG } from "@/contracts/template-rules";
import { MASTER_SHORT_NAME, TEMPLATE_PLATFORMS, TEMPLATE_WRITERS, type TemplateLanguage, type TemplatePlatform } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { AppError, notFound } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { parseBoolean, parseChoice, parseCount, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { hasAccess } from "@/shared/access";
import { addComment, listActivity } from "../activity/activity.repository";
import { findTemplateById } from "./template.repository";
import {
  assertTemplateWriter,
  createTemplate,
  deleteTemplate,
  getFlatFields,
  getTemplate,
  getValueCounts,
  listTemplates,
  pullMasterTranslation,
  restoreTemplate,
  updateTemplate,
} from "./template.service";

const NO_STORE = { "cache-control": "no-store" };
const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);

const languageOf = (ctx: RequestContext): TemplateLanguage => parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");
const shortNameOf = (ctx: RequestContext, name = "shortName"): string => ctx.params[name] ?? queryValue(ctx.request.query, name) ?? MASTER_SHORT_NAME;

/** A signed-in admin or template curator, decided on the stored account. */
async function requireWriter(ctx: RequestContext) {
  const account = await requireAccount(ctx);
  assertTemplateWriter(account);
  return account;
}

function readComment(body: Record<string, unknown>): { body: string; languageId: number; templateId: number } {
  const errors: Record<string, FieldErrorKey> = {};
  const reasons: string[] = [];
  const fail = (field: string, key: FieldErrorKey, reason: string) => {
    errors[field] ??= key;
    reasons.push(`${field} ${reason}`);
  };
  const text = typeof body.body === "string" ? body.body.trim() : "";
  if (text === "") fail("body", FORM_ERRORS.required, "is required");
  else if (text.length > TEMPLATE_COMMENT_MAX) fail("body", TEMPLATE_MSG.commentMax, `must be at most ${TEMPLATE_COMMENT_MAX} characters`);
  if (body.rootHolderType !== undefined && body.rootHolderType !== "ccaTemplate") fail("rootHolderType", FORM_ERRORS.invalid, 'must be "ccaTemplate"');
  const rawId = body.rootHolderId;
  const templateId = typeof rawId === "number" ? rawId : typeof rawId === "string" && /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isInteger(templateId) || templateId < 1 || templateId > 2_147_483_647) fail("rootHolderId", FORM_ERRORS.invalid, "must be the id of a template");
  const languageIds: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
  const languageId = body.languageId === undefined || body.languageId === null ? SITE_CONFIG.LANG.DEFAULT_ID : Number(body.languageId);
  if (!languageIds.includes(languageId)) fail("languageId", FORM_ERRORS.language, `must be one of ${languageIds.join(", ")}`);
  if (reasons.length > 0) throw new AppError("VALIDATION_FAILED", `The comment is not valid: ${reasons.join("; ")}`, errors);
  return { body: text, languageId, templateId };
}

/** cca-api/api/v1/template/... (reference §3.5) and the template activity list (§3.7). */
export function registerTemplateRoutes(router: Router): void {
  // Reads open to everyone.
  router.get("cca", "/v1/template/filter/fields", async (ctx) =>
    json(await getFlatFields(ctx.deps.db, shortNameOf(ctx), languageOf(ctx), (f) => f.isFilterable)),
  );

  router.get("cca", "/v1/template/filter/chart/fields", async (ctx) =>
    json(await getFlatFields(ctx.deps.db, shortNameOf(ctx), languageOf(ctx), (f) => f.isChart)),
  );

  router.get("cca", "/v1/template/:shortName", async (ctx) => json(await getTemplate(ctx.deps.db, ctx.params.shortName!, languageOf(ctx))));

  // Signed in: the templates the caller may answer (admins and template curators: all).
  router.get("cca", "/v1/template/all", async (ctx) => {
    const account = await requireAccount(ctx);
    const { query } = ctx.request;
    const platform = queryValue(query, "platform");
    return json(
      await listTemplates(ctx.deps.db, account, {
        language: languageOf(ctx),
        platform: platform === undefined ? null : parseChoice<TemplatePlatform>(platform, "platform", TEMPLATE_PLATFORMS, "DESKTOP"),
        excludeFields: parseBoolean(queryValue(query, "excludeFields"), "excludeFields", true),
        deleted: parseBoolean(queryValue(query, "isDeleted"), "isDeleted", false),
      }),
      200,
      NO_STORE,
    );
  });

  // Writers: ROLE_ADMIN and ROLE_TEMPLATECURATOR (401 anonymous, 403 others).
  router.get("cca", "/v1/template/pullMasterTranslation", async (ctx) => {
    await requireWriter(ctx);
    const templateId = parseId(queryValue(ctx.request.query, "templateId"), "templateId");
    return json(await pullMasterTranslation(ctx.deps.db, templateId, languageOf(ctx)), 200, NO_STORE);
  });

  router.get("cca", "/v1/template/counts/:shortName", async (ctx) => {
    await requireWriter(ctx);
    return json(await getValueCounts(ctx.deps.db, ctx.params.shortName!), 200, NO_STORE);
  });

  router.post("cca", "/v1/template/save", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await createTemplate(ctx.deps.db, account, readJsonBody(ctx)), 201, NO_STORE);
  });

  router.put("cca", "/v1/template/update", async (ctx) => {
    const account = await requireAccount(ctx);
    const queryLanguage = queryValue(ctx.request.query, "language") === undefined ? null : languageOf(ctx);
    return json(await updateTemplate(ctx.deps.db, account, readJsonBody(ctx), queryLanguage), 200, NO_STORE);
  });

  router.delete("cca", "/v1/template/delete/:shortName", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await deleteTemplate(ctx.deps.db, account, ctx.params.shortName!), 200, NO_STORE);
  });

  router.put("cca", "/v1/template/restore/:shortName", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await restoreTemplate(ctx.deps.db, account, ctx.params.shortName!), 200, NO_STORE);
  });

  router.post("cca", "/v1/template/comment", async (ctx) => {
    const account = await requireWriter(ctx);
    const input = readComment(readJsonBody(ctx));
    if (!(await findTemplateById(ctx.deps.db, input.templateId))) throw notFound(`Template ${input.templateId} not found`);
    const entry = await ctx.deps.db.transaction((tx) =>
      addComment(tx, { holderType: "ccaTemplate", holderId: input.templateId, userId: account.id, body: input.body, languageId: input.languageId }),
    );
    return json(entry, 200, NO_STORE);
  });

  // The history and comments of a template: its editors' working notes, so writers only.
  router.get("activity", "/v1/service/ibp/ccaTemplate/:templateId", async (ctx) => {
    const account = await requireAccount(ctx);
    if (!hasAccess(TEMPLATE_WRITERS, account)) throw new AppError("FORBIDDEN", "Only administrators and template curators may read a template's activity");
    const templateId = parseId(ctx.params.templateId, "templateId");
    if (!(await findTemplateById(ctx.deps.db, templateId))) throw notFound(`Template ${templateId} not found`);
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 10, 100);
    return json(await listActivity(ctx.deps.db, "ccaTemplate", templateId, offset, limit), 200, NO_STORE);
  });
}
