/**
 * 0018: content HTML stored before the content rule kept ids out of the application's namespace
 * (issue 27: an element `id="__NEXT_DATA__"` in a record's rich text clobbered Next's data script) is
 * cleaned again with today's rule (`src/shared/html/sanitize-page-html.ts`): pages and their
 * translations, home slides, announcements, and every RICHTEXT value of every record (stored raw
 * until then). A JS step (the rule is code); only rows whose HTML changes are written. Idempotent.
 */
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import type { Queryable } from "../infra/db/db";

/** Rows per read, so a large table is not held in memory at once. */
const BATCH = 500;

async function cleanColumn(tx: Queryable, table: string, keys: readonly string[], column: string): Promise<number> {
  const order = keys.join(", ");
  let changed = 0;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await tx.query<Record<string, string | number>>(`select ${order}, ${column} as html from ${table} order by ${order} limit ${BATCH} offset ${offset}`);
    for (const row of rows) {
      const html = String(row.html ?? "");
      const clean = cleanPageHtml(html);
      if (clean === html) continue;
      const where = keys.map((k, i) => `${k} = $${i + 2}`).join(" and ");
      await tx.query(`update ${table} set ${column} = $1 where ${where}`, [clean, ...keys.map((k) => row[k]!)]);
      changed++;
    }
    if (rows.length < BATCH) return changed;
  }
}

interface StoredValue {
  type?: unknown;
  value?: unknown;
}

/** Record rich text: every stored value of type RICHTEXT (the type is stored with the value). */
async function cleanRecords(tx: Queryable): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await tx.query<{ id: number; field_values: Record<string, StoredValue> | string }>(
      `select id, field_values from cca_data where id > $1 and field_values::text like '%RICHTEXT%' order by id limit ${BATCH}`,
      [after],
    );
    for (const row of rows) {
      after = row.id;
      const values = typeof row.field_values === "string" ? (JSON.parse(row.field_values) as Record<string, StoredValue>) : row.field_values;
      let dirty = false;
      for (const stored of Object.values(values)) {
        if (stored?.type !== "RICHTEXT" || typeof stored.value !== "string") continue;
        const clean = cleanPageHtml(stored.value);
        if (clean === stored.value) continue;
        stored.value = clean;
        dirty = true;
      }
      if (!dirty) continue;
      await tx.query("update cca_data set field_values = $2::jsonb where id = $1", [row.id, JSON.stringify(values)]);
      changed++;
    }
    if (rows.length < BATCH) return changed;
  }
}

export async function resanitiseContent(tx: Queryable): Promise<void> {
  await cleanColumn(tx, "page", ["id"], "content");
  await cleanColumn(tx, "page_translation", ["page_id", "language_id"], "content");
  await cleanColumn(tx, "home_slide_translation", ["slide_id", "language_id"], "description");
  await cleanColumn(tx, "announcement_translation", ["announcement_id", "language_id"], "description");
  await cleanRecords(tx);
}

export default resanitiseContent;
