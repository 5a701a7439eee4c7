/**
 * The resized images kept on this machine's disk (`${DATA_DIR}/cache/crop`), bounded by bytes
 * (CROP_CACHE_MAX_MB, default 1024): the least recently used files are deleted once the total passes
 * the bound. The index is built from the folder when first used (oldest modification first), a hit
 * refreshes its file's modification time, so the order survives a restart. Several processes sharing
 * the folder each keep their own index: a file one of them deleted is simply resized again.
 */
import fs from "node:fs/promises";
import path from "node:path";

const MB = 1024 * 1024;
export const DEFAULT_CROP_CACHE_MAX_MB = 1024;

/** CROP_CACHE_MAX_MB as bytes; the default for an unset or invalid value (env.ts reports invalid ones at boot). */
export function cropCacheMaxBytes(raw: string | undefined = process.env.CROP_CACHE_MAX_MB): number {
  const mb = raw === undefined || raw.trim() === "" ? DEFAULT_CROP_CACHE_MAX_MB : Number(raw);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_CROP_CACHE_MAX_MB) * MB);
}

export class CropDiskCache {
  /** Relative path → bytes, in order of last use (the first is the least recently used). */
  private readonly entries = new Map<string, number>();
  private total = 0;
  private loading: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  private load(): Promise<void> {
    this.loading ??= (async () => {
      const found: { name: string; bytes: number; mtimeMs: number }[] = [];
      const walk = async (relative: string): Promise<void> => {
        let names: import("node:fs").Dirent[];
        try {
          names = await fs.readdir(path.join(this.dir, relative), { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of names) {
          const name = path.join(relative, entry.name);
          if (entry.isDirectory()) await walk(name);
          else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
            const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
            if (stat) found.push({ name, bytes: stat.size, mtimeMs: stat.mtimeMs });
          }
        }
      };
      await walk("");
      found.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const f of found) this.remember(f.name, f.bytes);
      await this.evict();
    })();
    return this.loading;
  }

  private remember(name: string, bytes: number): void {
    this.total -= this.entries.get(name) ?? 0;
    this.entries.delete(name);
    this.entries.set(name, bytes);
    this.total += bytes;
  }

  private async evict(): Promise<void> {
    const doomed: string[] = [];
    for (const [name, bytes] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(name);
      this.total -= bytes;
      doomed.push(name);
    }
    await Promise.all(doomed.map((name) => fs.unlink(path.join(this.dir, name)).catch(() => undefined)));
  }

  /** The cached file `name` (a path relative to the folder), or null. */
  async read(name: string): Promise<Buffer | null> {
    await this.load();
    const file = path.join(this.dir, name);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      if (this.entries.has(name)) {
        this.total -= this.entries.get(name)!;
        this.entries.delete(name);
      }
      return null;
    }
    this.remember(name, data.length);
    const now = new Date();
    void fs.utimes(file, now, now).catch(() => undefined);
    return data;
  }

  /** Keeps `data` as `name` (written whole, then renamed), deleting the least recently used past the bound. */
  async write(name: string, data: Buffer): Promise<void> {
    await this.load();
    if (data.length > this.maxBytes) return;
    const file = path.join(this.dir, name);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch {
      return; // a cache that cannot be written only costs time
    }
    this.remember(name, data.length);
    await this.evict();
  }

  stats(): { files: number; bytes: number; maxBytes: number } {
    return { files: this.entries.size, bytes: this.total, maxBytes: this.maxBytes };
  }
}
