/**
 * BibTeX import (`POST document-api/api/v1/services/upload/bib`, document contributors and admins):
 * the first entry of a .bib file as the document form's fields, parsed by @retorquere/bibtex-parser
 * (the parser of Better BibTeX for Zotero). A file the parser cannot read is a 400 that says where
 * (line and column).
 *
 * Limits (issue 27 item 3): the parser's cost grows about quadratically with some inputs, so a file
 * is at most BIB_FILE_MAX bytes and BIB_MAX_ENTRIES entries, it is parsed in a worker thread
 * (`bibtex-worker.ts`) that is terminated after BIB_PARSE_TIMEOUT_MS, and at most
 * BIB_PARSE_CONCURRENCY parses run at once. Refusals carry a translation key on `file`.
 */
import { BIB_FIELDS, itemTypeByKey, type BibField, type BibValues } from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { AppError } from "../../infra/http/app-error";
import { parseInWorker } from "./bibtex-worker";

/** The largest .bib file the import reads (64 KB: hundreds of ordinary entries). */
export const BIB_FILE_MAX = 64 * 1024;
/** The most entries (`@type{` / `@type(`) a file may hold; the form uses the first. */
export const BIB_MAX_ENTRIES = 200;
/** How long one parse may take in its worker, loading the parser included. */
export const BIB_PARSE_TIMEOUT_MS = 2000;
/** How many parses (workers) may run at once in this process. */
export const BIB_PARSE_CONCURRENCY = 2;

/** Translation keys of the refusals (locales/{en,hi}/document.json). */
export const BIB_ERRORS = {
  tooLarge: "document:errors.bib_too_large",
  tooManyEntries: "document:errors.bib_too_many_entries",
  tooSlow: "document:errors.bib_too_slow",
  busy: "document:errors.bib_busy",
} as const;

export interface BibImport extends BibValues {
  itemTypeId: number;
  title: string;
  notes: string;
  tags: string[];
  /** The entry's citation key. */
  key: string;
}

const NAMES: Record<string, BibField> = { booktitle: "bookTitle", howpublished: "howPublished", institution: "institution", school: "school" };

interface Creator {
  lastName?: string;
  firstName?: string;
  name?: string;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) {
    return value
      .map((v) => (typeof v === "object" && v !== null ? creator(v as Creator) : String(v)))
      .filter(Boolean)
      .join(value.length && typeof value[0] === "object" ? " and " : ", ");
  }
  return String(value).replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
}

function creator(c: Creator): string {
  if (c.name) return c.name;
  return [c.lastName, c.firstName].filter(Boolean).join(", ");
}

const invalid = (message: string) => new AppError("BAD_REQUEST", message, { file: FORM_ERRORS.file });

let running = 0;

export interface ParseBibtexOptions {
  timeoutMs?: number;
}

/** Counts the entries of a .bib file cheaply (linear), before any parsing. */
export function countBibEntries(source: string): number {
  return source.match(/@[\t ]*[A-Za-z]+[\t ]*[{(]/g)?.length ?? 0;
}

export async function parseBibtex(source: string, options: ParseBibtexOptions = {}): Promise<BibImport> {
  if (!source.trim()) throw invalid("The BibTeX file is empty");
  if (Buffer.byteLength(source, "utf8") > BIB_FILE_MAX) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A BibTeX file may be at most ${BIB_FILE_MAX / 1024} KB`, { file: BIB_ERRORS.tooLarge });
  }
  if (countBibEntries(source) > BIB_MAX_ENTRIES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A BibTeX file may hold at most ${BIB_MAX_ENTRIES} entries`, { file: BIB_ERRORS.tooManyEntries });
  }
  if (running >= BIB_PARSE_CONCURRENCY) {
    throw new AppError("SERVICE_UNAVAILABLE", "Other BibTeX files are being read; try again in a few seconds", { file: BIB_ERRORS.busy }, { "retry-after": "5" });
  }
  running++;
  let result: Awaited<ReturnType<typeof parseInWorker>>;
  try {
    result = await parseInWorker(source, { timeoutMs: options.timeoutMs ?? BIB_PARSE_TIMEOUT_MS });
  } finally {
    running--;
  }
  if (!result.ok) {
    if (result.reason === "thrown") throw invalid(`The BibTeX file cannot be read: ${result.message}`);
    if (result.reason === "unavailable") throw new Error(result.message);
    if (result.reason === "busy") throw new AppError("SERVICE_UNAVAILABLE", "The server is too busy to read BibTeX files just now; try again in a few seconds", { file: BIB_ERRORS.busy }, { "retry-after": "5" });
    // Past the deadline or out of memory: the file is refused, not the server's fault.
    throw new AppError("UNPROCESSABLE_CONTENT", `The BibTeX file is too complex to read (${result.message}); import a file with just the entry you need`, { file: BIB_ERRORS.tooSlow });
  }
  const library = result.library;
  if (library.errorCount) {
    const first = library.errors[0]!;
    throw invalid(`The BibTeX file cannot be read: ${first}${library.errorCount > 1 ? ` (and ${library.errorCount - 1} more problems)` : ""}`);
  }
  const entry = library.entry;
  if (!entry) throw invalid("The BibTeX file holds no entry (@article{…}, @book{…}, …)");
  const type = itemTypeByKey(entry.type) ?? itemTypeByKey("misc")!;
  const fields = entry.fields as Record<string, unknown>;
  const out: BibImport = { itemTypeId: type.id, title: text(fields.title), notes: text(fields.abstract), tags: [], key: entry.key };
  for (const [name, value] of Object.entries(fields)) {
    const field = NAMES[name] ?? (BIB_FIELDS as readonly string[]).find((f) => f === name);
    if (field && field !== "title") out[field as BibField] = text(value);
  }
  if (!out.year && typeof fields.date === "string") out.year = /^(\d{4})/.exec(fields.date)?.[1];
  if (Array.isArray(fields.keywords)) out.tags = (fields.keywords as unknown[]).map((k) => String(k).trim()).filter(Boolean).slice(0, 30);
  if (Array.isArray(fields.publisher)) out.publisher = (fields.publisher as unknown[]).map(String).join(", ");
  return out;
}
