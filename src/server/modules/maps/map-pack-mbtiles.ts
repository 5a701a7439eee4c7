/**
 * An offline map pack as an MBTiles 1.3 file (https://github.com/mapbox/mbtiles-spec/blob/master/1.3/spec.md),
 * the SQLite database ODK Collect, Mapeo, QGIS and GDAL open: a `metadata` table (name, format png,
 * bounds, center, minzoom, maxzoom, type, version, description, attribution) and a `tiles` table
 * (zoom_level, tile_column, tile_row in TMS order — counted from the bottom —, tile_data) with its
 * unique index; `application_id` 0x4d504258 ("MPBX") in the header. SQLite is node-sqlite3-wasm
 * (WebAssembly writing straight to its file; server-only, in next.config.js serverExternalPackages).
 *
 * The file is written to `file` as tiles come (a throwaway until it is complete: no journal, no fsync,
 * an exclusive lock) and removed when anything fails; WebAssembly memory is freed on every path.
 */
import fs from "node:fs";
import type { MapPackBbox } from "@/contracts/map-pack";
import { tmsRow } from "./map-pack-plan";

export const MBTILES_APPLICATION_ID = 0x4d504258;
/** Tiles written per transaction. */
const BATCH = 256;

export interface MbtilesMetadata {
  name: string;
  description: string;
  attribution: string;
  bounds: MapPackBbox;
  center: [lon: number, lat: number, zoom: number];
  minzoom: number;
  maxzoom: number;
  /** The pack's version. */
  version: string;
}

export interface PackTile {
  z: number;
  x: number;
  /** XYZ row (from the top); written as the TMS row. */
  y: number;
  data: Uint8Array;
}

let sqlite: Promise<typeof import("node-sqlite3-wasm")> | undefined;
function loadSqlite(): Promise<typeof import("node-sqlite3-wasm")> {
  sqlite ??= import("node-sqlite3-wasm")
    .then((m) => (m as { default?: typeof import("node-sqlite3-wasm") }).default ?? m)
    .catch((e: unknown) => {
      sqlite = undefined;
      throw e;
    });
  return sqlite;
}

/** Removes a file written here and the lock folder the SQLite VFS keeps beside it. */
export function removeMbtiles(file: string): void {
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.lock`, { recursive: true, force: true });
}

const fixed = (v: number, digits: number) => String(Number(v.toFixed(digits)));

/** The metadata rows of the spec (values are text). */
export function metadataRows(meta: MbtilesMetadata): Array<[string, string]> {
  return [
    ["name", meta.name],
    ["format", "png"],
    ["bounds", meta.bounds.map((v) => fixed(v, 6)).join(",")],
    ["center", [fixed(meta.center[0], 6), fixed(meta.center[1], 6), String(meta.center[2])].join(",")],
    ["minzoom", String(meta.minzoom)],
    ["maxzoom", String(meta.maxzoom)],
    ["type", "baselayer"],
    ["version", meta.version],
    ["description", meta.description],
    ["attribution", meta.attribution],
  ];
}

/**
 * Writes the MBTiles file: metadata, then every tile `tiles` yields. Returns how many tiles went in.
 * On any failure the file is removed and the error passed on.
 */
export async function writeMbtiles(file: string, meta: MbtilesMetadata, tiles: AsyncIterable<PackTile>): Promise<number> {
  const { Database } = await loadSqlite();
  fs.writeFileSync(file, "");
  let db: InstanceType<typeof Database> | null = null;
  let count = 0;
  try {
    db = new Database(file);
    db.exec(
      [
        `PRAGMA application_id = ${MBTILES_APPLICATION_ID}`,
        "PRAGMA journal_mode = OFF",
        "PRAGMA synchronous = OFF",
        "PRAGMA locking_mode = EXCLUSIVE",
        "PRAGMA cache_size = -8192",
        "CREATE TABLE metadata (name text, value text)",
        "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)",
      ].join("; "),
    );
    const database = db;
    const run = (work: () => void) => {
      database.exec("BEGIN");
      work();
      database.exec("COMMIT");
    };
    run(() => {
      for (const row of metadataRows(meta)) database.run("INSERT INTO metadata (name, value) VALUES (?, ?)", row);
    });
    let batch: PackTile[] = [];
    const flush = () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      run(() => {
        const insert = database.prepare("INSERT INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)");
        try {
          for (const t of rows) insert.run([t.z, t.x, tmsRow(t.z, t.y), t.data]);
        } finally {
          insert.finalize();
        }
      });
      count += rows.length;
    };
    for await (const tile of tiles) {
      batch.push(tile);
      if (batch.length >= BATCH) flush();
    }
    flush();
    // The index the spec names, built once at the end (faster than row by row).
    db.exec("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)");
    db.close();
    db = null;
    fs.rmSync(`${file}.lock`, { recursive: true, force: true });
    return count;
  } catch (e) {
    try {
      db?.close();
    } catch {
      // Closing after a failed write: the file goes anyway.
    }
    removeMbtiles(file);
    throw e;
  }
}
