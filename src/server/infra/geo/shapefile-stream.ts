/**
 * Streams Shapefile sets to files: the WDPCA pack at 100,000 records (issue 31) in bounded memory. The
 * bytes are the in-memory writer's (`shapefile-write.ts`): both use the encoders of `shapefile-encode.ts`.
 * - `createShapefileStream(base, …)`: `<base>.shp` and `<base>.shx` get each record as it comes (their
 *   100-byte headers, with the file length and bounding box, are written again at the end); the .dbf's
 *   column widths are only known once every row is in, so rows are spooled, fitted to their columns, to
 *   `<base>.dbf.ndjson` while the widths are tracked, then the spool is streamed into `<base>.dbf`.
 * - `createDbfStream(file, …)`: the same for a lone .dbf (a table without shapes).
 * - `zipShapefilesToFile`: the zip written to its file as it is made (fflate's streaming `Zip` and
 *   `ZipDeflate`), each part read in chunks, waiting for the file to drain.
 * Memory: a write buffer per file (`CHUNK_BYTES`) and a few numbers per .dbf column. `finish()` leaves
 * the parts for the zip (the caller removes them); `abort()` removes whatever was written.
 */
import fs from "node:fs";
import readline from "node:readline";
import { once } from "node:events";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import {
  DBF_END,
  DbfTable,
  ShapeEncoder,
  WGS84_PRJ,
  dbfHeader,
  dbfRecordLength,
  familyOf,
  writeDbfRecord,
  zipEntries,
  type DbfColumn,
  type ShapeFamily,
  type ShapefileFeature,
  type ShapefileParts,
  type ShapefileValue,
  type ShapefileZipItem,
} from "./shapefile-encode";

/** Bytes gathered before a write to a file. */
export const CHUNK_BYTES = 256 * 1024;

/** A file written in chunks, appended to, with its start rewritable once appends are done. */
class ChunkedFile {
  private chunks: Buffer[] = [];
  private pending = 0;
  private position = 0;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly handle: fs.promises.FileHandle,
  ) {}

  static async create(file: string): Promise<ChunkedFile> {
    return new ChunkedFile(file, await fs.promises.open(file, "w"));
  }

  async append(data: Buffer): Promise<void> {
    this.chunks.push(data);
    this.pending += data.length;
    if (this.pending >= CHUNK_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending === 0) return;
    const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.pending);
    this.chunks = [];
    this.pending = 0;
    await this.writeAt(this.position, data);
    this.position += data.length;
  }

  async writeAt(position: number, data: Buffer): Promise<void> {
    for (let done = 0; done < data.length; ) {
      const { bytesWritten } = await this.handle.write(data, done, data.length - done, position + done);
      done += bytesWritten;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.handle.close();
  }

  /** Abandons the file: its handle closed in the background, the file removed. */
  discard(): void {
    this.chunks = [];
    this.pending = 0;
    if (!this.closed) {
      this.closed = true;
      this.handle.close().catch(() => undefined);
    }
    fs.rmSync(this.path, { force: true });
  }
}

/** JSON of fitted values: a non-finite number (an untyped column may hold one) kept as such. */
const spoolLine = (values: ShapefileValue[]) =>
  `${JSON.stringify(values, (_, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? { n: String(v) } : v))}\n`;
const spoolValues = (line: string) =>
  JSON.parse(line, (_, v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? Number((v as { n: string }).n) : v)) as ShapefileValue[];

export interface DbfStream {
  readonly file: string;
  /** Rows added so far. */
  readonly count: number;
  add(row: Record<string, ShapefileValue>): Promise<void>;
  /** Writes the .dbf from the spool (then removed); answers its path. */
  finish(): Promise<string>;
  /** Removes the spool and the .dbf. */
  abort(): void;
}

/** A lone .dbf (UTF-8: pair it with a .cpg of "UTF-8") at `file`, its rows spooled to `<file>.ndjson` until `finish()`. */
export async function createDbfStream(file: string, columns: readonly DbfColumn[]): Promise<DbfStream> {
  const table = new DbfTable(columns);
  const spool = await ChunkedFile.create(`${file}.ndjson`);
  let dbf: ChunkedFile | null = null;
  return {
    file,
    get count() {
      return table.count;
    },
    async add(row) {
      await spool.append(Buffer.from(spoolLine(table.observe(row))));
    },
    async finish() {
      await spool.close();
      const fields = table.fields();
      const recordLength = dbfRecordLength(fields);
      const perChunk = Math.max(1, Math.floor(CHUNK_BYTES / recordLength));
      dbf = await ChunkedFile.create(file);
      await dbf.append(dbfHeader(fields, table.count));
      let chunk = Buffer.alloc(recordLength * perChunk);
      let at = 0;
      const lines = readline.createInterface({ input: fs.createReadStream(spool.path, { highWaterMark: CHUNK_BYTES }), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === "") continue;
        at = writeDbfRecord(fields, spoolValues(line), chunk, at);
        if (at === chunk.length) {
          await dbf.append(chunk);
          chunk = Buffer.alloc(chunk.length);
          at = 0;
        }
      }
      await dbf.append(Buffer.concat([chunk.subarray(0, at), Buffer.from([DBF_END])]));
      await dbf.close();
      fs.rmSync(spool.path, { force: true });
      return file;
    },
    abort() {
      spool.discard();
      if (dbf) dbf.discard();
      else fs.rmSync(file, { force: true });
    },
  };
}

export type ShapefileFiles = ShapefileParts<{ path: string }>;

export interface ShapefileStream {
  /** Features written so far (those of another family, or empty, are left out). */
  readonly count: number;
  /** Appends a feature; false when it is left out. */
  add(feature: ShapefileFeature): Promise<boolean>;
  /** Ends the .shp, .shx and .dbf; answers the set's parts for `zipShapefilesToFile`. */
  finish(): Promise<ShapefileFiles>;
  /** Removes every file written. */
  abort(): void;
}

/**
 * A Shapefile set streamed to `<base>.shp`, `.shx` and `.dbf`. It holds one shape family:
 * `options.family`, or the first feature's; features of another family (and empty shapes) are left out.
 */
export async function createShapefileStream(base: string, columns: readonly DbfColumn[], options: { family?: ShapeFamily } = {}): Promise<ShapefileStream> {
  const opened: ChunkedFile[] = [];
  let dbf: DbfStream | null = null;
  const discard = () => {
    for (const f of opened) f.discard();
    dbf?.abort();
  };
  try {
    opened.push(await ChunkedFile.create(`${base}.shp`));
    opened.push(await ChunkedFile.create(`${base}.shx`));
    dbf = await createDbfStream(`${base}.dbf`, columns);
  } catch (e) {
    discard();
    throw e;
  }
  const [shp, shx] = opened as [ChunkedFile, ChunkedFile];
  const rows = dbf;
  let shapes: ShapeEncoder | null = options.family ? new ShapeEncoder(options.family) : null;
  const headers = () => (shapes ?? new ShapeEncoder("point")).headers();
  // Room for the headers, written again once the length and bounding box are known.
  await shp.append(headers().shp);
  await shx.append(headers().shx);
  return {
    get count() {
      return shapes?.count ?? 0;
    },
    async add(feature) {
      shapes ??= new ShapeEncoder(familyOf(feature.geometry));
      const encoded = shapes.encode(feature.geometry);
      if (!encoded) return false;
      await shp.append(encoded.shp);
      await shx.append(encoded.shx);
      await rows.add(feature.properties);
      return true;
    },
    async finish() {
      const final = headers();
      for (const [file, header] of [[shp, final.shp], [shx, final.shx]] as const) {
        await file.flush();
        await file.writeAt(0, header);
        await file.close();
      }
      await rows.finish();
      return { shp: { path: shp.path }, shx: { path: shx.path }, dbf: { path: rows.file }, prj: WGS84_PRJ, cpg: "UTF-8" };
    },
    abort: discard,
  };
}

export type ZippedShapefileFiles = ShapefileZipItem<{ path: string }>;

/**
 * One zip of streamed Shapefile sets and lone .dbf tables, plus `extra` files (texts as UTF-8), written
 * to `file` as it is made: the same entries, in the same order, as `zipShapefiles`. A failure removes
 * the half-written zip.
 */
export async function zipShapefilesToFile(file: string, sets: readonly ZippedShapefileFiles[], extra: Record<string, Uint8Array | string> = {}): Promise<void> {
  const out = fs.createWriteStream(file);
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch((e: Error) => {
    failure ??= e;
  });
  const zip = new Zip((error, data, final) => {
    if (error) {
      failure ??= error;
      return;
    }
    out.write(data);
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await Promise.race([once(out, "drain"), failed]);
  };
  try {
    for (const [name, data] of zipEntries<{ path: string } | Uint8Array>(sets, extra)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      if (typeof data === "string" || data instanceof Uint8Array) {
        entry.push(typeof data === "string" ? strToU8(data) : data, true);
      } else {
        for await (const chunk of fs.createReadStream(data.path, { highWaterMark: CHUNK_BYTES })) {
          entry.push(chunk as Buffer);
          await drained();
        }
        entry.push(new Uint8Array(0), true);
      }
      await drained();
    }
    zip.end();
    await Promise.race([once(out, "finish"), failed]);
    if (failure) throw failure;
  } catch (e) {
    zip.terminate();
    out.destroy();
    fs.rmSync(file, { force: true });
    throw e;
  }
}
