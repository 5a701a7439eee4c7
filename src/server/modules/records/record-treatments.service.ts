/**
 * A record's restricted-data treatments (issue 30, item 2): its curators — administrators, data
 * curators, and the founders and moderators of its groups — read and override them per record
 * (`GET/PUT cca data/restrictions/{id}`): a record treatment (withhold, embargo until a day) or `NONE`
 * to lift a label's; per field a treatment or `NONE` to lift the template's or a label's. A change is
 * stored, the record's public form derived again in the same transaction (public-places.service.ts:
 * centroid, value index, search words, `is_public`), written to its activity, and every instance's
 * record caches are invalidated. The contributor alone may not lift what the template asks for.
 */
import { ROLES } from "@site-config";
import { RESTRICTION_ERRORS, type RecordRestrictionsView, type RestrictionOverrides } from "@/contracts/restrictions";
import { restrictionOverridesSchema } from "@/contracts/restrictions.schema";
import type { TemplateLanguage } from "@/contracts/template";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith, validationFailed } from "../../infra/http/validate";
import { insertActivity } from "../activity/activity.repository";
import { loadWriteTemplate, recordFieldsView } from "../templates/template-loader.service";
import { rederiveRecords } from "./public-places.service";
import { requireRecordAccess, standingOf } from "./record-access.service";
import { findTreatmentInputs, updateOverrides } from "./record-treatments.repository";
import { effectiveRestrictions } from "./treatments";

export const RESTRICTIONS_ACTIVITY = "Restrictions changed";

/** The record (404 when the caller may not see it) and whether the caller is one of its curators (403 otherwise). */
async function requireCurator(db: Queryable, account: Account, id: number) {
  const { row, access } = await requireRecordAccess(db, id, account);
  const standing = await standingOf(db, account, row.usergroups);
  const curator =
    account.roles.includes(ROLES.ADMIN) ||
    (account.roles.includes(ROLES.DATACURATOR) && access.manageConsent) ||
    (standing?.groupRoles ?? []).some((r) => r === "founder" || r === "moderator");
  if (!curator)
    throw new AppError("FORBIDDEN", "Only the record's curators (administrators, data curators, its groups' founders and moderators) may change its treatments", {
      restrictions: RESTRICTION_ERRORS.forbidden,
    });
  return row;
}

async function viewOf(db: Queryable, row: { id: number; template_id: number }, language: TemplateLanguage): Promise<RecordRestrictionsView> {
  const [inputs, template, view] = await Promise.all([findTreatmentInputs(db, row.id), loadWriteTemplate(db, row.template_id), recordFieldsView(db, row.template_id, language)]);
  const fields = template?.fields ?? new Map();
  return {
    overrides: inputs.restrictions,
    effective: effectiveRestrictions(fields, inputs.labels, inputs.restrictions),
    fields: view.fields.filter((f) => f.type !== "HEADING" && fields.has(f.fieldId)).map((f) => ({ fieldId: f.fieldId, name: f.name, type: f.type })),
  };
}

/** GET data/restrictions/{id}: the overrides and the treatments in force (the record's curators). */
export async function getRecordRestrictions(db: Queryable, account: Account, id: number, language: TemplateLanguage): Promise<RecordRestrictionsView> {
  const row = await requireCurator(db, account, id);
  return viewOf(db, row, language);
}

/** PUT data/restrictions/{id}: replaces the record's overrides (the record's curators). */
export async function changeRecordRestrictions(deps: PlatformDeps, account: Account, id: number, body: unknown, language: TemplateLanguage): Promise<RecordRestrictionsView> {
  const input = (await validateWith(restrictionOverridesSchema, body)) as unknown as RestrictionOverrides;
  const row = await requireCurator(deps.db, account, id);
  const template = await loadWriteTemplate(deps.db, row.template_id);
  const unknown = Object.keys(input.fields ?? {}).filter((fieldId) => !template?.fields.has(fieldId) || template.fields.get(fieldId)!.type === "HEADING");
  if (unknown.length > 0) throw validationFailed(Object.fromEntries(unknown.map((f) => [`fields.${f}`, RESTRICTION_ERRORS.unknownField])));
  const overrides: RestrictionOverrides = { record: input.record ?? null, fields: input.fields ?? {} };
  await deps.db.transaction(async (tx) => {
    await updateOverrides(tx, id, overrides);
    await insertActivity(tx, {
      holderType: "ccaData",
      holderId: id,
      userId: account.id,
      activityType: RESTRICTIONS_ACTIVITY,
      description: [overrides.record ? `record: ${overrides.record.treatment}` : null, ...Object.entries(overrides.fields).map(([f, r]) => `${f}: ${r.treatment}`)].filter(Boolean).join(", "),
      details: { ...overrides },
    });
    await rederiveRecords(tx, [id]);
  });
  return viewOf(deps.db, row, language);
}
