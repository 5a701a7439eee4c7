/**
 * BibTeX import (`POST document-api/api/v1/services/upload/bib`): the first entry of a .bib file as
 * the document form's fields, parsed by @retorquere/bibtex-parser (the parser of Better BibTeX for
 * Zotero). A file the parser cannot read is a 400 that says where (line and column). The parser is an
 * ES module only (its dependency tiny-merge-patch exports no `require` entry): it loads with `import()`,
 * so scripts run by tsx as CommonJS that reach the demo seed (`npm run bench:layers`) can load this file.
 */
import type { parse as parseLibrary } from "@retorquere/bibtex-parser";
import { BIB_FIELDS, itemTypeByKey, type BibField, type BibValues } from "@/contracts/document";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { AppError } from "../http/app-error";

export const BIB_FILE_MAX = 1024 * 1024;

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

export async function parseBibtex(source: string): Promise<BibImport> {
  if (!source.trim()) throw invalid("The BibTeX file is empty");
  const { parse } = await import("@retorquere/bibtex-parser");
  let library: ReturnType<typeof parseLibrary>;
  try {
    library = parse(source, { caseProtection: false, sentenceCase: false });
  } catch (error) {
    throw invalid(`The BibTeX file cannot be read: ${(error as Error).message}`);
  }
  if (library.errors.length) {
    const first = library.errors[0]!;
    throw invalid(`The BibTeX file cannot be read: ${first.error}${library.errors.length > 1 ? ` (and ${library.errors.length - 1} more problems)` : ""}`);
  }
  const entry = library.entries[0];
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
