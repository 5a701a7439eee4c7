/**
 * document-api/api/v1/services/… (reference §3.6), the document activity list (activity-api, §3.7)
 * (the download log's list, `v1/services/log/download/list`, is in modules/exports).
 */
import SITE_CONFIG from "@site-config";
import { DOCUMENT_PAGE_SIZE, DOCUMENT_SORTS, ITEM_TYPES, bibFieldMap, itemTypeById } from "@/contracts/document";
import { FORM_ERRORS, maxLengthError } from "@/contracts/field-errors";
import { requireAccount } from "../accounts/account-context";
import { AppError, notFound } from "../../infra/http/app-error";
import { readJsonBody, readJsonValueBody } from "../../infra/http/body";
import { readMultipart } from "../../infra/http/multipart";
import { parseBoolean, parseChoice, parseCount, parseId, parseLanguageId, queryValue } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import type { QueryValue, RequestContext } from "../../infra/http/types";
import { BIB_ERRORS, BIB_FILE_MAX, parseBibtex } from "./bibtex";
import { changeDocumentLabels, getDocumentLabels } from "./document-labels.service";
import { autocompleteTags, documentActivity, editData, listDocuments, permissions, requireContributor, showDocument, type DocumentListQuery } from "./document.service";
import {
  commentOnDocument,
  createDocument,
  deleteDocument,
  flagDocument,
  logDocumentDownload,
  setFeatured,
  setFollowing,
  unflagDocument,
  updateDocument,
  updateGroups,
  updateTags,
} from "./document-write.service";

const NO_STORE = { "cache-control": "no-store" };
const S = "/v1/services";

/** Every value of a query parameter: repeated keys and comma lists. */
function values(query: Record<string, QueryValue>, name: string): string[] {
  const raw = query[name];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

function ids(query: Record<string, QueryValue>, name: string): number[] {
  return values(query, name).map((v) => parseId(v, name));
}

function text(query: Record<string, QueryValue>, name: string): string | null {
  const v = queryValue(query, name)?.trim();
  if (!v) return null;
  if (v.length > 200) throw new AppError("BAD_REQUEST", `${name} must be at most 200 characters`, { [name]: maxLengthError(200) });
  return v;
}

/** `year=1998`, `year=1990-2000`, or `yearMin` / `yearMax`. */
function years(query: Record<string, QueryValue>): { yearMin: number | null; yearMax: number | null } {
  const y = queryValue(query, "year");
  const bad = () => new AppError("BAD_REQUEST", 'year must be a year ("1998") or a range ("1990-2000")', { year: FORM_ERRORS.invalid });
  let lo: string | undefined = queryValue(query, "yearMin");
  let hi: string | undefined = queryValue(query, "yearMax");
  if (y) {
    const m = /^(\d{4})?-(\d{4})?$/.exec(y) ?? /^(\d{4})$/.exec(y);
    if (!m) throw bad();
    if (m.length === 2) lo = hi = m[1];
    else [lo, hi] = [m[1], m[2]];
  }
  for (const v of [lo, hi]) if (v !== undefined && !/^\d{4}$/.test(v)) throw bad();
  return { yearMin: lo ? Number(lo) : null, yearMax: hi ? Number(hi) : null };
}

export function parseListQuery(query: Record<string, QueryValue>): DocumentListQuery {
  const itemType = ids(query, "itemType");
  for (const t of itemType) if (!itemTypeById(t)) throw new AppError("BAD_REQUEST", `Unknown item type ${t}`, { itemType: FORM_ERRORS.invalid });
  return {
    itemType,
    ...years(query),
    author: text(query, "author"),
    publisher: text(query, "publisher"),
    title: text(query, "title"),
    tags: values(query, "tags").slice(0, 20),
    user: ids(query, "user"),
    userGroupList: ids(query, "userGroupList"),
    isFlagged: queryValue(query, "isFlagged") === undefined ? null : parseBoolean(queryValue(query, "isFlagged"), "isFlagged", false),
    sort: parseChoice(queryValue(query, "sort"), "sort", DOCUMENT_SORTS, "document.createdOn"),
    offset: parseCount(queryValue(query, "offset"), "offset", 0, 100_000),
    max: parseCount(queryValue(query, "max"), "max", DOCUMENT_PAGE_SIZE, 50) || DOCUMENT_PAGE_SIZE,
  };
}

/** The `file` (or `upload`) part of a multipart body, at most BIB_FILE_MAX (64 KB). */
async function readBibFile(ctx: RequestContext): Promise<string> {
  const { files } = await readMultipart(ctx, {
    notMultipart: 'Send the BibTeX file as multipart/form-data (field "file")',
    limits: { fileSize: BIB_FILE_MAX, files: 1 },
    keepFile: (field, kept) => (field === "file" || field === "upload") && kept === 0,
  });
  const file = files[0];
  if (!file || !file.data.length) throw new AppError("BAD_REQUEST", 'Attach the BibTeX file as the multipart field "file"', { file: FORM_ERRORS.required });
  if (file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", `A BibTeX file may be at most ${BIB_FILE_MAX / 1024} KB`, { file: BIB_ERRORS.tooLarge });
  return file.data.toString("utf8");
}

export function registerDocumentRoutes(router: Router): void {
  const db = (ctx: RequestContext) => ctx.deps.db;

  router.post("document", `${S}/list/:index/:type`, async (ctx) => json(await listDocuments(db(ctx), parseListQuery(ctx.request.query)), 200, NO_STORE));
  router.get("document", `${S}/show/:id`, async (ctx) => json(await showDocument(db(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));
  router.get("document", `${S}/edit/:id`, async (ctx) => json(await editData(db(ctx), await requireAccount(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));

  router.put("document", `${S}/create`, async (ctx) => {
    const account = await requireAccount(ctx);
    requireContributor(account);
    return json(await createDocument(db(ctx), account, readJsonBody(ctx)), 201, NO_STORE);
  });

  router.put("document", `${S}/update`, async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    const documentId = parseId(typeof body.documentId === "number" ? String(body.documentId) : (body.documentId as string | undefined), "documentId");
    return json(await updateDocument(db(ctx), account, documentId, body), 200, NO_STORE);
  });

  router.delete("document", `${S}/delete/:id`, async (ctx) => {
    const account = await requireAccount(ctx);
    await deleteDocument(db(ctx), account, parseId(ctx.params.id, "id"));
    return jsonText("true", 200, NO_STORE);
  });

  router.get("document", `${S}/bib/item/all`, () =>
    json(
      ITEM_TYPES.map((t) => ({ id: t.id, value: t.id, label: t.label, itemType: t.key })),
      200,
      { "cache-control": "public, max-age=86400" },
    ),
  );
  router.get("document", `${S}/bib/fields/:itemId`, (ctx) => {
    const type = itemTypeById(parseId(ctx.params.itemId, "itemId"));
    if (!type) throw notFound(`Item type ${ctx.params.itemId} not found`);
    return json(bibFieldMap(type), 200, { "cache-control": "public, max-age=86400" });
  });
  // Document contributors and admins only (issue 27 item 3): the parse is costly, so it is checked
  // before the body is read, and the parse runs in a worker with a deadline (bibtex.ts).
  router.post("document", `${S}/upload/bib`, async (ctx) => {
    requireContributor(await requireAccount(ctx));
    return json(await parseBibtex(await readBibFile(ctx)), 200, NO_STORE);
  });

  router.post("document", `${S}/follow/:id`, async (ctx) => json(await setFollowing(db(ctx), await requireAccount(ctx), parseId(ctx.params.id, "id"), true), 200, NO_STORE));
  router.post("document", `${S}/unfollow/:id`, async (ctx) => json(await setFollowing(db(ctx), await requireAccount(ctx), parseId(ctx.params.id, "id"), false), 200, NO_STORE));

  router.post("document", `${S}/flag/:id`, async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    return json(await flagDocument(db(ctx), account, parseId(ctx.params.id, "id"), body), 200, NO_STORE);
  });
  router.put("document", `${S}/unflag/:id/:flagId`, async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await unflagDocument(db(ctx), account, parseId(ctx.params.id, "id"), parseId(ctx.params.flagId, "flagId")), 200, NO_STORE);
  });

  router.get("document", `${S}/tags/autocomplete`, async (ctx) => {
    const phrase = queryValue(ctx.request.query, "phrase") ?? "";
    if (phrase.length > 100) throw new AppError("BAD_REQUEST", "phrase must be at most 100 characters", { phrase: maxLengthError(100) });
    return json(await autocompleteTags(db(ctx), phrase), 200, NO_STORE);
  });
  router.put("document", `${S}/update/tags`, async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    const objectId = parseId(body.objectId === undefined ? undefined : String(body.objectId), "objectId");
    return json(await updateTags(db(ctx), account, objectId, body), 200, NO_STORE);
  });

  router.put("document", `${S}/update/usergroup/:id`, async (ctx) => {
    const account = await requireAccount(ctx);
    const id = parseId(ctx.params.id, "id");
    const raw = ctx.request.body?.length ? readJsonValueBody(ctx) : null;
    return json(await updateGroups(db(ctx), account, id, raw), 200, NO_STORE);
  });
  router.post("document", `${S}/featured`, async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    if (body.objectType !== undefined && body.objectType !== "document") throw new AppError("BAD_REQUEST", 'objectType must be "document"', { objectType: FORM_ERRORS.invalid });
    const objectId = parseId(body.objectId === undefined ? undefined : String(body.objectId), "objectId");
    return json(await setFeatured(db(ctx), account, objectId, body, true), 200, NO_STORE);
  });
  router.put("document", `${S}/unfeatured/:id`, async (ctx) => {
    const account = await requireAccount(ctx);
    const raw = ctx.request.body?.length ? readJsonValueBody(ctx) : null;
    return json(await setFeatured(db(ctx), account, parseId(ctx.params.id, "id"), raw, false), 200, NO_STORE);
  });
  // Local Contexts labels (issue 30, item 3): read by anyone, set by the uploader and admins.
  router.get("document", `${S}/labels/:id`, async (ctx) => json(await getDocumentLabels(db(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));
  router.put("document", `${S}/labels/:id`, async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await changeDocumentLabels(db(ctx), account, parseId(ctx.params.id, "id"), readJsonBody(ctx)), 200, NO_STORE);
  });
  router.get("document", `${S}/permission/:id`, async (ctx) => json(await permissions(db(ctx), await requireAccount(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));

  router.post("document", `${S}/log/download`, async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await logDocumentDownload(db(ctx), account, readJsonBody(ctx)), 201, NO_STORE);
  });

  router.post("document", `${S}/add/comment`, async (ctx) => {
    const account = await requireAccount(ctx);
    const body = readJsonBody(ctx);
    const documentId = parseId(body.rootHolderId === undefined ? undefined : String(body.rootHolderId), "rootHolderId");
    const languageId = parseLanguageId(body.languageId === undefined ? undefined : String(body.languageId));
    return json(await commentOnDocument(db(ctx), account, documentId, languageId, body), 200, NO_STORE);
  });

  router.get("document", `${S}/language`, () =>
    json(
      SITE_CONFIG.LANG.LIST.map((l) => ({
        id: l.id,
        name: l.name,
        threeLetterCode: l.code === "en" ? "eng" : l.code === "hi" ? "hin" : l.code,
        twoLetterCode: l.code,
        isDirty: false,
        region: "IN",
      })),
      200,
      { "cache-control": "public, max-age=86400" },
    ),
  );

  router.get("activity", "/v1/service/ibp/document/:id", async (ctx) => {
    const id = parseId(ctx.params.id, "id");
    const offset = parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000);
    const limit = parseCount(queryValue(ctx.request.query, "limit"), "limit", 10, 100);
    return json(await documentActivity(db(ctx), id, offset, limit), 200, NO_STORE);
  });
}
