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
/** Bytes of a part given to the zip's deflate at a time (its own window buffer takes 64 KiB at once). */
const ZIP_READ_BYTES = 64 * 1024;

/**
 * A file written through one reused buffer of `CHUNK_BYTES` (grown only for a larger single item), its
 * start rewritable once appends are done. Reused rather than allocated per record: a pack writes a few
 * hundred bytes per record 100,000 times, and buffers given up to the garbage collector pile up as
 * external memory before it runs.
 */
class ChunkedFile {
  private bytes = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private position = 0;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly handle: fs.promises.FileHandle,
  ) {}

  static async create(file: string): Promise<ChunkedFile> {
    return new ChunkedFile(file, await fs.promises.open(file, "w"));
  }

  /** The buffer `room()` answers offsets into; valid until the next `room()` or `append()`. */
  get buffer(): Buffer {
    return this.bytes;
  }

  /** Where the next `size` bytes go in `buffer` (what was there written out first when full); then `advance(size)`. */
  async room(size: number): Promise<number> {
    if (this.used + size > this.bytes.length) {
      await this.flush();
      if (size > this.bytes.length) this.bytes = Buffer.allocUnsafe(size);
    }
    return this.used;
  }

  advance(size: number): void {
    this.used += size;
  }

  async append(data: Uint8Array): Promise<void> {
    const at = await this.room(data.length);
    this.bytes.set(data, at);
    this.used += data.length;
  }

  async appendText(text: string): Promise<void> {
    const size = Buffer.byteLength(text);
    const at = await this.room(size);
    this.bytes.write(text, at);
    this.used += size;
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    await this.writeAt(this.position, this.bytes.subarray(0, this.used));
    this.position += this.used;
    this.used = 0;
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
    this.used = 0;
    if (!this.closed) {
      this.closed = true;
      this.handle.close().catch(() => undefined);
    }
    fs.rmSync(this.path, { force: true });
  }
}

/**
 * The lines of a file, read into one reused buffer as the caller asks for them (a line longer than the
 * buffer grows it). Not readline's async iterator: that reads the whole file ahead of a slow consumer,
 * queueing every line (the spool of 100,000 rows in memory).
 */
async function* linesOf(file: string): AsyncGenerator<string> {
  const handle = await fs.promises.open(file, "r");
  try {
    let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      const data = buffer.subarray(0, filled + bytesRead);
      let start = 0;
      for (let end = data.indexOf(0x0a, filled); end >= 0; end = data.indexOf(0x0a, start)) {
        yield data.toString("utf8", start, end);
        start = end + 1;
      }
      // The unfinished line moves to the front; the next read goes after it.
      buffer.copy(buffer, 0, start, data.length);
      filled = data.length - start;
    }
    if (filled > 0) yield buffer.toString("utf8", 0, filled);
  } finally {
    await handle.close();
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
      await spool.appendText(spoolLine(table.observe(row)));
    },
    async finish() {
      await spool.close();
      const fields = table.fields();
      const recordLength = dbfRecordLength(fields);
      dbf = await ChunkedFile.create(file);
      await dbf.append(dbfHeader(fields, table.count));
      for await (const line of linesOf(spool.path)) {
        if (line === "") continue;
        const at = await dbf.room(recordLength);
        writeDbfRecord(fields, spoolValues(line), dbf.buffer, at);
        dbf.advance(recordLength);
      }
      await dbf.append(Buffer.from([DBF_END]));
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
  const input = Buffer.allocUnsafe(ZIP_READ_BYTES);
  try {
    for (const [name, data] of zipEntries<{ path: string } | Uint8Array>(sets, extra)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      if (typeof data === "string" || data instanceof Uint8Array) {
        entry.push(typeof data === "string" ? strToU8(data) : data, true);
      } else {
        // Read into one reused buffer: ZipDeflate copies what it is given.
        const part = await fs.promises.open(data.path, "r");
        try {
          for (;;) {
            const { bytesRead } = await part.read(input, 0, input.length, null);
            if (bytesRead === 0) break;
            entry.push(input.subarray(0, bytesRead));
            await drained();
          }
        } finally {
          await part.close();
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
