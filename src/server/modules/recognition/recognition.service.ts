/**
 * Recognition (issue 31, item 1): the registry mapping, the coverage of its mandatory attributes and the
 * WDPCA / ICCA Registry pack. Who may do what:
 * - the mapping: read by administrators and group founders, changed by administrators;
 * - coverage, the pack's count and the pack itself: administrators for the whole site; administrators
 *   and the group's founders for a group.
 * A pack is an export of the download log (modules/exports): queued with the record exports (one at a
 * time per process), its progress in its log row, its file handed out to its maker or an administrator,
 * superseded (410) once any record's consent is narrowed after it was made.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SITE_CONFIG from "@site-config";
import {
  COVERAGE_DEFAULT_LIMIT,
  COVERAGE_MAX_LIMIT,
  FIELD_SET_ATTRIBUTES,
  PACK_EXTENSIONS,
  RECOGNITION_ERRORS,
  STANDARD_VERSIONS,
  type FieldSetId,
  type FieldSetMapping,
  type PackFormat,
  type RecognitionCoverage,
  type RecognitionMappingView,
  type RecognitionPackInfo,
} from "@/contracts/recognition";
import { checkMapping, recognitionMappingSchema, recognitionPackSchema } from "@/contracts/recognition.schema";
import { MASTER_SHORT_NAME, type TemplateLanguage } from "@/contracts/template";
import type { Db } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { Logger } from "../../infra/http/types";
import type { FileStore } from "../../infra/files/file-store";
import { validateWith, validationFailed } from "../../infra/http/validate";
import type { Account } from "../accounts/account-context";
import { requireGroupEditor } from "../groups/group-access";
import { foundsAnyGroup } from "../groups/group-membership.repository";
import { findGroupBase } from "../groups/group.repository";
import { countRegistryRecords, registryRecordsAfter, registryRecordsPage, type RegistryRecordRow } from "../records/registry-records.repository";
import type { OwnFieldLike } from "../records/public-value";
import { recordFieldsView, viewTemplateByName } from "../templates/template-loader.service";
import {
  exportKeyOf,
  enqueueExportWork,
  isExportActive,
} from "../exports/export.service";
import { findDownloadLog, insertPack, markExportDone, markExportFailed, markExportProgress, markExportRunning, toExportLog } from "../exports/download-log.repository";
import { DEFAULT_MAPPINGS } from "./default-mapping";
import { packFileWriter, type PackFileWriter, type SourceRow } from "./pack-files";
import { packSite } from "./pack-values";
import { findMapping, saveMapping } from "./recognition.repository";

/** Records read per statement while a pack is written. */
export const PACK_BATCH = 500;

const forbidden = () => new AppError("FORBIDDEN", "Only administrators (and a group's founders, for their group) may do this", { form: RECOGNITION_ERRORS.forbidden });

/** Administrators for the whole site (groupId null); administrators and the group's founders for a group (404 unknown group). */
export async function requirePackMaker(db: Db, account: Account, groupId: number | null): Promise<void> {
  if (groupId === null) {
    if (!account.isAdmin) throw forbidden();
    return;
  }
  try {
    await requireGroupEditor(db, account, groupId);
  } catch (error) {
    if (error instanceof AppError && error.code === "FORBIDDEN") throw forbidden();
    throw error;
  }
}

/** The mapping in force for a field set (the defaults when none is stored). */
export async function mappingOf(db: Db, fieldSet: FieldSetId): Promise<{ mapping: FieldSetMapping; updatedOn: Date | null }> {
  const row = await findMapping(db, fieldSet);
  return row ? { mapping: row.mapping, updatedOn: row.updated_on } : { mapping: DEFAULT_MAPPINGS[fieldSet], updatedOn: null };
}

/** The master template's fields, as the editor offers them. */
async function masterFields(db: Db, language: TemplateLanguage) {
  const view = await viewTemplateByName(db, MASTER_SHORT_NAME, language).catch(() => null);
  if (!view) return [];
  return view.fields
    .filter((f) => f.type !== "HEADING")
    .map((f) => ({ fieldId: f.fieldId, name: f.name, type: f.type, options: [...f.labelByValue].map(([value, label]) => ({ value, label })) }));
}

/** `GET recognition/mapping`: administrators and group founders. */
export async function getMapping(db: Db, account: Account, fieldSet: FieldSetId, language: TemplateLanguage): Promise<RecognitionMappingView> {
  if (!account.isAdmin && !(await foundsAnyGroup(db, account.id))) throw forbidden();
  const { mapping, updatedOn } = await mappingOf(db, fieldSet);
  return {
    fieldSet,
    version: STANDARD_VERSIONS[fieldSet],
    attributes: [...FIELD_SET_ATTRIBUTES[fieldSet]],
    mapping,
    fields: await masterFields(db, language),
    canEdit: account.isAdmin,
    updatedOn: updatedOn ? updatedOn.toISOString() : null,
  };
}

/** `PUT recognition/mapping`: administrators; every attribute checked (keys per attribute), fields must be the master template's. */
export async function putMapping(db: Db, account: Account, body: unknown, language: TemplateLanguage): Promise<RecognitionMappingView> {
  if (!account.isAdmin) throw forbidden();
  const input = await validateWith(recognitionMappingSchema, body);
  const fieldSet = input.fieldSet as FieldSetId;
  const fields = await masterFields(db, language);
  const errors = checkMapping(fieldSet, input.mapping, new Set(fields.map((f) => f.fieldId)));
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  // Attributes not named keep nothing: the mapping is stored as sent.
  await saveMapping(db, fieldSet, input.mapping, account.id);
  return getMapping(db, account, fieldSet, language);
}

/** The record's own template fields (what `publicValueOf` judges a value by), cached per template for one run. */
function ownFieldsCache(db: Db) {
  const cache = new Map<number, Promise<ReadonlyMap<string, OwnFieldLike>>>();
  return (templateId: number) => {
    let fields = cache.get(templateId);
    if (!fields) cache.set(templateId, (fields = recordFieldsView(db, templateId, "en").then((v) => v.byId as ReadonlyMap<string, OwnFieldLike>)));
    return fields;
  };
}

/** `GET recognition/coverage`: per consented record (paged by id), the mandatory attributes it still lacks. */
export async function coverage(db: Db, account: Account, q: { fieldSet: FieldSetId; groupId: number | null; offset: number; limit: number }): Promise<RecognitionCoverage> {
  await requirePackMaker(db, account, q.groupId);
  const limit = Math.min(Math.max(1, q.limit || COVERAGE_DEFAULT_LIMIT), COVERAGE_MAX_LIMIT);
  const offset = Math.max(0, q.offset);
  const { mapping } = await mappingOf(db, q.fieldSet);
  const attributes = FIELD_SET_ATTRIBUTES[q.fieldSet];
  const own = ownFieldsCache(db);
  const [total, rows] = await Promise.all([countRegistryRecords(db, q.groupId), registryRecordsPage(db, q.groupId, offset, limit)]);
  const out: RecognitionCoverage["rows"] = [];
  for (const row of rows) {
    const site = packSite(attributes, mapping, row, await own(row.template_id));
    const name = (q.fieldSet === "wdpca2025" ? (site.values.NAME_ENG ?? site.values.NAME) : (site.values.NAME ?? site.values.ORIG_NAME)) ?? null;
    out.push({ id: row.id, name: name === null ? null : String(name), missing: site.missing });
  }
  return { fieldSet: q.fieldSet, total, offset, limit, rows: out };
}

/** `GET recognition/pack`: how many records a pack would hold. */
export async function packInfo(db: Db, account: Account, groupId: number | null): Promise<RecognitionPackInfo> {
  await requirePackMaker(db, account, groupId);
  return { groupId, records: await countRegistryRecords(db, groupId) };
}

// ── The pack ─────────────────────────────────────────────────────────────────────────────────────

export interface PackEnv {
  db: Db;
  fileStore: FileStore;
  tempDir: string;
  siteUrl: string;
  logger: Logger;
  heartbeatMs?: number;
}

export interface PackJob {
  logId: number;
  fieldSet: FieldSetId;
  format: PackFormat;
  groupId: number | null;
  /** The group's name or the site's, for the source table. */
  scopeName: string;
}

/** The source (metadata) row of a pack. */
export function sourceRow(job: Pick<PackJob, "fieldSet" | "scopeName">, siteUrl: string, now = new Date()): SourceRow {
  const site = SITE_CONFIG.SITE.TITLE.en;
  return {
    METADATAID: 1,
    DATA_TITLE: `${site}: community conserved areas of ${job.scopeName} for the WDPCA and the ICCA Registry`,
    RESP_PARTY: `${site} (${siteUrl})`,
    RESP_EMAIL: "",
    YEAR: now.getUTCFullYear(),
    CHAR_SET: "UTF-8",
    REF_SYSTEM: "WGS 84 (EPSG:4326)",
    SCALE: "Not Reported",
    LINEAGE:
      "Records documented by communities on the portal, each with the community's consent to be submitted to international registries. " +
      "Values as the public sees them: withheld or embargoed values are empty, generalised places are their 0.1 degree cell, generalised numbers empty or their range. " +
      "Areas in km2 from the record, else from its exact boundary (spherical area).",
    CITATION: `${site}, ${siteUrl}, ${now.toISOString().slice(0, 10)}`,
    DISCLAIMER: "Provisional site ids are the portal's record ids; UNEP-WCMC assigns the final WDPCA ids. Check with the communities before any use beyond the registries.",
    LANGUAGE: "English; Hindi",
    STANDARD: STANDARD_VERSIONS[job.fieldSet],
  };
}

/** Writes one pack's file and keeps its log row up to date; failures end as `failed` (the half-written file removed). */
export async function runPack(env: PackEnv, job: PackJob, onProgress?: (done: number, total: number) => void): Promise<void> {
  const { db } = env;
  fs.mkdirSync(env.tempDir, { recursive: true });
  const fileName = `${job.logId}-${crypto.randomBytes(8).toString("hex")}.${PACK_EXTENSIONS[job.format]}`;
  const file = path.join(env.tempDir, `pack-${fileName}`);
  let writer: PackFileWriter | null = null;
  try {
    const { mapping } = await mappingOf(db, job.fieldSet);
    const attributes = FIELD_SET_ATTRIBUTES[job.fieldSet];
    const own = ownFieldsCache(db);
    const total = await countRegistryRecords(db, job.groupId);
    await markExportRunning(db, job.logId, total);
    writer = await packFileWriter(job.format, file, attributes);
    let after = 0;
    let done = 0;
    for (;;) {
      const rows: RegistryRecordRow[] = await registryRecordsAfter(db, job.groupId, after, PACK_BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        const site = packSite(attributes, mapping, row, await own(row.template_id));
        await writer.add(site, row.centroid_lon !== null && row.centroid_lat !== null ? [row.centroid_lon, row.centroid_lat] : null);
      }
      after = rows[rows.length - 1]!.id;
      done += rows.length;
      onProgress?.(done, Math.max(total, done));
      await markExportProgress(db, job.logId, done);
    }
    await writer.finish(sourceRow(job, env.siteUrl));
    writer = null;
    const size = fs.statSync(file).size;
    await env.fileStore.putFile(exportKeyOf(fileName), file);
    fs.rmSync(file, { force: true });
    await markExportDone(db, job.logId, fileName, size);
  } catch (error) {
    writer?.abort();
    fs.rmSync(file, { force: true });
    env.logger.error(`[recognition] pack ${job.logId} failed:`, error);
    await markExportFailed(db, job.logId, error instanceof Error ? error.message : "failed").catch(() => undefined);
  }
}

/** `POST recognition/pack`: logs the pack and writes it in the background; its download log entry (202). */
export async function startPack(env: PackEnv, account: Account, body: unknown, language: TemplateLanguage) {
  const input = await validateWith(recognitionPackSchema, body);
  const groupId = input.groupId ?? null;
  await requirePackMaker(env.db, account, groupId);
  const group = groupId === null ? null : await findGroupBase(env.db, groupId);
  const fieldSet = input.fieldSet as FieldSetId;
  const format = input.format as PackFormat;
  const scopeName = group ? group.name : "the whole site";
  const id = await insertPack(env.db, {
    userId: account.id,
    format,
    fieldSet,
    groupId,
    language,
    notes: `WDPCA / ICCA Registry pack (${fieldSet}, ${format})${group ? ` of ${group.name}` : ""}`.slice(0, 200),
    filterUrl: group ? `/group/${group.slug}/admin/recognition` : "/admin/recognition",
  });
  void enqueueExportWork(env, id, () => runPack(env, { logId: id, fieldSet, format, groupId, scopeName }));
  const row = await findDownloadLog(env.db, id);
  return toExportLog(row!, account, isExportActive(id));
}
