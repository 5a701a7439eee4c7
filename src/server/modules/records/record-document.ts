/**
 * A record's stored form, derived from its values and its template's write view (pure): the document
 * (`field_values`, each value with its field's name and type), the PUBLIC centroid, the free-text and
 * title words, the "Title A–Z" key, the counts and the typed value index rows. Record writes
 * (record-write.service.ts), public places (public-places.service.ts) and migration 0022 use it.
 *
 * Sensitive locations (template field `publicPrecision`): the centroid and the index rows hold only what
 * anyone may see — an EXACT field's own shape, a GENERALISED field's 0.1° cell, nothing of a HIDDEN field.
 */
import type { EffectiveRestrictions } from "@/contracts/restrictions";
import type { PublicPrecision } from "@/contracts/template";
import type { RecordTemplate, RecordTemplateField } from "../templates/template-loader.service";
import { emptyIndexRow, indexFieldValues, type StoredFieldValue, type ValueIndexRow } from "./record-values";
import { indexLexemes, fuzzyKeys } from "@/shared/search";
import { fuzzyLexemes } from "@/shared/search/edit-neighbours";
import { publicCentroid, stripTags } from "./record-derive";
import { generalisedValue, effectiveRestrictions, fieldTreatment, recordWithheld, treatedPrecision, treatmentsDue } from "./treatments";
import { isGeometryValue, publicPrecisionOf } from "./public-value";

/** Everything stored with a record, derived from its values and its template. */
export interface DerivedRecord {
  fieldValues: Record<string, StoredFieldValue>;
  centroid: [number, number] | null;
  searchText: string;
  words: string[];
  titleWords: string[];
  /** Phonetic keys of the public title words (`cca_data.fuzzy_text`: site search's spelling tolerance). */
  fuzzyText: string;
  /** Those keys and their deletion neighbours (`cca_data.fuzzy_vector`: one wrong letter in a short word). */
  fuzzyLexemes: string[];
  /** The "Title A–Z" key (`cca_data.title_sort`): null for a record without a title. */
  titleSort: string | null;
  richTextCount: number;
  textFieldCount: number;
  indexRows: ValueIndexRow[];
  /** The record's treatments (template defaults, labels, overrides: `cca_data.treatments`). */
  treatments: EffectiveRestrictions;
  /** The whole record is withheld today (`cca_data.record_withheld`: not public). */
  recordWithheld: boolean;
  /** When an embargo ends and this must be derived again (`cca_data.treatments_due`), or null. */
  treatmentsDue: string | null;
}

function optionItems(value: unknown): Array<{ value?: unknown; label?: unknown }> {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.filter((o): o is { value?: unknown; label?: unknown } => typeof o === "object" && o !== null);
}

/** The texts of one value that free-text search finds: text, rich text (tags removed), option labels and values. */
function textsOf(stored: StoredFieldValue, field: RecordTemplateField | undefined): string[] {
  const v = stored.value;
  switch (stored.type) {
    case "TEXT":
    case "TEXT_AREA":
      return typeof v === "string" ? [v] : [];
    case "RICHTEXT":
      return typeof v === "string" ? [stripTags(v)] : [];
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return optionItems(v).flatMap((o) => {
        const value = typeof o.value === "string" ? o.value : "";
        const labels = field?.optionLabels.get(value) ?? [];
        const own = typeof o.label === "string" ? [o.label] : [];
        // "Parent|Child": both parts are words ("forest" finds every forest type); "Others|?" keeps the typed label only.
        return [...labels, ...own, ...value.split("|").filter((part) => part !== "?")];
      });
    case "NUMBER":
    case "YEAR":
      return typeof v === "number" || typeof v === "string" ? [String(v)] : [];
    default:
      return [];
  }
}

/** Field id → public precision of a record's stored values under its own template (`publicPrecisionOf`) and its treatments. */
export const precisionsOf =
  (template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>, restrictions?: EffectiveRestrictions) =>
  (fieldId: string): PublicPrecision =>
    treatedPrecision(publicPrecisionOf(values[fieldId], template.fields.get(fieldId)), fieldTreatment(restrictions, fieldId));

/** The treatments of a record with no labels and no overrides: its template's defaults. */
export const templateRestrictions = (template: RecordTemplate): EffectiveRestrictions => effectiveRestrictions(template.fields, [], null);

/** Longest title sort key kept (enough to order; keeps the index rows small). */
const TITLE_SORT_MAX = 200;

/** The words of one title value as read: text as typed, an option's label (else its value's last part), numbers and dates. */
function titleTextOf(stored: StoredFieldValue | undefined): string {
  if (!stored) return "";
  const v = stored.value;
  if (typeof v === "string") return stripTags(v);
  if (typeof v === "number") return String(v);
  return optionItems(v)
    .map((o) => (typeof o.label === "string" && o.label ? o.label : typeof o.value === "string" ? (o.value.split("|").filter((p) => p !== "?").pop() ?? "") : ""))
    .join(" ");
}

/**
 * The record's "Title A–Z" key: its title fields' values in template order, lower-cased, Latin accents
 * removed (never Devanagari vowel signs), spaces collapsed; null when there is no title to sort by.
 */
export function titleSortOf(template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>): string | null {
  const parts: string[] = [];
  for (const [fieldId, field] of template.fields) if (field.isTitle) parts.push(titleTextOf(values[fieldId]));
  const key = parts
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLocaleLowerCase("en")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TITLE_SORT_MAX);
  return key === "" ? null : key;
}

const hasText = (stored: StoredFieldValue) => typeof stored.value === "string" && stripTags(stored.value) !== "";

/**
 * Pure: the stored form of a record and everything derived from it. `restrictions`: the record's
 * treatments (its template's defaults when absent); a value withheld or embargoed today gives no search
 * word, title, count or index row, a generalised number or year indexes its range, a place its cell.
 */
export function deriveRecord(template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>, restrictions?: EffectiveRestrictions): DerivedRecord {
  const treatments = restrictions ?? templateRestrictions(template);
  const restrictedRows: ValueIndexRow[] = [];
  const fieldValues: Record<string, StoredFieldValue> = {};
  const texts: string[] = [];
  const titleTexts: string[] = [];
  const geometries: Array<{ value: unknown; precision: PublicPrecision }> = [];
  let richTextCount = 0;
  let textFieldCount = 0;
  for (const [fieldId, stored] of Object.entries(values)) {
    const field = template.fields.get(fieldId);
    const type = stored.type ?? field?.type;
    const value: StoredFieldValue = { fieldId, name: stored.name ?? field?.name ?? fieldId, type, value: stored.value };
    fieldValues[fieldId] = value;
    const t = fieldTreatment(treatments, fieldId);
    // A place counts at its own field's precision and its treatment; HIDDEN when the template no longer has that GEOMETRY field.
    if (isGeometryValue(value, field)) {
      geometries.push({ value: value.value, precision: treatedPrecision(publicPrecisionOf(value, field), t) });
      continue;
    }
    if (t) {
      // Nothing of a restricted value is searchable or countable; a generalised number or year is indexed as its range.
      const range = t.treatment === "GENERALISE" ? generalisedValue(type, value.value) : null;
      if (range) restrictedRows.push({ ...emptyIndexRow(fieldId), num_lo: range.from, num_hi: range.to });
      continue;
    }
    const own = textsOf(value, field);
    texts.push(...own);
    if (field?.isTitle) titleTexts.push(...own);
    if (type === "RICHTEXT" && hasText(value)) richTextCount++;
    if ((type === "TEXT" || type === "TEXT_AREA" || type === "RICHTEXT") && hasText(value)) textFieldCount++;
  }
  const restrictedIds = new Set(Object.keys(treatments.fields).filter((id) => fieldTreatment(treatments, id) !== null && !isGeometryValue(fieldValues[id], template.fields.get(id))));
  // Each public word and its script-independent key (a romanised query finds Devanagari and back: src/shared/search).
  const words = indexLexemes(texts.join(" "));
  const centroid = publicCentroid(geometries);
  return {
    fieldValues,
    centroid,
    searchText: words.join(" "),
    words,
    titleWords: indexLexemes(titleTexts.join(" ")),
    fuzzyText: fuzzyKeys(titleTexts.join(" ")),
    fuzzyLexemes: fuzzyLexemes(titleTexts.join(" ")),
    titleSort: titleSortOf(template, Object.fromEntries(Object.entries(fieldValues).filter(([id]) => !restrictedIds.has(id)))),
    richTextCount,
    textFieldCount,
    indexRows: [
      ...indexFieldValues(
        Object.fromEntries(Object.entries(fieldValues).filter(([id]) => !restrictedIds.has(id))),
        precisionsOf(template, fieldValues, treatments),
      ),
      ...restrictedRows,
    ],
    treatments,
    recordWithheld: recordWithheld(treatments),
    treatmentsDue: treatmentsDue(treatments),
  };
}
