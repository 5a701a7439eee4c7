import { describe, expect, it } from "vitest";
import { invalidateCache } from "@/lib/cache/invalidation";
import { cached } from "@/lib/cache/memory-cache";

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
