/**
 * Local Contexts Traditional Knowledge (TK) and Biocultural (BC) labels (issue 30, item 3), shipped with
 * the portal so it needs no network: the 20 TK and 10 BC label types, each with a stable id, its kind,
 * its English name and a short default text of the portal's own wording (what the label asks of a
 * reader), and whether it restricts who may see or use what it is applied to. The restricting labels
 * ("Community Use Only", "Secret / Sacred", "Women Restricted", "Men Restricted", "Seasonal") will drive
 * the restricted-data treatments by default. "Culturally Sensitive" asks for care, not for a narrower
 * audience, so it does not restrict.
 *
 * Names and texts for the screens come from the `governance` namespace (`labels.types.<id>.name` and
 * `.text`, English and Hindi); the English here is what the platform writes where no language is chosen
 * (exports, licences). A community may replace the text on a record, per language.
 * Pure: shared by the record screens and the platform (cca-api `data/labels/{id}`).
 */
import type { UserIbp } from "./user";

export const LABEL_KINDS = ["TK", "BC"] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The languages a label's text is written in. */
export const LABEL_LANGUAGES = ["en", "hi"] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** A label's text per language (a community's own text; any language may be missing). */
export type LabelText = Partial<Record<LabelLanguage, string>>;

export interface LocalContextsLabel {
  /** Stable: stored on records (`cca_data_label.label_id`). */
  id: string;
  kind: LabelKind;
  /** English name, as Local Contexts names the label type. */
  name: string;
  /** English default text (the portal's own words). */
  text: string;
  /** Whether it narrows who may see or use what it is applied to. */
  restricts: boolean;
}

const tk = (id: string, name: string, text: string, restricts = false): LocalContextsLabel => ({ id: `tk-${id}`, kind: "TK", name, text, restricts });
const bc = (id: string, name: string, text: string, restricts = false): LocalContextsLabel => ({ id: `bc-${id}`, kind: "BC", name, text, restricts });

/** The catalogue, TK labels first, in the order Local Contexts lists them. */
export const LOCAL_CONTEXTS_LABELS: readonly LocalContextsLabel[] = [
  tk("attribution", "Attribution", "Name the community as the source of this knowledge whenever you use or share it."),
  tk("clan", "Clan", "This knowledge belongs to a particular clan. Ask that clan before you use or share it."),
  tk("family", "Family", "This knowledge is held by a family. Ask the family before you use or share it."),
  tk("outreach", "Outreach", "The community shares this for learning and awareness. Use it to teach and inform, not for other ends."),
  tk("multiple-communities", "Multiple Communities", "Several communities hold this knowledge together. Respect each of them and do not credit it to one alone."),
  tk("verified", "Verified", "The community has checked this information and agrees with how it is shown here."),
  tk("non-verified", "Non-Verified", "The community has not checked this information. Treat it with caution and ask them before relying on it."),
  tk("non-commercial", "Non-Commercial", "Do not use this knowledge to make money or in any commercial product."),
  tk("commercial", "Commercial", "The community allows commercial use of this knowledge on terms agreed with them. Contact them first."),
  tk("culturally-sensitive", "Culturally Sensitive", "This material carries cultural meaning that calls for care. Handle it respectfully and ask the community how to use it."),
  tk("community-voice", "Community Voice", "The community wants its own voice and views to be heard alongside this material. Include them when you present it."),
  tk("community-use-only", "Community Use Only", "This is meant for the community itself. Do not use or pass it on outside the community.", true),
  tk("seasonal", "Seasonal", "This may be seen, heard or used only at certain times of the year. Respect those times.", true),
  tk("women-general", "Women General", "This knowledge is usually shared by and among women. It may be seen by all, but keep its context in mind."),
  tk("men-general", "Men General", "This knowledge is usually shared by and among men. It may be seen by all, but keep its context in mind."),
  tk("women-restricted", "Women Restricted", "Only women of the community may see or use this. Others should not look further.", true),
  tk("men-restricted", "Men Restricted", "Only men of the community may see or use this. Others should not look further.", true),
  tk("secret-sacred", "Secret / Sacred", "This is sacred to the community and not to be seen or shared without its permission.", true),
  tk("open-to-collaboration", "Open to Collaboration", "The community welcomes research and work on this together with them. Get in touch to collaborate."),
  tk("creative", "Creative", "This includes the community's creative work. Credit the creators and ask before you adapt or reuse it."),
  bc("provenance", "Provenance", "The community is the source and custodian of this biological material or data. Name them whenever it is used."),
  bc("commercialization", "Commercialization", "Commercial use of this material or data needs an agreement with the community that shares the benefits."),
  bc("non-commercial", "Non-Commercial", "Do not use this material or data for commercial ends."),
  bc("collaboration", "Collaboration", "The community wants to take part in research that uses this material or data. Involve them from the start."),
  bc("consent-verified", "Consent Verified", "The community gave its consent for this material or data to be used as it is here."),
  bc("consent-non-verified", "Consent Non-Verified", "It is not known whether the community consented to this use. Ask them before going further."),
  bc("multiple-communities", "Multiple Communities", "Several communities are custodians of this material or data. Respect each of them."),
  bc("research", "Research", "The community allows research use of this material or data. Share what you find with them."),
  bc("clan", "Clan", "A particular clan is custodian of this material or data. Ask that clan before using it."),
  bc("outreach", "Outreach", "This material or data is shared for education and awareness. Use it for learning, not other ends."),
];

/** The most labels on one record, and the longest text a community writes for one (per language). */
export const RECORD_LABELS_MAX = 30;
export const LABEL_TEXT_MAX = 500;

const BY_ID = new Map(LOCAL_CONTEXTS_LABELS.map((l) => [l.id, l]));

/** The catalogue entry of `id` (undefined for an id the portal does not ship). */
export function labelById(id: string): LocalContextsLabel | undefined {
  return BY_ID.get(id);
}

/** Whether `id` is a label type of the catalogue. */
export function isLabelId(id: unknown): id is string {
  return typeof id === "string" && BY_ID.has(id);
}

/** Catalogue order, for a stable display of a record's labels. */
export function labelOrder(id: string): number {
  const label = BY_ID.get(id);
  return label ? LOCAL_CONTEXTS_LABELS.indexOf(label) : Number.MAX_SAFE_INTEGER;
}

/** One label applied to a record: `GET`/`PUT cca-api/api/v1/data/labels/{id}` answer a list of them. */
export interface RecordLabel {
  labelId: string;
  kind: LabelKind;
  restricts: boolean;
  /** The community's own text (per language), null for the catalogue's text. */
  text: LabelText | null;
  appliedBy: UserIbp | null;
  /** ISO 8601. */
  appliedOn: string;
}

/** The body of `PUT cca-api/api/v1/data/labels/{id}`: the record's complete set of labels. */
export interface RecordLabelsInput {
  labels: Array<{ labelId: string; text?: LabelText | null }>;
}

/** The translation keys of the labels' field errors. */
export const LABEL_ERRORS = {
  unknown: "governance:labels.errors.unknown",
  duplicate: "governance:labels.errors.duplicate",
  tooMany: "governance:labels.errors.too_many",
  forbidden: "governance:labels.errors.forbidden",
} as const;

/** The text to show for a label in `lang`: the community's text in that language, else the catalogue's (`fallback`). */
export function labelTextIn(label: Pick<RecordLabel, "text">, lang: string, fallback: string): string {
  const own = label.text?.[lang as LabelLanguage];
  return own && own.trim() !== "" ? own : fallback;
}
