/**
 * OAI-PMH 2.0 for the documents library (`/oai`): the six verbs, `oai_dc` (the only format), sets by
 * document type (`type:{key}`), `from`/`until` at the granularity of seconds (days accepted too), and
 * opaque resumption tokens carrying the position and the request's filters. Only live documents are
 * harvested (the library's reads are open, so a live document is public); deletions are not kept,
 * so the deleted-record policy is `no`. Each request reads at most one page (by id, keyset) and a count.
 */
import SITE_CONFIG from "@site-config";
import { ITEM_TYPES, itemTypeById, documentFileUrl } from "@/contracts/document";
import { LICENSE_LIST } from "@/shared/licenses";
import type { Queryable } from "../../infra/db/db";
import { stripTags } from "../records/record-derive";
import {
  countHarvestDocuments,
  findEarliestDocumentChange,
  findHarvestDocument,
  findHarvestDocuments,
  type HarvestDocumentRow,
  type HarvestFilter,
} from "./catalog.repository";

/** Records or headers per answer of ListRecords and ListIdentifiers. */
export const OAI_PAGE_SIZE = 100;
/** The largest form body `/oai` reads (POST). */
export const OAI_MAX_BODY_BYTES = 8 * 1024;
export const OAI_CONTENT_TYPE = "text/xml; charset=utf-8";

const VERBS = ["Identify", "ListMetadataFormats", "ListSets", "ListIdentifiers", "ListRecords", "GetRecord"] as const;
type Verb = (typeof VERBS)[number];
/** The arguments each verb allows (besides `verb`); `required` must be there unless a resumption token is. */
const ARGUMENTS: Record<Verb, { allowed: string[]; required: string[] }> = {
  Identify: { allowed: [], required: [] },
  ListMetadataFormats: { allowed: ["identifier"], required: [] },
  ListSets: { allowed: ["resumptionToken"], required: [] },
  ListIdentifiers: { allowed: ["metadataPrefix", "from", "until", "set", "resumptionToken"], required: ["metadataPrefix"] },
  ListRecords: { allowed: ["metadataPrefix", "from", "until", "set", "resumptionToken"], required: ["metadataPrefix"] },
  GetRecord: { allowed: ["identifier", "metadataPrefix"], required: ["identifier", "metadataPrefix"] },
};

export type OaiErrorCode =
  | "badVerb"
  | "badArgument"
  | "badResumptionToken"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface OaiRequest {
  /** The site's address (settings.siteUrl): the base URL is `{site}/oai`, identifiers `oai:{host}:document/{id}`. */
  siteUrl: string;
  /** The arguments in the order given (query string or form body), repeats kept (a repeat is badArgument). */
  args: ReadonlyArray<[string, string]>;
  /** Records per page (100 unless a test asks for fewer). */
  pageSize?: number;
  now?: Date;
}

const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
const OAI_DC = { prefix: "oai_dc", schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/" };

/** XML text or attribute value: markup characters escaped, characters XML 1.0 forbids dropped. */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const el = (name: string, text: string) => `<${name}>${xmlEscape(text)}</${name}>`;
const trimSlash = (s: string) => s.replace(/\/+$/, "");
/** A datestamp at the declared granularity (seconds, UTC). */
const datestamp = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return "localhost";
  }
}

export const oaiIdentifier = (siteUrl: string, id: number) => `oai:${hostOf(siteUrl)}:document/${id}`;

function parseIdentifier(siteUrl: string, identifier: string): number | null {
  const m = /^oai:([^:]+):document\/([1-9]\d{0,9})$/.exec(identifier);
  if (!m || m[1]!.toLowerCase() !== hostOf(siteUrl)) return null;
  const id = Number(m[2]);
  return id <= 2_147_483_647 ? id : null;
}

// ---------------------------------------------------------------------------------------------- dates and tokens

interface UtcDate {
  date: Date;
  /** The end of the second or day it names (exclusive). */
  end: Date;
  granularity: "day" | "second";
}

function parseUtc(value: string, name: string): UtcDate {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const second = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const m = day ?? second;
  if (m) {
    const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1).map((x) => x ?? "0");
    const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
    // The parts must name a real moment (no 2025-02-30, no 25:00:00).
    if (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(day ? value : value.slice(0, 19))) {
      return { date, end: new Date(date.getTime() + (day ? 86_400_000 : 1000)), granularity: day ? "day" : "second" };
    }
  }
  throw new OaiError("badArgument", `${name} must be a UTC date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ)`);
}

interface ListState {
  prefix: string;
  from: string | null;
  until: string | null;
  set: string | null;
  /** The last id answered. */
  after: number;
  /** How many were answered before this page. */
  cursor: number;
}

function encodeToken(s: ListState): string {
  return Buffer.from(JSON.stringify([1, s.prefix, s.from, s.until, s.set, s.after, s.cursor]), "utf8").toString("base64url");
}

function decodeToken(token: string): ListState {
  const bad = () => new OaiError("badResumptionToken", "The resumption token is not valid");
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(token)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 7 || parsed[0] !== 1) throw bad();
  const [, prefix, from, until, set, after, cursor] = parsed as unknown[];
  const optString = (v: unknown) => v === null || (typeof v === "string" && v.length <= 100);
  if (typeof prefix !== "string" || !optString(from) || !optString(until) || !optString(set)) throw bad();
  if (!Number.isSafeInteger(after) || (after as number) < 0 || !Number.isSafeInteger(cursor) || (cursor as number) < 0) throw bad();
  return { prefix, from: from as string | null, until: until as string | null, set: set as string | null, after: after as number, cursor: cursor as number };
}

function setOf(spec: string): number {
  const m = /^type:([a-z]+)$/.exec(spec);
  const type = m ? ITEM_TYPES.find((t) => t.key === m[1]) : undefined;
  if (!type) throw new OaiError("badArgument", `No set ${spec}`);
  return type.id;
}

function filterOf(s: Pick<ListState, "from" | "until" | "set">): HarvestFilter {
  const from = s.from === null ? null : parseUtc(s.from, "from");
  const until = s.until === null ? null : parseUtc(s.until, "until");
  if (from && until) {
    if (from.granularity !== until.granularity) throw new OaiError("badArgument", "from and until must have the same granularity");
    if (from.date > until.date) throw new OaiError("badArgument", "from is later than until");
  }
  return { from: from?.date ?? null, untilBefore: until?.end ?? null, itemTypeId: s.set === null ? null : setOf(s.set) };
}

// ---------------------------------------------------------------------------------------------- records

const languageCode = (id: number) => SITE_CONFIG.LANG.LIST.find((l) => l.id === id)?.code ?? SITE_CONFIG.LANG.DEFAULT;

/** The document's people: the BibTeX `author` (or `editor`) list split at " and ". */
function creatorsOf(bib: Record<string, string | undefined>): string[] {
  const names = bib.author ?? bib.editor ?? "";
  return names
    .split(/\s+and\s+/i)
    .map((n) => n.trim())
    .filter(Boolean);
}

function header(siteUrl: string, d: HarvestDocumentRow): string {
  const type = itemTypeById(d.item_type_id);
  const set = type ? `<setSpec>type:${type.key}</setSpec>` : "";
  return `<header><identifier>${xmlEscape(oaiIdentifier(siteUrl, d.id))}</identifier><datestamp>${datestamp(d.last_revised)}</datestamp>${set}</header>`;
}

function dublinCore(siteUrl: string, d: HarvestDocumentRow): string {
  const site = trimSlash(siteUrl);
  const bib = d.bib ?? {};
  const parts: string[] = [el("dc:title", d.title)];
  for (const c of creatorsOf(bib)) parts.push(el("dc:creator", c));
  for (const t of d.tags ?? []) parts.push(el("dc:subject", t));
  const description = [bib.abstract, d.notes ? stripTags(d.notes) : ""].map((x) => (x ?? "").trim()).filter(Boolean);
  for (const text of description) parts.push(el("dc:description", text));
  const publisher = bib.publisher ?? bib.institution ?? bib.school ?? bib.organization;
  if (publisher) parts.push(el("dc:publisher", publisher));
  parts.push(el("dc:date", d.year ? String(d.year) : d.created_on.toISOString().slice(0, 10)));
  const type = itemTypeById(d.item_type_id);
  parts.push(el("dc:type", d.mime_type?.startsWith("video/") ? "MovingImage" : "Text"));
  if (type) parts.push(el("dc:type", type.label));
  if (d.mime_type) parts.push(el("dc:format", d.mime_type));
  parts.push(el("dc:identifier", `${site}/document/show/${d.id}`));
  if (bib.doi) parts.push(el("dc:identifier", /^https?:/i.test(bib.doi) ? bib.doi : `https://doi.org/${bib.doi}`));
  if (d.file_path) parts.push(el("dc:relation", `${site}${documentFileUrl(d.file_path)}`));
  else if (d.external_url) parts.push(el("dc:relation", d.external_url));
  parts.push(el("dc:language", languageCode(d.language_id)));
  const license = LICENSE_LIST.find((l) => l.id === d.license_id);
  if (license?.url) parts.push(el("dc:rights", license.url));
  if (d.attribution.trim()) parts.push(el("dc:rights", d.attribution.trim()));
  return (
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC.namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="${XSI_NS}" ` +
    `xsi:schemaLocation="${OAI_DC.namespace} ${OAI_DC.schema}">${parts.join("")}</oai_dc:dc>`
  );
}

const record = (siteUrl: string, d: HarvestDocumentRow) => `<record>${header(siteUrl, d)}<metadata>${dublinCore(siteUrl, d)}</metadata></record>`;

// ---------------------------------------------------------------------------------------------- verbs

function requirePrefix(prefix: string): void {
  if (prefix !== OAI_DC.prefix) throw new OaiError("cannotDisseminateFormat", `Only ${OAI_DC.prefix} is offered`);
}

async function identify(db: Queryable, siteUrl: string, baseUrl: string): Promise<string> {
  const earliest = (await findEarliestDocumentChange(db)) ?? new Date(0);
  return (
    "<Identify>" +
    el("repositoryName", `${SITE_CONFIG.SITE.TITLE.en}: documents`) +
    el("baseURL", baseUrl) +
    "<protocolVersion>2.0</protocolVersion>" +
    el("adminEmail", SITE_CONFIG.SOCIAL.MAIL.replace(/^mailto:/, "")) +
    `<earliestDatestamp>${datestamp(earliest)}</earliestDatestamp>` +
    "<deletedRecord>no</deletedRecord>" +
    "<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>" +
    `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="${XSI_NS}" ` +
    'xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">' +
    `<scheme>oai</scheme>${el("repositoryIdentifier", hostOf(siteUrl))}<delimiter>:</delimiter>${el("sampleIdentifier", oaiIdentifier(siteUrl, 1))}</oai-identifier></description>` +
    "</Identify>"
  );
}

async function listMetadataFormats(db: Queryable, siteUrl: string, identifier: string | undefined): Promise<string> {
  if (identifier !== undefined) {
    const id = parseIdentifier(siteUrl, identifier);
    if (id === null || !(await findHarvestDocument(db, id))) throw new OaiError("idDoesNotExist", `No item ${identifier}`);
  }
  return `<ListMetadataFormats><metadataFormat><metadataPrefix>${OAI_DC.prefix}</metadataPrefix><schema>${OAI_DC.schema}</schema><metadataNamespace>${OAI_DC.namespace}</metadataNamespace></metadataFormat></ListMetadataFormats>`;
}

function listSets(token: string | undefined): string {
  if (token !== undefined) throw new OaiError("badResumptionToken", "ListSets answers in one part");
  return `<ListSets>${ITEM_TYPES.map((t) => `<set><setSpec>type:${t.key}</setSpec>${el("setName", t.label)}</set>`).join("")}</ListSets>`;
}

async function list(db: Queryable, siteUrl: string, verb: "ListIdentifiers" | "ListRecords", state: ListState, pageSize: number, resumed: boolean): Promise<string> {
  requirePrefix(state.prefix);
  const filter = filterOf(state);
  const [total, rows] = await Promise.all([countHarvestDocuments(db, filter), findHarvestDocuments(db, filter, state.after, pageSize + 1)]);
  // Also a resumed list whose remaining documents were deleted meanwhile: a list part holds at least one item.
  if (rows.length === 0) throw new OaiError("noRecordsMatch", "No documents match");
  const page = rows.slice(0, pageSize);
  const items = page.map((d) => (verb === "ListRecords" ? record(siteUrl, d) : header(siteUrl, d))).join("");
  let token = "";
  if (rows.length > pageSize) {
    const next = encodeToken({ ...state, after: page[page.length - 1]!.id, cursor: state.cursor + page.length });
    token = `<resumptionToken completeListSize="${total}" cursor="${state.cursor}">${next}</resumptionToken>`;
  } else if (resumed) {
    // The last part of a resumed list: an empty token says the list is complete.
    token = `<resumptionToken completeListSize="${total}" cursor="${state.cursor}"/>`;
  }
  return `<${verb}>${items}${token}</${verb}>`;
}

async function getRecord(db: Queryable, siteUrl: string, identifier: string, prefix: string): Promise<string> {
  const id = parseIdentifier(siteUrl, identifier);
  const doc = id === null ? null : await findHarvestDocument(db, id);
  if (!doc) throw new OaiError("idDoesNotExist", `No item ${identifier}`);
  requirePrefix(prefix);
  return `<GetRecord>${record(siteUrl, doc)}</GetRecord>`;
}

// ---------------------------------------------------------------------------------------------- the answer

function envelope(now: Date, baseUrl: string, request: Record<string, string> | null, body: string): string {
  const attrs = request ? Object.entries(request).map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join("") : "";
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">` +
    `<responseDate>${datestamp(now)}</responseDate><request${attrs}>${xmlEscape(baseUrl)}</request>${body}</OAI-PMH>\n`
  );
}

/** The OAI-PMH answer to one request (always HTTP 200 with an XML body; errors are OAI errors in it). */
export async function oaiRespond(db: Queryable, req: OaiRequest): Promise<string> {
  const now = req.now ?? new Date();
  const baseUrl = `${trimSlash(req.siteUrl)}/oai`;
  const pageSize = Math.max(1, Math.min(1000, req.pageSize ?? OAI_PAGE_SIZE));
  const args = new Map<string, string>();
  let repeated = false;
  for (const [k, v] of req.args) {
    if (args.has(k)) repeated = true;
    args.set(k, v);
  }
  const verb = args.get("verb");
  const fail = (e: OaiError, echo: boolean) => {
    const request = echo ? Object.fromEntries(args) : null;
    return envelope(now, baseUrl, request, `<error code="${e.code}">${xmlEscape(e.message)}</error>`);
  };
  if (!verb || !(VERBS as readonly string[]).includes(verb)) return fail(new OaiError("badVerb", verb ? `Unknown verb ${verb}` : "No verb"), false);
  const v = verb as Verb;
  try {
    if (repeated) throw new OaiError("badArgument", "An argument is repeated");
    const rule = ARGUMENTS[v];
    for (const k of args.keys()) if (k !== "verb" && !rule.allowed.includes(k)) throw new OaiError("badArgument", `${v} does not take ${k}`);
    const token = args.get("resumptionToken");
    if (token !== undefined && args.size > 2) throw new OaiError("badArgument", "resumptionToken is exclusive");
    if (token === undefined) for (const k of rule.required) if (!args.has(k)) throw new OaiError("badArgument", `${v} needs ${k}`);
    let body: string;
    switch (v) {
      case "Identify":
        body = await identify(db, req.siteUrl, baseUrl);
        break;
      case "ListMetadataFormats":
        body = await listMetadataFormats(db, req.siteUrl, args.get("identifier"));
        break;
      case "ListSets":
        body = listSets(token);
        break;
      case "ListIdentifiers":
      case "ListRecords": {
        const state: ListState =
          token !== undefined
            ? decodeToken(token)
            : { prefix: args.get("metadataPrefix")!, from: args.get("from") ?? null, until: args.get("until") ?? null, set: args.get("set") ?? null, after: 0, cursor: 0 };
        if (token !== undefined) {
          // A token whose filters no longer parse was not made here.
          try {
            filterOf(state);
          } catch {
            throw new OaiError("badResumptionToken", "The resumption token is not valid");
          }
        }
        body = await list(db, req.siteUrl, v, state, pageSize, token !== undefined);
        break;
      }
      case "GetRecord":
        body = await getRecord(db, req.siteUrl, args.get("identifier")!, args.get("metadataPrefix")!);
        break;
    }
    return envelope(now, baseUrl, Object.fromEntries(args), body);
  } catch (error) {
    if (error instanceof OaiError) return fail(error, error.code !== "badArgument");
    throw error;
  }
}
