/**
 * Syncing a record's Local Contexts labels from the Local Contexts Hub (issue 30, item 3, optional part):
 * Hub API v2 (`GET {LOCAL_CONTEXTS_API_URL}/api/v2/projects/{uuid}/` with the group's API key, header
 * `X-Api-Key`) answers a project's `tk_labels[]` and `bc_labels[]`, each with `unique_id`, `name`,
 * `label_type`, `label_text` and `language`. The portal maps each to its own catalogue
 * (src/contracts/local-contexts.ts) by type, keeps the community's text in its language, and replaces
 * the record's labels with them. With no Hub configured, the shipped catalogue serves and nothing is fetched.
 */
import * as yup from "yup";
import { FORM_ERRORS } from "./field-errors";
import { labelById, type LabelKind, type LabelText, type RecordLabel } from "./local-contexts";

/** A Hub project's id: a UUID. */
export const HUB_PROJECT_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const HUB_ERRORS = {
  project: "governance:hub.errors.project",
  apiKey: "governance:hub.errors.api_key",
  notConfigured: "governance:hub.errors.not_configured",
  noKey: "governance:hub.errors.no_key",
  notFound: "governance:hub.errors.not_found",
  unreachable: "governance:hub.errors.unreachable",
  forbidden: "governance:hub.errors.forbidden",
} as const;

/** The body of `PUT cca-api/api/v1/data/labels/{id}/hub`. */
export const hubSyncSchema = yup.object({
  projectId: yup.string().typeError(FORM_ERRORS.invalid).trim().required(FORM_ERRORS.required).matches(HUB_PROJECT_PATTERN, HUB_ERRORS.project),
});

/** The body of `PUT cca-api/api/v1/data/hub/key/{groupId}` (null removes the key). */
export const hubKeySchema = yup.object({
  apiKey: yup.string().typeError(FORM_ERRORS.invalid).trim().min(8, HUB_ERRORS.apiKey).max(200, HUB_ERRORS.apiKey).nullable().defined(),
});

/** What a sync answers: the record's labels now, and the Hub labels the catalogue has no type for. */
export interface HubSyncResult {
  projectId: string;
  /** ISO 8601. */
  syncedOn: string;
  labels: RecordLabel[];
  unmatched: string[];
}

/** One label of a Hub project, as API v2 gives it (fields the portal reads). */
export interface HubLabel {
  unique_id?: string;
  name?: string;
  label_type?: string;
  label_text?: string;
  language?: string;
}

const LANGUAGE_CODES: Record<string, "en" | "hi"> = { en: "en", english: "en", hi: "hi", hindi: "hi", "हिन्दी": "hi", "हिंदी": "hi" };

/** A Hub label's type as the catalogue's id (`tk-secret-sacred`), or null when the catalogue has none. */
export function catalogueIdOf(kind: LabelKind, label: HubLabel): string | null {
  const prefix = kind === "TK" ? "tk" : "bc";
  for (const raw of [label.label_type, label.name]) {
    if (typeof raw !== "string" || raw.trim() === "") continue;
    const slug = raw
      .toLowerCase()
      .replace(/^(tk|bc)[\s_-]+/, "")
      .replace(/\blabel\b/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    const id = `${prefix}-${slug}`;
    if (labelById(id)?.kind === kind) return id;
  }
  return null;
}

/** A Hub project's labels as the record's labels (the community's text in its language), and what did not match. */
export function labelsFromHub(project: { tk_labels?: unknown; bc_labels?: unknown }): { labels: Array<{ labelId: string; text: LabelText | null }>; unmatched: string[] } {
  const byId = new Map<string, LabelText>();
  const unmatched: string[] = [];
  for (const [kind, list] of [["TK", project.tk_labels], ["BC", project.bc_labels]] as const) {
    for (const item of Array.isArray(list) ? (list as HubLabel[]) : []) {
      if (typeof item !== "object" || item === null) continue;
      const id = catalogueIdOf(kind, item);
      if (!id) {
        unmatched.push(String(item.name ?? item.label_type ?? item.unique_id ?? "?").slice(0, 100));
        continue;
      }
      const text = byId.get(id) ?? {};
      const language = LANGUAGE_CODES[String(item.language ?? "en").trim().toLowerCase()];
      if (language && typeof item.label_text === "string" && item.label_text.trim() !== "") text[language] = item.label_text.trim().slice(0, 500);
      byId.set(id, text);
    }
  }
  return { labels: [...byId].map(([labelId, text]) => ({ labelId, text: Object.keys(text).length > 0 ? text : null })), unmatched };
}
