/**
 * Loads the demo records (demo-records.ts) with the record write core, once per database (marker
 * `seed.demo.records`): in a fresh demo seed after the templates, and on a database seeded before
 * records existed at its next start. Images go into the files store first.
 */
import { replaceLabels } from "../modules/labels/label.repository";
import { updateOverrides } from "../modules/records/record-treatments.repository";
import { rederiveRecords } from "../modules/records/public-places.service";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Db, Queryable } from "../infra/db/db";
import type { FileStore } from "../infra/files/file-store";
import type { StoredFieldValue } from "../modules/records/record-values";
import { loadRecordTemplate, type RecordTemplate } from "../modules/templates/template-loader.service";
import { createRecord } from "../modules/records/record-write.service";
import { DEMO_RECORDS } from "./demo-records";
import { DEMO_RECORD_IMAGES } from "./demo-record-images";

export const DEMO_RECORDS_MARKER = "seed.demo.records";
const PLACEHOLDER = "seed-photo:";

/** The files-api address of a demo record image. */
export const demoRecordImagePath = (name: string) => `/files-api/api/get/raw/pages/seed/records/${name}`;

export async function writeDemoRecordImages(store: FileStore): Promise<void> {
  for (const [name, svg] of Object.entries(DEMO_RECORD_IMAGES)) {
    const key = `pages/seed/records/${name}`;
    if (!(await store.stat(key))) await store.put(key, svg);
  }
}

/** FILE values with "seed-photo:<name>" get the image's files-api path. */
export function resolveSeedPhotos(values: Record<string, StoredFieldValue>): Record<string, StoredFieldValue> {
  return Object.fromEntries(
    Object.entries(values).map(([id, v]) => {
      if (v.type !== "FILE" || !Array.isArray(v.value)) return [id, v];
      const files = (v.value as Array<Record<string, unknown>>).map((f) =>
        typeof f.path === "string" && f.path.startsWith(PLACEHOLDER) ? { ...f, path: demoRecordImagePath(f.path.slice(PLACEHOLDER.length)) } : f,
      );
      return [id, { ...v, value: files }];
    }),
  );
}

/** Creates the demo records in order (owners and groups looked up by e-mail and slug; unknown ones skipped). */
export async function insertDemoRecords(tx: Queryable): Promise<number> {
  const users = new Map((await tx.query<{ id: number; email: string }>("select id, lower(email) as email from app_user where email is not null")).map((u) => [u.email, u.id]));
  const groups = new Map((await tx.query<{ id: number; slug: string }>("select id, lower(slug) as slug from user_group where not is_deleted")).map((g) => [g.slug, g.id]));
  const templates = new Map<string, RecordTemplate | null>();
  let created = 0;
  for (const record of DEMO_RECORDS) {
    if (!templates.has(record.shortName)) templates.set(record.shortName, await loadRecordTemplate(tx, { shortName: record.shortName }).catch(() => null));
    const template = templates.get(record.shortName);
    const userId = users.get(record.ownerEmail.toLowerCase());
    if (!template || userId === undefined) continue;
    const id = await createRecord(tx, {
      template,
      userId,
      values: resolveSeedPhotos(record.values),
      userGroupIds: record.groupSlugs.map((s) => groups.get(s.toLowerCase())).filter((g): g is number => g !== undefined),
      createdOn: record.createdOn,
      location: record.location,
      ...(record.consent ? { consent: record.consent } : {}),
    });
    // Labels and treatments (issue 30): stored, then the record's public form derived with them.
    if (record.labels) await replaceLabels(tx, "record", id, userId, record.labels.map((labelId) => ({ labelId, text: null })));
    if (record.restrictions) await updateOverrides(tx, id, record.restrictions);
    if (record.labels || record.restrictions) await rederiveRecords(tx, [id]);
    created++;
  }
  await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_RECORDS_MARKER, new Date().toISOString()]);
  return created;
}

/** A demo database seeded before records existed gets them once. Returns whether it added them. */
export async function seedDemoRecordsWhenMissing(db: Db, store: FileStore): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_RECORDS_MARKER])) return false;
  await writeDemoRecordImages(store);
  await db.transaction((tx) => insertDemoRecords(tx));
  invalidateCache(CACHE_KEYS.records);
  return true;
}
