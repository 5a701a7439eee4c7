/**
 * The WDPCA / ICCA Registry submission pack (issue 31, item 1), under cca-api:
 * - `GET  /v1/recognition/mapping?fieldSet=&language=` — the field set, its mapping, the master fields (administrators, group founders)
 * - `PUT  /v1/recognition/mapping` `{fieldSet, mapping}` — change it (administrators; field errors as keys)
 * - `GET  /v1/recognition/coverage?fieldSet=&groupId=&offset=&limit=` — missing mandatory attributes per record
 * - `GET  /v1/recognition/pack?groupId=` — how many records a pack holds
 * - `POST /v1/recognition/pack` `{fieldSet, format, groupId?}` — 202 with the pack's download log entry
 * - `GET  /v1/recognition/pack/:id` — the finished pack's file (its maker or an administrator; 409 not ready, 410 superseded)
 * Whole site: administrators; a group: administrators and its founders.
 */
import path from "node:path";
import { FIELD_SETS, PACK_EXTENSIONS, RECOGNITION_ERRORS, type FieldSetId, type PackFormat } from "@/contracts/recognition";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { CONTENT_TYPES, exportFile } from "../exports/export.service";
import { coverage, getMapping, packInfo, putMapping, startPack } from "./recognition.service";

const PRIVATE = { "cache-control": "private, no-store" };

function fieldSetOf(ctx: RequestContext): FieldSetId {
  const value = queryValue(ctx.request.query, "fieldSet") ?? "wdpca2025";
  if (!(FIELD_SETS as readonly string[]).includes(value)) throw new AppError("VALIDATION_FAILED", `fieldSet must be one of ${FIELD_SETS.join(", ")}`, { fieldSet: RECOGNITION_ERRORS.fieldSet });
  return value as FieldSetId;
}
const languageOf = (ctx: RequestContext): TemplateLanguage => (queryValue(ctx.request.query, "language") === "hi" ? "hi" : "en");
function groupIdOf(ctx: RequestContext): number | null {
  const value = queryValue(ctx.request.query, "groupId");
  return value === undefined || value === "" ? null : parseId(value, "groupId");
}
function numberOf(ctx: RequestContext, key: string, fallback: number): number {
  const value = queryValue(ctx.request.query, key);
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,7}$/.test(value)) throw new AppError("BAD_REQUEST", `${key} must be a whole number`, { [key]: "form:invalid_number" });
  return Number(value);
}

export function registerRecognitionRoutes(router: Router): void {
  router.get("cca", "/v1/recognition/mapping", async (ctx) => json(await getMapping(ctx.deps.db, await requireAccount(ctx), fieldSetOf(ctx), languageOf(ctx)), 200, PRIVATE));

  router.put("cca", "/v1/recognition/mapping", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await putMapping(ctx.deps.db, account, readJsonBody(ctx), languageOf(ctx)), 200, PRIVATE);
  });

  router.get("cca", "/v1/recognition/coverage", async (ctx) => {
    const account = await requireAccount(ctx);
    const q = { fieldSet: fieldSetOf(ctx), groupId: groupIdOf(ctx), offset: numberOf(ctx, "offset", 0), limit: numberOf(ctx, "limit", 20) };
    return json(await coverage(ctx.deps.db, account, q), 200, PRIVATE);
  });

  router.get("cca", "/v1/recognition/pack", async (ctx) => json(await packInfo(ctx.deps.db, await requireAccount(ctx), groupIdOf(ctx)), 200, PRIVATE));

  router.post("cca", "/v1/recognition/pack", async (ctx) => {
    const account = await requireAccount(ctx);
    const { db, fileStore, cacheDir, settings, logger } = ctx.deps;
    const log = await startPack({ db, fileStore, tempDir: path.join(cacheDir, "tmp"), siteUrl: settings.siteUrl, logger }, account, readJsonBody(ctx), languageOf(ctx));
    return json(log, 202, PRIVATE);
  });

  router.get("cca", "/v1/recognition/pack/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    const { row, file } = await exportFile(ctx.deps.db, ctx.deps.fileStore, account, parseId(ctx.params.id, "id"));
    const pack = row.params.pack;
    if (!pack) throw new AppError("NOT_FOUND", `Pack ${row.id} not found`);
    const format = row.type as PackFormat;
    return {
      status: 200,
      headers: {
        "content-type": CONTENT_TYPES[format === "csv" ? "csv" : format],
        "content-disposition": `attachment; filename="wdpca-${pack.fieldSet}-${row.id}.${PACK_EXTENSIONS[format]}"`.replace(/[^\x20-\x7e]/g, "_"),
        "content-length": String(row.file_size ?? ""),
        "x-content-type-options": "nosniff",
        ...PRIVATE,
      },
      body: "",
      ...file,
    };
  });
}
