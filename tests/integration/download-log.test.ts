import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DownloadLogList } from "@/contracts/download-log";
import { runMigrations } from "@/server/migrations/migrate";
import { MIGRATIONS } from "@/server/migrations";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { insertDocumentDownload, insertExport } from "@/server/modules/exports/download-log.repository";
import { getAs, tokensOf } from "./helpers/accounts";
import { createFreshDatabase, TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const LIST = "user-api/api/v1/downloadLog/list";
const DOC_LIST = "document-api/api/v1/services/log/download/list";

describe(`[DOWNLOADS] migration 0017 moves document downloads into the one log (${TEST_DB})`, () => {
  it("keeps every document download with its user, file, document and date, and drops the second table", async () => {
    const { db, dispose } = await createFreshDatabase();
    try {
      const upTo = MIGRATIONS.findIndex((m) => m.id === "0017_one_download_log");
      await runMigrations(db, MIGRATIONS.slice(0, upTo));
      const { id: userId } = await db.one<{ id: number }>("insert into app_user (name) values ('Reader') returning id");
      const { id: docId } = await db.one<{ id: number }>(
        "insert into document (item_type_id, title, author_id, license_id, file_path) values (1, 'Sacred groves of Meghalaya', $1, 822, '/2026/report.pdf') returning id",
        [userId],
      );
      await db.query(
        `insert into download_log (user_id, type, short_name, notes, filter_url) values ($1, 'csv', 'cca', 'For the report', '/data/table/cca')`,
        [userId],
      );
      await db.query(
        `insert into document_download_log (user_id, source_type, file_path, filter_url, file_type, status, notes, created_on) values
           ($1, 'Document', '/files-api/api/get/raw/myUploads/2026/report.pdf', '/document/show/1', 'pdf', 'success', null, '2026-01-02T03:04:05Z'),
           ($1, 'Document', '/elsewhere/gone.pdf', null, 'pdf', 'odd', 'kept', '2026-01-03T00:00:00Z')`,
        [userId],
      );
      await runMigrations(db, MIGRATIONS);

      const rows = await db.query<{ source_type: string; type: string; file_path: string | null; document_id: number | null; status: string; notes: string | null; created_on: Date }>(
        "select source_type, type, file_path, document_id, status, notes, created_on from download_log order by created_on, id",
      );
      expect(rows).toHaveLength(3);
      const docs = rows.filter((r) => r.source_type === "document");
      expect(docs.map((r) => [r.file_path, r.document_id, r.status, r.notes])).toEqual([
        ["/files-api/api/get/raw/myUploads/2026/report.pdf", docId, "success", null],
        ["/elsewhere/gone.pdf", null, "success", "kept"],
      ]);
      expect(docs[0]!.created_on.toISOString()).toBe("2026-01-02T03:04:05.000Z");
      expect(await db.maybeOne("select 1 as found from information_schema.tables where table_name = 'document_download_log'")).toBeNull();
      // An export still needs its purpose; a document download needs its file.
      await expect(db.query(`insert into download_log (user_id, source_type, type, short_name, filter_url) values ($1, 'ccaData', 'csv', 'cca', '/x')`, [userId])).rejects.toThrow();
      await expect(db.query(`insert into download_log (user_id, source_type, type) values ($1, 'document', 'pdf')`, [userId])).rejects.toThrow();
    } finally {
      await dispose();
    }
  });
});

describe(`[DOWNLOADS] one list of exports and document downloads (${TEST_DB})`, () => {
  let api: TestPlatform;
  const tok = { admin: "", member: "", curator: "" };
  const ids = { memberDoc: 0, curatorExport: 0, curatorDoc: 0 };

  beforeAll(async () => {
    api = await createTestPlatform();
    tok.admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
    tok.member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
    tok.curator = (await tokensOf(api, SEED_USER_BY_ROLE.dataCurator.email!, SEED_USER_BY_ROLE.dataCurator.password)).access_token;
    const { id: templateId, short_name: shortName } = await api.db.one<{ id: number; short_name: string }>("select id, short_name from cca_template order by id limit 1");
    const doc = await api.db.one<{ id: number; title: string; file_path: string }>("select id, title, coalesce(file_path, '/x.pdf') as file_path from document where not is_deleted order by id limit 1");
    const file = (path: string) => `/files-api/api/get/raw/myUploads${path}`;
    ids.memberDoc = await insertDocumentDownload(api.db, { userId: SEED_USER_BY_ROLE.user.id, documentId: doc.id, filePath: file(doc.file_path), filterUrl: `/document/show/${doc.id}`, fileType: "pdf", status: "success", notes: null });
    ids.curatorExport = await insertExport(api.db, {
      userId: SEED_USER_BY_ROLE.dataCurator.id,
      format: "xlsx",
      shortName,
      templateId,
      language: "en",
      notes: "State report",
      filterUrl: `/data/table/${shortName}`,
      filters: {},
    });
    ids.curatorDoc = await insertDocumentDownload(api.db, { userId: SEED_USER_BY_ROLE.dataCurator.id, documentId: doc.id, filePath: file(doc.file_path), filterUrl: null, fileType: "pdf", status: "success", notes: null });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it("a visitor sees their own entries of both kinds, newest first, with counts per kind", async () => {
    const own = (await getAs(api, LIST, tok.curator)).body as DownloadLogList;
    expect(own.downloadLogList.map((l) => [l.id, l.sourceType])).toEqual([
      [ids.curatorDoc, "document"],
      [ids.curatorExport, "ccaData"],
    ]);
    expect(own).toMatchObject({ count: 2, aggregate: { ccaData: 1, document: 1 } });
    expect(own.downloadLogList[1]).toMatchObject({ type: "xlsx", notes: "State report", status: "pending" });
    const member = (await getAs(api, LIST, tok.member)).body as DownloadLogList;
    expect(member.downloadLogList.map((l) => l.id)).toEqual([ids.memberDoc]);
    expect(member.downloadLogList[0]).toMatchObject({ sourceType: "document", params: { documentId: expect.any(Number), title: expect.any(String) } });
  });

  it("filters by kind and pages on the server; administrators see everyone's", async () => {
    const exports = (await getAs(api, `${LIST}?sourceType=ccaData`, tok.curator)).body as DownloadLogList;
    expect(exports.downloadLogList.map((l) => l.id)).toEqual([ids.curatorExport]);
    expect(exports.count).toBe(1);
    expect(exports.aggregate).toEqual({ ccaData: 1, document: 1 });

    const all = (await getAs(api, `${LIST}?limit=100`, tok.admin)).body as DownloadLogList;
    expect(all.downloadLogList.map((l) => l.id)).toEqual(expect.arrayContaining([ids.memberDoc, ids.curatorDoc, ids.curatorExport]));
    expect(all.count).toBe(all.aggregate.ccaData + all.aggregate.document);
    const second = (await getAs(api, `${LIST}?limit=1&offset=1`, tok.admin)).body as DownloadLogList;
    expect(second.downloadLogList.map((l) => l.id)).toEqual([all.downloadLogList[1]!.id]);

    // The documents' path lists documents unless told otherwise.
    const docs = (await getAs(api, `${DOC_LIST}?limit=100`, tok.admin)).body as DownloadLogList;
    expect(docs.downloadLogList.every((l) => l.sourceType === "document")).toBe(true);
    expect(docs.count).toBe(all.aggregate.document);
    expect(((await getAs(api, `${DOC_LIST}?sourceType=all&limit=100`, tok.admin)).body as DownloadLogList).count).toBe(all.count);
  });

  it("answers a visitor (no token, as the original front end asks) an empty list, a bad token 401; bad paging or kinds a 4xx", async () => {
    for (const url of [LIST, `${DOC_LIST}?offset=0`]) {
      const anonymous = await getAs(api, url);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toMatchObject({ count: 0, downloadLogList: [], aggregate: { ccaData: 0, document: 0 } });
    }
    expect((await getAs(api, `${LIST}?offset=-1`)).status).toBe(400);
    expect((await getAs(api, LIST, "not-a-token")).status).toBe(401);
    expect((await getAs(api, `${LIST}?sourceType=maps`, tok.member)).status).toBe(400);
    expect((await getAs(api, `${LIST}?offset=-1`, tok.member)).status).toBe(400);
    expect((await getAs(api, `${LIST}?limit=1000`, tok.member)).status).toBe(400);
    // One entry: its downloader or an admin; an export's file route is for exports only.
    expect((await getAs(api, `user-api/api/v1/downloadLog/${ids.memberDoc}`, tok.curator)).status).toBe(403);
    expect((await getAs(api, `user-api/api/v1/downloadLog/${ids.memberDoc}`, tok.member)).body).toMatchObject({ sourceType: "document" });
    expect((await getAs(api, `cca-api/api/v1/data/all/download/${ids.memberDoc}`, tok.admin)).status).toBe(404);
  });
});
