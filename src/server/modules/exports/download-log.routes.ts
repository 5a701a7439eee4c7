/**
 * The one download log's list, at both of the reference's paths (§3.1, §3.6):
 * - `GET user-api/api/v1/downloadLog/list?offset=&limit=&sourceType=`: every kind;
 * - `GET document-api/api/v1/services/log/download/list?…`: the same, of documents unless `sourceType` says otherwise.
 * `language=en|hi` (added) names the templates of exports in that language (`params.title`).
 * Own entries, everyone's for administrators (the reference listed everybody's to anyone). A visitor (no
 * token: the original front end asks without one) gets what a visitor may see: an empty list.
 */
import { DOWNLOAD_LOG_DEFAULT_LIMIT, DOWNLOAD_SOURCES, DOWNLOAD_LOG_MAX_LIMIT, parseDownloadSource, type DownloadLogList, type DownloadSource } from "@/contracts/download-log";
import { FORM_ERRORS } from "@/contracts/field-errors";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { listDownloads } from "./download-log.service";
import { DATA_LANGUAGES } from "../records/data-query";
import { AppError } from "../../infra/http/app-error";
import { presentsCredentials } from "../../infra/http/auth-context";
import { parseCount, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";

const PRIVATE = { "cache-control": "private, no-store" };

async function list(ctx: RequestContext, defaultSource: DownloadSource | null) {
  const account = presentsCredentials(ctx) ? await requireAccount(ctx) : null;
  const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
  const limit = Math.max(1, parseCount(queryValue(ctx.request.query, "limit"), "limit", DOWNLOAD_LOG_DEFAULT_LIMIT, DOWNLOAD_LOG_MAX_LIMIT));
  const raw = queryValue(ctx.request.query, "sourceType");
  const sourceType = raw === undefined ? defaultSource : raw.toLowerCase() === "all" ? null : parseDownloadSource(raw);
  if (raw !== undefined && raw.toLowerCase() !== "all" && !sourceType) throw new AppError("BAD_REQUEST", "sourceType must be ccaData, document or all", { sourceType: FORM_ERRORS.invalid });
  // `language=` (added): the language of the templates' titles; else each export's own.
  const language = queryValue(ctx.request.query, "language");
  if (language !== undefined && !DATA_LANGUAGES.includes(language as TemplateLanguage)) throw new AppError("BAD_REQUEST", "language must be en or hi", { language: FORM_ERRORS.language });
  const languageOf = language === undefined ? null : (language as TemplateLanguage);
  if (account === null) {
    const empty: DownloadLogList = { count: 0, offset, limit, downloadLogList: [], aggregate: Object.fromEntries(DOWNLOAD_SOURCES.map((source) => [source, 0])) as DownloadLogList["aggregate"] };
    return json(empty, 200, PRIVATE);
  }
  return json(await listDownloads(ctx.deps.db, account, { offset, limit, sourceType, language: languageOf }), 200, PRIVATE);
}

export function registerDownloadLogRoutes(router: Router): void {
  router.get("user", "/v1/downloadLog/list", (ctx) => list(ctx, null));
  router.get("document", "/v1/services/log/download/list", (ctx) => list(ctx, "document"));
}
