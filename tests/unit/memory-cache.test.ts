import { afterEach, describe, expect, it, vi } from "vitest";
import { invalidateCache } from "@/shared/cache/invalidation";
import { cached, dataCacheMaxBytes, memoryCacheStats, setMemoryCacheMaxBytes } from "@/shared/cache/memory-cache";

describe("[CACHE] the in-process cache behind the page trees and page views", () => {
  it("serves a stored value until a write invalidates its prefix", async () => {
    let version = 1;
    const load = async () => version;
    expect(await cached("pages:test:a", 60_000, load)).toBe(1);
    version = 2;
    expect(await cached("pages:test:a", 60_000, load)).toBe(1);
    invalidateCache("pages:");
    expect(await cached("pages:test:a", 60_000, load)).toBe(2);
  });

  it("does not keep a load that started before a write and finished after it", async () => {
    let release!: (v: string) => void;
    const slow = cached("pages:test:b", 60_000, () => new Promise<string>((r) => (release = r)));
    invalidateCache("pages:"); // a page write lands while the old tree is on its way
    release("tree before the write");
    expect(await slow).toBe("tree before the write");
    expect(await cached("pages:test:b", 60_000, async () => "tree after the write")).toBe("tree after the write");
  });
});

describe("[CACHE] the in-process cache is bounded by bytes and drops what expired", () => {
  const restoreBound = () => setMemoryCacheMaxBytes(dataCacheMaxBytes());
  afterEach(() => {
    vi.useRealTimers();
    invalidateCache("");
    restoreBound();
  });

  it("reads DATA_CACHE_MAX_MB, 64 MB unless set to a positive number", () => {
    expect(dataCacheMaxBytes(undefined)).toBe(64 * 1024 * 1024);
    expect(dataCacheMaxBytes("8")).toBe(8 * 1024 * 1024);
    expect(dataCacheMaxBytes("0")).toBe(64 * 1024 * 1024);
    expect(dataCacheMaxBytes("lots")).toBe(64 * 1024 * 1024);
  });

  it("300 aggregations with long parameters stay within the bound, the least recently used going first", async () => {
    invalidateCache("");
    setMemoryCacheMaxBytes(1024 * 1024);
    const filter = "x".repeat(2000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { counts: Array.from({ length: 200 }, (_, i) => ({ value: `v${i}`, count: i })) };
    };
    await cached("records:agg:first", 60_000, load);
    for (let i = 0; i < 300; i++) {
      await cached(`records:agg:${i}:${filter}`, 60_000, load);
      // The first entry is used all along: it stays while older, unused ones go.
      await cached("records:agg:first", 60_000, load);
    }
    const stats = memoryCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(stats.entries).toBeLessThan(300);
    expect(loads).toBe(301);
    await cached("records:agg:first", 60_000, load);
    expect(loads).toBe(301); // still cached
    await cached(`records:agg:0:${filter}`, 60_000, load);
    expect(loads).toBe(302); // evicted, loaded again
  });

  it("does not keep an entry larger than an eighth of the bound", async () => {
    invalidateCache("");
    setMemoryCacheMaxBytes(80_000);
    let loads = 0;
    const big = async () => {
      loads += 1;
      return "y".repeat(10_000);
    };
    await cached("pages:big", 60_000, big);
    await cached("pages:big", 60_000, big);
    expect(loads).toBe(2);
    expect(memoryCacheStats().entries).toBe(0);
  });

  it("drops expired entries: read again after the TTL, and swept from memory", async () => {
    invalidateCache("");
    vi.useFakeTimers();
    let loads = 0;
    const load = async () => ++loads;
    for (let i = 0; i < 50; i++) await cached(`records:short:${i}`, 1000, load);
    expect(memoryCacheStats().entries).toBe(50);
    vi.advanceTimersByTime(61_000);
    expect(await cached("records:short:0", 1000, load)).toBe(51); // expired: loaded again
    await cached("records:other", 60_000, load);
    // The sweep dropped the other 49 expired entries without their being read.
    expect(memoryCacheStats().entries).toBe(2);
  });

  it("a prefix invalidation frees the bytes of what it drops", async () => {
    invalidateCache("");
    await cached("pages:x", 60_000, async () => "a".repeat(1000));
    await cached("records:y", 60_000, async () => "b".repeat(1000));
    const before = memoryCacheStats().bytes;
    invalidateCache("pages:");
    expect(memoryCacheStats()).toMatchObject({ entries: 1 });
    expect(memoryCacheStats().bytes).toBeLessThan(before);
    expect(memoryCacheStats().bytes).toBeGreaterThan(2000);
  });
});
