/**
 * A record's consent (issue 30, item 1; contract src/contracts/consent.ts): read its history, change or
 * withdraw it. Who may: the visibility engine's `manageConsent` (visibility.ts: the owner, admins, the
 * founders and moderators of the record's groups, data curators when the audience includes them); a
 * caller who may not see the record gets 404, one who sees it but may not change it 403.
 *
 * A change is written to the consent history and the record's activity, copied onto the record (its
 * `is_public` flag moves it in or out of the public tier in the same transaction), invalidates
 * `CACHE_KEYS.records` (every instance drops its cached lists on the next request, through the cache's
 * invalidation transport) and, when it narrows the audience or takes back the registries' consent, tells
 * the consent followers (exports marks the exports made before as superseded).
 */
import { CONSENT_ERRORS, type ConsentAudience, type ConsentInput, type RecordAccessLog, type RecordConsent, type RecordConsentHistory } from "@/contracts/consent";
import { consentSchema } from "@/contracts/consent.schema";
import { FILE_PATH_PREFIX } from "@/contracts/record-rules";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith, validationFailed } from "../../infra/http/validate";
import { insertActivity } from "../activity/activity.repository";
import { viewTemplateById } from "../templates/template-loader.service";
import { consentNarrowed } from "./consent-followers";
import { fileExists } from "./data-save.service";
import { requireRecordAccess } from "./record-access.service";
import { consentRowOf, narrows } from "./record-consent";
import { findConsents, insertConsents } from "./record-consent.repository";
import { findAccessLog } from "./visibility.repository";

export const CONSENT_ACTIVITY = { changed: "Consent changed", withdrawn: "Consent withdrawn" } as const;

/** A my-uploads path as the upload helpers answer it (`/<hash>/<name>`). */
const MY_UPLOAD = /^\/[A-Za-z0-9_-]{1,100}\/[^/\\]{1,200}$/;

/**
 * The FPIC document must be a file of this portal's store: a files-api path, or a path inside `myUploads`
 * as the document upload answers it.
 */
export async function checkConsentDocument(deps: Pick<PlatformDeps, "fileStore">, input: ConsentInput, field = "document"): Promise<void> {
  const path = input.document ?? null;
  if (path === null || path === "") return;
  const uri = path.startsWith(FILE_PATH_PREFIX) ? path : MY_UPLOAD.test(path) ? `${FILE_PATH_PREFIX}myUploads${path}` : null;
  if (uri === null || uri.includes("/../") || !(await fileExists(deps.fileStore, uri))) {
    throw validationFailed({ [field]: CONSENT_ERRORS.documentRequired });
  }
}

async function historyOf(db: Queryable, recordId: number, canChange: boolean): Promise<RecordConsentHistory> {
  const rows = await findConsents(db, recordId);
  const users = await findUsersByIds(db, [...new Set(rows.map((r) => r.recorded_by).filter((id): id is number => id !== null))]);
  const byId = new Map(users.map((u) => [u.id, toIbp(u)]));
  const history = rows.map((row, i): RecordConsent => ({
    id: row.id,
    audience: row.audience,
    registries: row.registries,
    givenBy: row.given_by,
    method: row.method,
    givenOn: row.given_on,
    document: row.document,
    note: row.note,
    recordedBy: row.recorded_by === null ? null : (byId.get(row.recorded_by) ?? null),
    recordedOn: row.recorded_on.toISOString(),
    narrowed: narrows(rows[i + 1] ?? null, row),
  }));
  return { recordId, current: history[0] ?? null, history, canChange };
}

/** GET data/consent/{id}: the record's consent and its history (its consent's keepers). */
export async function getConsent(db: Queryable, account: Account | null, id: number): Promise<RecordConsentHistory> {
  const { access } = await requireRecordAccess(db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's owner, its groups' founders and moderators, data curators and administrators see its consent", { consent: CONSENT_ERRORS.forbidden });
  return historyOf(db, id, true);
}

/** GET data/access-log/{id}: who read the record below the public (its consent's keepers). */
export async function getAccessLog(db: Queryable, account: Account | null, id: number, paging: { offset: number; limit: number }): Promise<RecordAccessLog> {
  const { access } = await requireRecordAccess(db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's keepers read who has seen it", { consent: CONSENT_ERRORS.forbidden });
  const { rows, total } = await findAccessLog(db, id, paging.offset, paging.limit);
  const users = await findUsersByIds(db, [...new Set(rows.map((r) => r.user_id))]);
  const byId = new Map(users.map((u) => [u.id, toIbp(u)]));
  return {
    recordId: id,
    total,
    entries: rows.map((r) => ({ reader: byId.get(r.user_id) ?? null, audience: r.audience as ConsentAudience, readOn: r.read_on.toISOString() })),
  };
}

/** PUT data/consent/{id}: gives, changes or withdraws (audience NONE) the record's consent. */
export async function changeConsent(deps: PlatformDeps, account: Account, id: number, body: unknown): Promise<RecordConsentHistory> {
  const input = (await validateWith(consentSchema, body)) as ConsentInput;
  const { row, access } = await requireRecordAccess(deps.db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's owner, its groups' founders and moderators, data curators and administrators may change its consent", { consent: CONSENT_ERRORS.forbidden });
  await checkConsentDocument(deps, input);
  const previous = (await findConsents(deps.db, id))[0] ?? null;
  const narrowed = narrows(previous, input);
  const template = await viewTemplateById(deps.db, row.template_id, "en");
  await deps.db.transaction(async (tx) => {
    await insertConsents(tx, [consentRowOf(id, account.id, input)!]);
    await insertActivity(tx, {
      holderType: "ccaData",
      holderId: id,
      userId: account.id,
      activityType: input.audience === "NONE" ? CONSENT_ACTIVITY.withdrawn : CONSENT_ACTIVITY.changed,
      description: input.audience,
      details: { audience: input.audience, registries: input.audience === "PUBLIC" && input.registries, givenBy: input.givenBy, method: input.method, givenOn: input.givenOn, narrowed },
    });
    if (narrowed) await consentNarrowed(tx, { recordId: id, templateShortNames: [template.shortName, ...(template.parentName ? [template.parentName] : [])] });
  });
  invalidateCache(CACHE_KEYS.records);
  return historyOf(deps.db, id, true);
}
