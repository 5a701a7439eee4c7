/**
 * The download log (reference §3.1 `v1/downloadLog/list`, §3.6 `log/download`): what a signed-in
 * visitor downloaded or exported. Visitors see their own entries, administrators everyone's.
 */
import { ROLES } from "@site-config";
import type { DownloadLogEntry, DownloadLogList } from "@/contracts/document";
import type { Account } from "../accounts/account-context";
import type { Queryable, SqlParam } from "../db/db";

export interface DownloadLogInput {
  filePath: string;
  filterUrl: string | null;
  fileType: string;
  status: string;
  notes: string | null;
  sourceType: string;
}

interface Row {
  id: number;
  source_type: string;
  file_path: string;
  filter_url: string | null;
  file_type: string;
  status: string;
  notes: string | null;
  created_on: Date;
  user_id: number;
  name: string;
  profile_pic: string | null;
  roles: string[];
}

const SELECT = `select l.id, l.source_type, l.file_path, l.filter_url, l.file_type, l.status, l.notes, l.created_on,
                       u.id as user_id, u.name, u.profile_pic, u.roles
                  from document_download_log l join app_user u on u.id = l.user_id`;

const toEntry = (r: Row): DownloadLogEntry => ({
  id: r.id,
  user: { id: r.user_id, name: r.name, profilePic: r.profile_pic, isAdmin: r.roles.includes(ROLES.ADMIN) },
  sourceType: r.source_type,
  filePath: r.file_path,
  filterUrl: r.filter_url,
  fileType: r.file_type,
  status: r.status,
  notes: r.notes,
  createdOn: r.created_on.toISOString(),
});

/** Writes one entry (also for data exports: `sourceType` "CCA data" …). */
export async function logDownload(db: Queryable, userId: number, input: DownloadLogInput): Promise<DownloadLogEntry> {
  const { id } = await db.one<{ id: number }>(
    "insert into document_download_log (user_id, source_type, file_path, filter_url, file_type, status, notes) values ($1, $2, $3, $4, $5, $6, $7) returning id",
    [userId, input.sourceType, input.filePath, input.filterUrl, input.fileType, input.status, input.notes],
  );
  return toEntry(await db.one<Row>(`${SELECT} where l.id = $1`, [id]));
}

export async function listDownloadLogs(db: Queryable, account: Account, q: { offset: number; limit: number; sourceType: string | null }): Promise<DownloadLogList> {
  const params: SqlParam[] = [];
  const where: string[] = [];
  if (!account.isAdmin) {
    params.push(account.id);
    where.push(`l.user_id = $${params.length}`);
  }
  const base = where.length ? `where ${where.join(" and ")}` : "";
  const aggRows = await db.query<{ k: string; n: number }>(`select l.source_type as k, count(*)::integer as n from document_download_log l ${base} group by 1 order by 1`, params);
  if (q.sourceType) {
    params.push(q.sourceType);
    where.push(`l.source_type = $${params.length}`);
  }
  const filtered = where.length ? `where ${where.join(" and ")}` : "";
  const rows = await db.query<Row>(`${SELECT} ${filtered} order by l.created_on desc, l.id desc offset ${q.offset} limit ${q.limit}`, params);
  const { n } = await db.one<{ n: number }>(`select count(*)::integer as n from document_download_log l ${filtered}`, params);
  return { list: rows.map(toEntry), totalCount: n, aggregate: Object.fromEntries(aggRows.map((r) => [r.k, r.n])) };
}
