/**
 * The main search uses the indexes at 10,000 records (bulk path of the record write core), on both
 * databases: the filters are answered from the partial value indexes, never by reading all records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSyntheticRecords } from "@/server/modules/records/bulk-records.service";
import { parseDataQuery } from "@/server/modules/records/data-query";
import { searchSql } from "@/server/modules/records/data.repository";
import { resolveQuery } from "@/server/modules/records/data.service";
import type { Db } from "@/server/infra/db/db";
import { runMigrations } from "@/server/migrations/migrate";
import { seedDemo } from "@/server/seed/demo";
import { createFreshDatabase, makeTempDir, removeDir, TEST_DB } from "./helpers/test-database";
import { directoryFileStore } from "@/server/infra/files/file-store";

let db: Db;
let dispose: () => Promise<void>;
const dir = makeTempDir();

beforeAll(async () => {
  ({ db, dispose } = await createFreshDatabase());
  await runMigrations(db);
  await seedDemo(db, { fileStore: directoryFileStore(`${dir}/files`), siteUrl: "http://localhost:3000" });
  await insertSyntheticRecords(db, { records: 10_000, seed: 3, batch: 2000 });
  for (const table of ["cca_data", "cca_data_value", "cca_data_user_group"]) await db.exec(`vacuum analyze ${table}`);
}, 300_000);

afterAll(async () => {
  await dispose?.();
  removeDir(dir);
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe(`[DATA] the main search at 10,000 records (${TEST_DB})`, () => {
  it("answers a search with three filters from the value indexes, without a sequential scan", async () => {
    const query = parseDataQuery({ state: ["Odisha", "Kerala"], "ecosystem-type": "Forest|Sacred grove", "area-ha": "10-5000", query: "" });
    const { spec } = await resolveQuery(db, query);
    const { sql, params } = await searchSql(db, spec, 0, 10);
    const [row] = await db.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
    const raw = row!["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const nodes = nodesOf(plan[0]!.Plan);
    const indexes = nodes.map((n) => n["Index Name"]).filter(Boolean);
    expect(indexes, JSON.stringify(plan)).toContain("cca_data_value_option_idx");
    expect(nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
    const total = await db.one<{ n: number }>("select count(*)::integer as n from cca_data");
    expect(total.n).toBeGreaterThanOrEqual(10_000);
  });

  it("pages the whole set by title A–Z from the title index without sorting every record; oldest first reads no table whole (issue 28 item 9 c)", async () => {
    const planOf = async (query: Record<string, string>) => {
      const { spec } = await resolveQuery(db, parseDataQuery(query));
      const { sql, params } = await searchSql(db, spec, 0, 10, parseDataQuery(query).sort);
      const [row] = await db.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
      const raw = row!["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      return { nodes: nodesOf(plan[0]!.Plan), text: JSON.stringify(plan) };
    };
    const title = await planOf({ sort: "title" });
    expect(title.nodes.map((n) => n["Index Name"]), title.text).toContain("cca_data_title_sort_idx");
    expect(title.nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Seq Scan"), title.text).toEqual([]);
    // Newest and oldest order by id: the window count reads every match anyway, so the planner may sort
    // the ids it has (as it does for newest) but never scans a table whole.
    const oldest = await planOf({ sort: "oldest" });
    expect(oldest.nodes.filter((n) => n["Node Type"] === "Seq Scan"), oldest.text).toEqual([]);
    const rows = await db.query<{ n: number }>("select count(*)::integer as n from cca_data where title_sort is not null");
    expect(rows[0]!.n).toBeGreaterThanOrEqual(10_000);
  });

  it("finds records by a word prefix through the GIN index", async () => {
    const { spec } = await resolveQuery(db, parseDataQuery({ query: "1234" }) /* the number in a synthetic name: a handful of records */);
    const { sql, params } = await searchSql(db, spec, 0, 10);
    const [row] = await db.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
    const raw = row!["QUERY PLAN"];
    const text = typeof raw === "string" ? raw : JSON.stringify(raw);
    expect(text).toContain("cca_data_search_idx");
  });
});
