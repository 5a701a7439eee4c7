/**
 * CCA templates (reference §4.3): the shapes cca-api answers and takes, the 15 field types and the
 * option conventions ("Parent|Child" groups, an "Others|?" free-text option). Shared by the template
 * editor, the participation form and the platform; no server code here.
 */
import type { FieldRestriction } from "./restrictions";
import { ROLES } from "@site-config";

/** The 15 field types, in the editor's order. */
export const FIELD_TYPES = [
  "TEXT",
  "TEXT_AREA",
  "RICHTEXT",
  "HEADING",
  "SINGLE_SELECT_DROPDOWN",
  "SINGLE_SELECT_RADIO",
  "MULTI_SELECT_DROPDOWN",
  "MULTI_SELECT_CHECKBOX",
  "NUMBER",
  "NUMBER_RANGE",
  "DATE",
  "DATE_RANGE",
  "YEAR",
  "FILE",
  "GEOMETRY",
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose values are options of `valueOptions`. */
export const OPTION_TYPES: readonly FieldType[] = ["SINGLE_SELECT_DROPDOWN", "SINGLE_SELECT_RADIO", "MULTI_SELECT_DROPDOWN", "MULTI_SELECT_CHECKBOX"];
/** Types that take several options. */
export const MULTI_OPTION_TYPES: readonly FieldType[] = ["MULTI_SELECT_DROPDOWN", "MULTI_SELECT_CHECKBOX"];
/** Types with a `minMax` range: numbers for NUMBER, NUMBER_RANGE and YEAR; dates (YYYY-MM-DD) for DATE and DATE_RANGE. */
export const RANGE_TYPES: readonly FieldType[] = ["NUMBER", "NUMBER_RANGE", "DATE", "DATE_RANGE", "YEAR"];
export const DATE_TYPES: readonly FieldType[] = ["DATE", "DATE_RANGE"];
/** Types a record filter cannot offer (reference §4.3: FILE and GEOMETRY are not filterable in the UI). */
export const UNFILTERABLE_TYPES: readonly FieldType[] = ["FILE", "GEOMETRY", "HEADING"];
/** Types a chart can show: bars for options, a distribution for numbers. */
export const CHART_TYPES: readonly FieldType[] = [...OPTION_TYPES, "NUMBER", "NUMBER_RANGE", "YEAR"];
/** Types that can make a record's title. */
export const TITLE_TYPES: readonly FieldType[] = ["TEXT", "TEXT_AREA", ...OPTION_TYPES, "NUMBER", "YEAR", "DATE"];

export const isFieldType = (value: unknown): value is FieldType => typeof value === "string" && (FIELD_TYPES as readonly string[]).includes(value);
export const isOptionType = (type: FieldType): boolean => OPTION_TYPES.includes(type);
export const isRangeType = (type: FieldType): boolean => RANGE_TYPES.includes(type);

/**
 * Who sees a GEOMETRY field's exact shape in public reads: EXACT everyone; GENERALISED a ~10 km cell;
 * HIDDEN nothing (sacred sites and other places communities keep private). Owners, allowed editors,
 * data curators and admins always see it exact.
 */
export const PUBLIC_PRECISIONS = ["EXACT", "GENERALISED", "HIDDEN"] as const;
export type PublicPrecision = (typeof PUBLIC_PRECISIONS)[number];

/** The roles a template's `permissions` may name (reference §4.3, §6 item 7). */
export const TEMPLATE_PERMISSIONS = [ROLES.ADMIN, ROLES.USER, ROLES.DATACURATOR, ROLES.TEMPLATECURATOR, ROLES.EXTDATACONTRIBUTOR] as const;
export type TemplatePermission = (typeof TEMPLATE_PERMISSIONS)[number];

export const TEMPLATE_PLATFORMS = ["MOBILE", "DESKTOP"] as const;
export type TemplatePlatform = (typeof TEMPLATE_PLATFORMS)[number];

/** Who may write templates (reference §5.3). */
export const TEMPLATE_WRITERS: readonly string[] = [ROLES.ADMIN, ROLES.TEMPLATECURATOR];

/** The master template (`SITE_CONFIG.TEMPLATE.MAIN` of the reference): filters, summaries and titles across templates. */
export const MASTER_SHORT_NAME = "master";

/** Languages of template texts: cca-api speaks two-letter codes (reference §1.2). */
export type TemplateLanguage = "en" | "hi";

export interface ValueOption {
  /** Stable id of the option (kept when its label or value changes). */
  valueId: string;
  /** Text shown, in the template's requested language. */
  label: string;
  /** What records store and filters match: "Value", "Parent|Child", or "Others|?" for free text. */
  value: string;
}

/** `[min, max]`, either side null when open; `[]` when unbounded. Dates as YYYY-MM-DD. */
export type MinMax = [] | [number | string | null, number | string | null];

export interface CCAField {
  /** Unique within a template; master fields keep the master's id in every template. */
  fieldId: string;
  type: FieldType;
  name: string;
  question: string;
  helpText: string;
  isRequired: boolean;
  /** Copied from the master template: its filters, summaries and titles apply to this field. */
  isMasterField: boolean;
  /** Shown in list cards, summaries and as a column of the response table. */
  isSummaryField: boolean;
  /** Offered as a filter on the data list (never for FILE, GEOMETRY, HEADING). */
  isFilterable: boolean;
  /** Its values make the record's title. */
  isTitleColumn: boolean;
  /** Shown as a chart on the statistics page (option and number types). */
  isChart: boolean;
  minMax: MinMax;
  /** Option types only (else []). */
  valueOptions: ValueOption[];
  /**
   * Option types with grouped options ("Forest|Sacred grove"): each parent's name in the requested
   * language ("Forest" → "वन"). A parent without one reads as its value.
   */
  parentLabels?: Record<string, string>;
  /** GEOMETRY only (else null). */
  publicPrecision: PublicPrecision | null;
  /**
   * The field's default restricted-data treatment (issue 30, item 2; src/contracts/restrictions.ts): what
   * readers without the record's exact values get of it. Null (or absent, from older clients): none.
   */
  restriction?: FieldRestriction | null;
  /** ISO 8601. */
  createdOn: string;
  updatedOn: string;
  children: CCAField[];
}

/** A template as `GET cca-api/api/v1/template/{shortName}` answers it, texts in `language`. */
export interface CCATemplate {
  id: number;
  /** Creator's id (a string, as in the reference). */
  userId: string;
  createdOn: string;
  updatedOn: string;
  name: string;
  description: string;
  shortName: string;
  parentName: string | null;
  permissions: TemplatePermission[];
  platform: TemplatePlatform[];
  language: TemplateLanguage;
  /** Listed only by `template/all?isDeleted=true` (admins and template curators) as true. */
  isDeleted: boolean;
  /** Its records wait for a curator's review before they are published (issue 30; src/contracts/review.ts). */
  needsReview?: boolean;
  /**
   * The optimistic version of the template (an opaque text that changes with every write): editors send it
   * back with `template/update`, and a save made from an older version is refused with 409 and
   * the template namespace's `errors.stale_version` instead of overwriting what someone saved meanwhile. Always sent by the platform.
   */
  version?: string;
  fields: CCAField[];
}

/** A row of `template/all` (fields left out unless `excludeFields=false`). */
export type CCATemplateSummary = Omit<CCATemplate, "fields"> & { fields?: CCAField[] };

/** A field as writes send it: ids and dates may be left out (the platform makes them). */
export type CCAFieldInput = Partial<Omit<CCAField, "children" | "valueOptions">> & {
  type: FieldType;
  name: string;
  valueOptions?: Array<Partial<ValueOption> & { value: string }>;
  children?: CCAFieldInput[];
};

/** `POST cca-api/api/v1/template/save`. Texts are in `language` (default en). */
export interface TemplateCreate {
  shortName: string;
  name: string;
  description: string;
  parentName?: string | null;
  platform: TemplatePlatform[];
  permissions: TemplatePermission[];
  language?: TemplateLanguage;
  fields?: CCAFieldInput[];
}

/**
 * `PUT cca-api/api/v1/template/update`. In the default language (en) the whole template is replaced:
 * metadata, the field tree, and the English texts. In another language only the texts of that language
 * are taken (name, description; each existing field's name, question and help text; option labels by
 * valueId); the structure in the body is ignored.
 */
export interface TemplateUpdate extends TemplateCreate {
  id: number;
  /** The version the editor read (CCATemplate.version); left out, the save is not checked. */
  version?: string;
}

/** `GET cca-api/api/v1/template/counts/{shortName}`: what a destructive change would touch. */
export interface TemplateValueCounts {
  /** Live records of the template. */
  total: number;
  /** fieldId → records holding a value for it (also fields no longer in the template). */
  fields: Record<string, number>;
  /** fieldId → option value → records holding that option. */
  options: Record<string, Record<string, number>>;
}

/** `POST cca-api/api/v1/template/comment`. */
export interface TemplateCommentCreate {
  body: string;
  languageId: number;
  rootHolderId: number;
  rootHolderType: "ccaTemplate";
  subRootHolderId?: null;
  subRootHolderType?: null;
}

// ── Option conventions ────────────────────────────────────────────────────────────────────────────

/** Separates a parent from its child in an option value ("Forest|Sacred grove"). */
export const OPTION_SEPARATOR = "|";
/** The last segment that makes an option the "Others" free-text one ("Others|?"). */
export const OTHERS_MARK = "?";

export interface ParsedOption {
  /** Parent group, or null for a top-level option. */
  parent: string | null;
  /** The option's own text without the parent and without the Others mark. */
  child: string;
  /** An "Others" option: records store the free text typed in its label. */
  isOthers: boolean;
}

/**
 * Reads an option value: "Forest|Sacred grove" → parent Forest, child Sacred grove; "Others|?" and "?"
 * → an Others option; "Forest|Others|?" → an Others option inside the Forest group. Segments are trimmed.
 */
export function parseOptionValue(value: string): ParsedOption {
  const segments = value.split(OPTION_SEPARATOR).map((s) => s.trim());
  const isOthers = segments.length > 0 && segments[segments.length - 1] === OTHERS_MARK;
  const parts = isOthers ? segments.slice(0, -1) : segments;
  if (parts.length >= 2) return { parent: parts[0]!, child: parts.slice(1).join(` ${OPTION_SEPARATOR} `), isOthers };
  return { parent: null, child: parts[0] ?? "", isOthers };
}

/** Whether an option value is well formed: no empty segment, at most one parent level, "?" only last. */
export function isValidOptionValue(value: string): boolean {
  const segments = value.split(OPTION_SEPARATOR).map((s) => s.trim());
  const parts = segments[segments.length - 1] === OTHERS_MARK ? segments.slice(0, -1) : segments;
  return parts.length <= 2 && !parts.some((p) => p === "" || p.includes(OTHERS_MARK));
}

export const isOthersOption = (value: string): boolean => parseOptionValue(value).isOthers;

/** Where a parent's name is kept among a field's option labels (which are keyed by valueId otherwise). */
export const PARENT_LABEL_KEY = (parent: string): string => `parent:${parent}`;

/** The parents of a field's options, in order of first appearance. */
export function optionParents(options: readonly { value: string }[]): string[] {
  const parents: string[] = [];
  for (const option of options) {
    const { parent } = parseOptionValue(option.value);
    if (parent !== null && !parents.includes(parent)) parents.push(parent);
  }
  return parents;
}

/** A parent's name in the field's language, else the parent's value. */
export function parentLabel(field: Pick<CCAField, "parentLabels">, parent: string): string {
  return field.parentLabels?.[parent] || parent;
}

/** How an option reads in lists and titles: "Parent → Child"; the Others mark is dropped. */
export function optionDisplay(text: string): string {
  const { parent, child } = parseOptionValue(text);
  return parent === null ? child : `${parent} → ${child}`;
}

export interface OptionGroup<T> {
  /** null: options without a parent, in their own place. */
  parent: string | null;
  options: T[];
}

/**
 * Options grouped for grouped checkboxes and facets: consecutive and scattered children of one parent
 * gather under the parent's first appearance; top-level options keep their place.
 */
export function groupOptions<T extends { value: string }>(options: readonly T[]): OptionGroup<T>[] {
  const groups: OptionGroup<T>[] = [];
  const byParent = new Map<string, OptionGroup<T>>();
  for (const option of options) {
    const { parent } = parseOptionValue(option.value);
    if (parent === null) {
      groups.push({ parent: null, options: [option] });
      continue;
    }
    let group = byParent.get(parent);
    if (!group) {
      group = { parent, options: [] };
      byParent.set(parent, group);
      groups.push(group);
    }
    group.options.push(option);
  }
  return groups;
}

// ── Trees ────────────────────────────────────────────────────────────────────────────────────────

/** Every field of a tree, depth first (parents before their children). */
export function flattenFields<F extends { children?: F[] }>(fields: readonly F[]): F[] {
  return fields.flatMap((field) => [field, ...flattenFields(field.children ?? [])]);
}

/** Deepest nesting the editor offers (a root field is at depth 1). */
export const MAX_FIELD_DEPTH = 5;
