/**
 * A community's consent on a CCA record (issue 30, item 1): who gave it, when, how, and for which
 * audience. The audiences widen in this order — nobody else (consent withdrawn or never given), the
 * community (the record's group members), the portal's data curators as well, every signed-in member,
 * the public — and "may be submitted to international registries" (the WDPCA/ICCA export) is a
 * separate yes/no that needs public consent. A record without PUBLIC consent is not public, whatever
 * else is set: it is left out of every list, map, statistic, export and sitemap, and its own page answers
 * only those the audience names (src/server/modules/records/visibility.ts decides).
 * Pure: shared by the record forms and the platform (cca-api `data/consent/{id}`, `data/save`'s `consent`).
 */
import type { UserIbp } from "./user";

/** Widening order: each audience includes the ones before it. */
export const CONSENT_AUDIENCES = ["NONE", "COMMUNITY", "CURATORS", "MEMBERS", "PUBLIC"] as const;
export type ConsentAudience = (typeof CONSENT_AUDIENCES)[number];

/** Who gave the consent. */
export const CONSENT_GIVERS = ["COMMUNITY", "REPRESENTATIVE", "CONTRIBUTOR"] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];

/** How it was given: a free, prior and informed consent document, a recorded meeting, the contributor's declaration. */
export const CONSENT_METHODS = ["FPIC_DOCUMENT", "MEETING", "DECLARATION"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The longest note on a consent. */
export const CONSENT_NOTE_MAX = 1000;

/** What a form or client sends: `data/save`'s `consent`, the body of `PUT data/consent/{id}`. */
export interface ConsentInput {
  audience: ConsentAudience;
  /** May be submitted to international registries (needs PUBLIC). */
  registries: boolean;
  givenBy: ConsentGiver;
  method: ConsentMethod;
  /** `YYYY-MM-DD`, not in the future. */
  givenOn: string;
  /** The stored path of the uploaded FPIC document (`myUploads` path); required for FPIC_DOCUMENT. */
  document?: string | null;
  note?: string | null;
}

/** One consent as recorded (the newest is the record's current consent). */
export interface RecordConsent extends Required<ConsentInput> {
  id: number;
  recordedBy: UserIbp | null;
  /** ISO 8601. */
  recordedOn: string;
  /** Narrower than the consent before it (a withdrawal is audience NONE). */
  narrowed: boolean;
}

/** `GET cca-api/api/v1/data/consent/{id}` (the record's managers): the current consent and its history, newest first. */
export interface RecordConsentHistory {
  recordId: number;
  current: RecordConsent | null;
  history: RecordConsent[];
  /** Whether the caller may change it (owner, data curators, admins, founders and moderators of the record's groups). */
  canChange: boolean;
}

/** `GET cca-api/api/v1/data/access-log/{id}` (the record's keepers): who read the record below the public, newest first. */
export interface RecordAccessLog {
  recordId: number;
  total: number;
  entries: Array<{ reader: UserIbp | null; audience: ConsentAudience; /** ISO 8601. */ readOn: string }>;
}

/** Whether audience `a` includes everyone audience `b` includes. */
export function audienceIncludes(a: ConsentAudience, b: ConsentAudience): boolean {
  return CONSENT_AUDIENCES.indexOf(a) >= CONSENT_AUDIENCES.indexOf(b);
}

/** The translation keys of the consent's field errors. */
export const CONSENT_ERRORS = {
  registriesNeedPublic: "governance:errors.registries_need_public",
  documentRequired: "governance:errors.document_required",
  futureDate: "governance:errors.future_date",
  forbidden: "governance:errors.forbidden",
} as const;
