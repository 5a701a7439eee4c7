import SITE_CONFIG from "@site-config";
import { MASTER_SHORT_NAME, TEMPLATE_PLATFORMS, type TemplateLanguage, type TemplatePlatform } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseBoolean, parseChoice, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { assertActivityReader, commentOnTemplate, templateActivity } from "./template-activity.service";
import { getFilterFields, getFlatFields, getTemplate, getValueCounts, listTemplates, pullMasterTranslation } from "./template-read.service";
import { assertTemplateWriter, createTemplate, deleteTemplate, restoreTemplate, updateTemplate } from "./template-write.service";

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

/** cca-api/api/v1/template/... (reference §3.5) and the template activity list (§3.7). */
export function registerTemplateRoutes(router: Router): void {
  // Reads open to everyone.
  router.get("cca", "/v1/template/filter/fields", async (ctx) =>
    json(await getFilterFields(ctx.deps.db, shortNameOf(ctx), languageOf(ctx))),
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
    const account = await requireWriter(ctx);
    return json(await getValueCounts(ctx.deps.db, ctx.params.shortName!, account), 200, NO_STORE);
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
    return json(await commentOnTemplate(ctx.deps.db, account, readJsonBody(ctx)), 200, NO_STORE);
  });

  // The history and comments of a template: its editors' working notes, so writers only.
  router.get("activity", "/v1/service/ibp/ccaTemplate/:templateId", async (ctx) => {
    const account = await requireAccount(ctx);
    assertActivityReader(account);
    const templateId = parseId(ctx.params.templateId, "templateId");
    const paging = { offset: queryValue(ctx.request.query, "offset"), limit: queryValue(ctx.request.query, "limit") };
    return json(await templateActivity(ctx.deps.db, account, templateId, paging), 200, NO_STORE);
  });
}
