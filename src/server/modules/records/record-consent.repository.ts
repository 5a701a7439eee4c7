/**
 * SQL of a record's consent (migration 0023): the history (`cca_data_consent`) and the current consent
 * copied onto `cca_data` with `is_public`, the flag of the public tier (public consent and published, 0026;
 * its trigger carries it into the value index and the group rows).
 */
import type { ConsentAudience, ConsentGiver, ConsentMethod } from "@/contracts/consent";
import type { Queryable } from "../../infra/db/db";

export interface ConsentRow {
  id: number;
  data_id: number;
  audience: ConsentAudience;
  registries: boolean;
  given_by: ConsentGiver;
  method: ConsentMethod;
  /** `YYYY-MM-DD`. */
  given_on: string;
  document: string | null;
  note: string | null;
  recorded_by: number | null;
  recorded_on: Date;
}

export type ConsentInsertRow = Omit<ConsentRow, "id" | "recorded_on">;

/** Records consents (one statement) and makes each the current consent of its record. */
export async function insertConsents(tx: Queryable, rows: readonly ConsentInsertRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into cca_data_consent (data_id, audience, registries, given_by, method, given_on, document, note, recorded_by)
     select x.data_id, x.audience, x.registries, x.given_by, x.method, x.given_on, x.document, x.note, x.recorded_by
       from jsonb_to_recordset($1::jsonb) as x(data_id integer, audience text, registries boolean, given_by text, method text, given_on date,
            document text, note text, recorded_by integer)`,
    [JSON.stringify(rows)],
  );
  await tx.query(
    `update cca_data d set consent_audience = x.audience, consent_registries = x.registries, is_public = (x.audience = 'PUBLIC' and d.review_state = 'PUBLISHED')
       from jsonb_to_recordset($1::jsonb) as x(data_id integer, audience text, registries boolean)
      where d.id = x.data_id
        and (d.consent_audience, d.consent_registries, d.is_public) is distinct from (x.audience, x.registries, x.audience = 'PUBLIC' and d.review_state = 'PUBLISHED')`,
    [JSON.stringify(rows.map((r) => ({ data_id: r.data_id, audience: r.audience, registries: r.registries })))],
  );
}

/** A record's consents, newest first. */
export function findConsents(db: Queryable, dataId: number): Promise<ConsentRow[]> {
  return db.query<ConsentRow>(
    `select id, data_id, audience, registries, given_by, method, to_char(given_on, 'YYYY-MM-DD') as given_on, document, note, recorded_by, recorded_on
       from cca_data_consent where data_id = $1 order by id desc`,
    [dataId],
  );
}
