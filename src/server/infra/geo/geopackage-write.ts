/**
 * Writes an OGC GeoPackage (1.3, https://www.geopackage.org/spec130/): the file QGIS, ArcGIS and GDAL
 * open directly. SQLite is node-sqlite3-wasm (WebAssembly with file system access; server-only, listed in
 * next.config.js serverExternalPackages so it loads its .wasm from node_modules): the database is written
 * to its file as rows come, never held whole in memory.
 *
 * What the file holds:
 * - `application_id` 'GPKG' (0x47504B47) and `user_version` 10300 in the SQLite header;
 * - `gpkg_spatial_ref_sys` with EPSG:4326 and the undefined cartesian (-1) and geographic (0) rows,
 *   `gpkg_contents` (one row per table, with the features' extent) and `gpkg_geometry_columns`;
 * - feature tables (`data_type` 'features'): `fid INTEGER PRIMARY KEY AUTOINCREMENT`, a `geom` column of
 *   type MULTIPOLYGON or POINT in WGS 84 (EPSG:4326, longitude/latitude, 2D) and the attribute columns;
 *   a Polygon is written as a one-part MultiPolygon; a geometry that does not fit the layer (a line, a
 *   point in a polygon layer, an empty or non-finite shape) is written as a null geometry;
 * - attribute tables (`data_type` 'attributes'): the same without a geometry column (a metadata table).
 *
 * Geometries are GeoPackage binary: the 'GP' header (version 0, flags: little-endian, envelope
 * [minx, maxx, miny, maxy] for polygons and none for points, as GDAL writes them), srs_id 4326, then
 * ISO WKB. No R-tree spatial index: the SQLite build has no rtree module ("no such module: rtree"), and
 * the index is optional (QGIS and GDAL read the file without it; `ogr2ogr` can add one).
 *
 * The file is a throwaway until `finish()`: no rollback journal, no fsync, an exclusive lock and a page
 * cache of `CACHE_KIB` (pages beyond it go to the file), so memory stays flat however many rows go in.
 * Without a journal a failed write cannot be rolled back: after an error the writer refuses more work,
 * and `abort()` removes the file. WebAssembly memory is not garbage-collected: every prepared statement is
 * finalized and the database closed by `finish()` or `abort()`, which the caller must reach.
 *
 * Rows go in through one prepared statement per `insert` call, inside one transaction; the pack feeds
 * them in batches. A value that does not fit its column's type is written as null (geo-columns.ts).
 */
import fs from "node:fs";
import type { Geometry, Position } from "geojson";
import type { Database } from "node-sqlite3-wasm";
import { fitValue, type GeoColumn } from "./geo-columns";

export type { GeoColumn, GeoColumnType } from "./geo-columns";

export interface GeoLayer {
  /** The table's name: letters, digits and underscores, starting with a letter (not `gpkg_`/`rtree_`). */
  name: string;
  /** gpkg_contents.identifier (the name QGIS shows); the table's name when absent. */
  title?: string;
  description?: string;
  /** null: an attributes table (no geometry column). */
  geometry: "MULTIPOLYGON" | "POINT" | null;
  columns: GeoColumn[];
}

export interface GeoRow {
  geometry?: Geometry | null;
  properties: Record<string, string | number | null>;
}

export interface GeoPackageWriter {
  /** The file written. */
  readonly file: string;
  /** Creates the layer's table and registers it in gpkg_contents (and gpkg_geometry_columns). */
  addLayer(layer: GeoLayer): void;
  /** Appends rows to a layer, in one transaction per call. */
  insert(layerName: string, rows: GeoRow[]): void;
  /** Brings the extents and last_change up to date and closes the file: the GeoPackage is complete. */
  finish(): void;
  /** Closes the database and removes the unfinished file; nothing once `finish()` has run. */
  abort(): void;
}

export const GPKG_APPLICATION_ID = 0x47504b47;
export const GPKG_USER_VERSION = 10300;
const SRS_ID = 4326;
const GEOMETRY_COLUMN = "geom";

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]';

const SCHEMA = [
  `CREATE TABLE gpkg_spatial_ref_sys (
    srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
    organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`,
  `CREATE TABLE gpkg_contents (
    table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
    description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
    CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id))`,
  `CREATE TABLE gpkg_geometry_columns (
    table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
    srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
    CONSTRAINT uk_gc_table_name UNIQUE (table_name),
    CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
    CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id))`,
];

/** The page cache in KiB (SQLite's `cache_size` when negative): the writer's memory beyond its rows. */
export const CACHE_KIB = 8192;

type SqlValue = string | number | Uint8Array | null;

const SRS_ROWS: SqlValue[][] = [
  ["Undefined cartesian SRS", -1, "NONE", -1, "undefined", "undefined cartesian coordinate reference system"],
  ["Undefined geographic SRS", 0, "NONE", 0, "undefined", "undefined geographic coordinate reference system"],
  ["WGS 84 geodetic", SRS_ID, "EPSG", 4326, WGS84_WKT, "longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid"],
];

let sqlite: Promise<typeof import("node-sqlite3-wasm")> | undefined;
/** The SQLite module, loaded on first use (it instantiates its WebAssembly synchronously). */
function loadSqlite(): Promise<typeof import("node-sqlite3-wasm")> {
  sqlite ??= import("node-sqlite3-wasm")
    .then((m) => ((m as { default?: typeof import("node-sqlite3-wasm") }).default ?? m))
    .catch((e: unknown) => {
      sqlite = undefined;
      throw e;
    });
  return sqlite;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const LAYER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

// ── Geometry: GeoJSON → GeoPackage binary ────────────────────────────────────────────────────────

type Ring = Position[];
type Polygon2D = Ring[];
type Envelope = [minX: number, maxX: number, minY: number, maxY: number];

const finite = (p: Position) => p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** A ring closed (first point repeated at the end), or null when it has fewer than 3 distinct corners or a bad coordinate. */
function closedRing(ring: Position[]): Ring | null {
  if (!ring.every(finite)) return null;
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
  return closed.length >= 4 ? closed : null;
}

/** The polygons of a polygonal geometry (holes that cannot be rings dropped; a polygon without its outer ring dropped). */
function polygonsOf(g: Geometry): Polygon2D[] {
  const raw = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : g.type === "GeometryCollection" ? g.geometries.flatMap(polygonsOf) : [];
  const out: Polygon2D[] = [];
  for (const rings of raw) {
    const outer = rings[0] ? closedRing(rings[0]) : null;
    if (!outer) continue;
    out.push([outer, ...rings.slice(1).map(closedRing).filter((r): r is Ring => r !== null)]);
  }
  return out;
}

function pointOf(g: Geometry): Position | null {
  if (g.type === "Point") return finite(g.coordinates) ? g.coordinates : null;
  if (g.type === "MultiPoint" && g.coordinates.length === 1) return finite(g.coordinates[0]!) ? g.coordinates[0]! : null;
  return null;
}

function gpHeader(view: DataView, envelope: Envelope | null): number {
  view.setUint8(0, 0x47); // 'G'
  view.setUint8(1, 0x50); // 'P'
  view.setUint8(2, 0); // version 1 of the binary format
  view.setUint8(3, (envelope ? 1 << 1 : 0) | 1); // envelope [minx, maxx, miny, maxy] (or none), little-endian
  view.setInt32(4, SRS_ID, true);
  if (!envelope) return 8;
  envelope.forEach((v, i) => view.setFloat64(8 + i * 8, v, true));
  return 40;
}

/** GeoPackage binary of a MultiPolygon (with its envelope), or null when nothing polygonal is left. */
function multiPolygonBlob(g: Geometry, extent: Envelope): Uint8Array | null {
  const polygons = polygonsOf(g);
  if (polygons.length === 0) return null;
  const env: Envelope = [Infinity, -Infinity, Infinity, -Infinity];
  let size = 9;
  for (const rings of polygons) {
    size += 9;
    for (const ring of rings) {
      size += 4 + 16 * ring.length;
      for (const p of ring) {
        env[0] = Math.min(env[0], p[0]!);
        env[1] = Math.max(env[1], p[0]!);
        env[2] = Math.min(env[2], p[1]!);
        env[3] = Math.max(env[3], p[1]!);
      }
    }
  }
  const bytes = new Uint8Array(40 + size);
  const view = new DataView(bytes.buffer);
  let at = gpHeader(view, env);
  const head = (type: number, count: number) => {
    view.setUint8(at, 1); // little-endian
    view.setUint32(at + 1, type, true);
    view.setUint32(at + 5, count, true);
    at += 9;
  };
  head(6, polygons.length); // MultiPolygon
  for (const rings of polygons) {
    head(3, rings.length); // Polygon
    for (const ring of rings) {
      view.setUint32(at, ring.length, true);
      at += 4;
      for (const p of ring) {
        view.setFloat64(at, p[0]!, true);
        view.setFloat64(at + 8, p[1]!, true);
        at += 16;
      }
    }
  }
  grow(extent, env);
  return bytes;
}

function pointBlob(g: Geometry, extent: Envelope): Uint8Array | null {
  const p = pointOf(g);
  if (!p) return null;
  const bytes = new Uint8Array(8 + 21);
  const view = new DataView(bytes.buffer);
  const at = gpHeader(view, null);
  view.setUint8(at, 1);
  view.setUint32(at + 1, 1, true); // Point
  view.setFloat64(at + 5, p[0]!, true);
  view.setFloat64(at + 13, p[1]!, true);
  grow(extent, [p[0]!, p[0]!, p[1]!, p[1]!]);
  return bytes;
}

function grow(extent: Envelope, by: Envelope) {
  extent[0] = Math.min(extent[0], by[0]);
  extent[1] = Math.max(extent[1], by[1]);
  extent[2] = Math.min(extent[2], by[2]);
  extent[3] = Math.max(extent[3], by[3]);
}

// ── The writer ───────────────────────────────────────────────────────────────────────────────────

interface LayerState {
  layer: GeoLayer;
  insertSql: string;
  extent: Envelope;
}

/** Removes a file the writer made and the lock folder the SQLite VFS keeps beside it (`<file>.lock`). */
function removeFiles(file: string) {
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.lock`, { recursive: true, force: true });
}

/**
 * A GeoPackage written to `file` (made anew: an existing file is replaced). Call `finish()` to complete
 * it or `abort()` to drop it; either frees the WebAssembly memory.
 */
export async function createGeoPackage(file: string): Promise<GeoPackageWriter> {
  const { Database: SqliteDatabase } = await loadSqlite();
  // An empty file is an empty SQLite database; made here so it gets the process's usual file mode.
  fs.writeFileSync(file, "");
  let db: Database | null = null;
  let state: "open" | "failed" | "finished" | "aborted" = "open";
  const layers = new Map<string, LayerState>();

  const open = (): Database => {
    if (state === "failed") throw new Error("GeoPackage writer failed earlier; abort it");
    if (!db || state !== "open") throw new Error("GeoPackage writer is closed");
    return db;
  };

  /** Work that changes the file, in one transaction; a failure leaves the file unusable (no journal). */
  const write = (work: (d: Database) => void) => {
    const d = open();
    d.exec("BEGIN");
    try {
      work(d);
      d.exec("COMMIT");
    } catch (e) {
      state = "failed";
      throw e;
    }
  };

  try {
    db = new SqliteDatabase(file);
    db.exec(
      [
        `PRAGMA application_id = ${GPKG_APPLICATION_ID}`,
        `PRAGMA user_version = ${GPKG_USER_VERSION}`,
        // A throwaway file until finish(): nothing to roll back to, nothing to fsync, nobody else to share with.
        "PRAGMA journal_mode = OFF",
        "PRAGMA synchronous = OFF",
        "PRAGMA locking_mode = EXCLUSIVE",
        `PRAGMA cache_size = -${CACHE_KIB}`,
      ].join("; "),
    );
    write((d) => {
      for (const statement of SCHEMA) d.exec(statement);
      for (const row of SRS_ROWS) d.run("INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)", row);
    });
  } catch (e) {
    db?.close();
    removeFiles(file);
    throw e;
  }

  return {
    file,

    addLayer(layer) {
      open();
      if (!LAYER_NAME.test(layer.name) || /^(gpkg|rtree)_/i.test(layer.name)) throw new Error(`GeoPackage layer name "${layer.name}" is not a plain table name`);
      if ([...layers.keys()].some((n) => n.toLowerCase() === layer.name.toLowerCase())) throw new Error(`GeoPackage layer "${layer.name}" is added twice`);
      const seen = new Set(["fid", ...(layer.geometry ? [GEOMETRY_COLUMN] : [])]);
      for (const c of layer.columns) {
        const key = c.name.toLowerCase();
        if (!c.name || c.name.includes("\0") || seen.has(key)) throw new Error(`GeoPackage layer "${layer.name}": column "${c.name}" is empty, repeated or reserved`);
        seen.add(key);
      }
      const definitions = [
        "fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL",
        ...(layer.geometry ? [`${GEOMETRY_COLUMN} ${layer.geometry}`] : []),
        ...layer.columns.map((c) => `${quote(c.name)} ${c.type}`),
      ];
      const names = [...(layer.geometry ? [GEOMETRY_COLUMN] : []), ...layer.columns.map((c) => quote(c.name))];
      write((d) => {
        d.exec(`CREATE TABLE ${quote(layer.name)} (${definitions.join(", ")})`);
        d.run("INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id) VALUES (?, ?, ?, ?, ?)", [
          layer.name,
          layer.geometry ? "features" : "attributes",
          layer.title ?? layer.name,
          layer.description ?? "",
          layer.geometry ? SRS_ID : null,
        ]);
        if (layer.geometry) {
          d.run("INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, ?, 0, 0)", [layer.name, GEOMETRY_COLUMN, layer.geometry, SRS_ID]);
        }
      });
      layers.set(layer.name, {
        layer,
        insertSql: names.length
          ? `INSERT INTO ${quote(layer.name)} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`
          : `INSERT INTO ${quote(layer.name)} DEFAULT VALUES`,
        extent: [Infinity, -Infinity, Infinity, -Infinity],
      });
    },

    insert(layerName, rows) {
      open();
      const target = layers.get(layerName);
      if (!target) throw new Error(`GeoPackage layer "${layerName}" was not added`);
      if (rows.length === 0) return;
      const { layer, extent } = target;
      const blobOf = layer.geometry === "MULTIPOLYGON" ? multiPolygonBlob : pointBlob;
      write((d) => {
        const statement = d.prepare(target.insertSql);
        try {
          const values: SqlValue[] = [];
          for (const row of rows) {
            values.length = 0;
            if (layer.geometry) values.push(row.geometry ? blobOf(row.geometry, extent) : null);
            for (const c of layer.columns) values.push(fitValue(c.type, row.properties[c.name]));
            statement.run(values);
          }
        } finally {
          statement.finalize();
        }
      });
    },

    finish() {
      write((d) => {
        for (const [name, { layer, extent: e }] of layers) {
          const has = layer.geometry !== null && Number.isFinite(e[0]);
          d.run(
            "UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ?, last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?",
            [has ? e[0] : null, has ? e[2] : null, has ? e[1] : null, has ? e[3] : null, name],
          );
        }
      });
      db!.close();
      db = null;
      state = "finished";
    },

    abort() {
      if (state === "finished" || state === "aborted") return;
      state = "aborted";
      try {
        db?.close();
      } finally {
        db = null;
        removeFiles(file);
      }
    },
  };
}
