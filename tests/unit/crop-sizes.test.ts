/**
 * Issue 27 item 7: crops are rendered at a fixed set of sizes (a request snaps up to the next one) and
 * kept in a disk cache bounded by bytes, least recently used deleted first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SITE_CONFIG from "@site-config";
import { afterEach, describe, expect, it } from "vitest";
import { CROP_SIZES, snapCropSize } from "@/shared/files";
import { CropDiskCache, cropCacheMaxBytes } from "@/server/infra/files/crop-cache";
import { MAX_DIMENSION, parseResizeOptions } from "@/server/infra/files/image-resize";

const SRC = path.resolve(__dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "server" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("[CROP] sizes: a requested size is served at the next allowed one up", () => {
  it("snaps up, and caps at the largest", () => {
    expect(snapCropSize(1)).toBe(10);
    expect(snapCropSize(1001)).toBe(1024);
    expect(snapCropSize(1440)).toBe(1440);
    expect(snapCropSize(299)).toBe(300);
    expect(snapCropSize(2999)).toBe(3000);
    expect(snapCropSize(5000)).toBe(3000);
    expect(MAX_DIMENSION).toBe(3000);
  });

  it("3000 different widths and heights make at most one variant per allowed size", () => {
    const variants = new Set<string>();
    for (let n = 1; n <= MAX_DIMENSION; n++) {
      const o = parseResizeOptions({ w: String(n), h: String(n), fit: "cover" });
      variants.add(`${o.width}x${o.height}`);
    }
    expect(variants.size).toBe(CROP_SIZES.length);
  });

  it("with one side given, every fit is the same variant", () => {
    const fits = ["center", "cover", "contain", "fill", "inside", "outside"].map((fit) => parseResizeOptions({ w: "777", fit }));
    expect(new Set(fits.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(fits[0]).toMatchObject({ width: 800, height: null, fit: "inside" });
    expect(parseResizeOptions({ w: "1440", h: "300", crop: "fit", fit: "center" })).toMatchObject({ width: 1440, height: 300, fit: "cover" });
  });

  it("every size the portal asks for is an allowed size, so its screens get exactly what they ask", () => {
    const t = SITE_CONFIG.THUMBNAILS;
    const configured = [t.PAGE_BANNER.WIDTH, t.PAGE_BANNER.HEIGHT, t.SOCIAL.WIDTH, t.SOCIAL.HEIGHT, t.GROUP_LOGO_HEADER, t.GROUP_LOGO_DROPDOWN, t.GROUP_ICON_HEIGHT * 2];
    // Sizes written in the front end: `{ w: 1440, h: 300 }`, `?w=96&h=96`, `cropUrl(path, 256)`, `?h=144`, `const X_WIDTH = 1600`.
    const written: number[] = [];
    const avatars: number[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, "utf8");
      if (!/crop|groupIconUrl/i.test(text) && !/UserAvatar/.test(text)) continue;
      for (const m of text.matchAll(/(?:\b[wh]: |[?&][wh]=|cropUrl\([^,()]+, |(?:THUMB_HEIGHT|SLIDE_WIDTH|CARD_IMAGE_WIDTH|LOGO_WIDTH) = )(\d+)\b/g)) written.push(Number(m[1]));
      // Avatars ask for twice their size, width and height.
      for (const m of text.matchAll(/<UserAvatar[^>]*size=\{(\d+)\}/g)) avatars.push(Number(m[1]) * 2);
    }
    expect(written.length).toBeGreaterThan(10);
    expect(avatars.length).toBeGreaterThan(5);
    const missing = [...configured, ...written, ...avatars, 64 * 2].filter((n) => !CROP_SIZES.includes(n));
    expect(missing).toEqual([]);
  });
});

describe("[CROP] the disk cache is bounded by bytes, least recently used deleted first", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crop-cache-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const filesIn = (dir: string) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();

  it("reads CROP_CACHE_MAX_MB, 1024 MB unless set to a positive number", () => {
    expect(cropCacheMaxBytes(undefined)).toBe(1024 * 1024 * 1024);
    expect(cropCacheMaxBytes("50")).toBe(50 * 1024 * 1024);
    expect(cropCacheMaxBytes("-1")).toBe(1024 * 1024 * 1024);
  });

  it("keeps the total under the bound, deleting the least recently used files", async () => {
    const dir = tempDir();
    const cache = new CropDiskCache(dir, 10_000);
    for (const name of ["a", "b", "c"]) await cache.write(`ab/${name}.webp`, Buffer.alloc(3000, name));
    expect(await cache.read("ab/a.webp")).toEqual(Buffer.alloc(3000, "a")); // a is now the most recently used
    await cache.write("cd/d.webp", Buffer.alloc(3000, "d"));
    expect(filesIn(dir)).toEqual(["a.webp", "c.webp", "d.webp"]);
    expect(await cache.read("ab/b.webp")).toBeNull();
    expect(cache.stats()).toMatchObject({ files: 3, bytes: 9000 });
    // A file larger than the whole bound is not kept.
    await cache.write("ef/huge.webp", Buffer.alloc(20_000));
    expect(filesIn(dir)).toEqual(["a.webp", "c.webp", "d.webp"]);
  });

  it("after a restart the folder is read again, oldest first, and the bound applies to what was there", async () => {
    const dir = tempDir();
    const before = new CropDiskCache(dir, 1_000_000);
    for (const [i, name] of ["old", "mid", "new"].entries()) {
      await before.write(`xx/${name}.jpeg`, Buffer.alloc(4000));
      const when = new Date(Date.now() - (3 - i) * 60_000);
      fs.utimesSync(path.join(dir, "xx", `${name}.jpeg`), when, when);
    }
    const after = new CropDiskCache(dir, 9000);
    expect(await after.read("xx/new.jpeg")).not.toBeNull();
    expect(filesIn(dir)).toEqual(["mid.jpeg", "new.jpeg"]);
    expect(after.stats()).toMatchObject({ files: 2, bytes: 8000 });
  });
});
