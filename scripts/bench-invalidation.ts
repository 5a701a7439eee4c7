/**
 * Measures how fast a cache invalidation travels from one instance to another over each transport
 * (PostgreSQL LISTEN/NOTIFY and Redis PUBLISH/SUBSCRIBE): two transports, each with its own bus, as two
 * instances would have; N events one after another; the time from publishing on A to arriving on B.
 *
 *   npx tsx scripts/bench-invalidation.ts [events]    (DATABASE_URL, REDIS_URL: the servers to use)
 */
import type { InvalidationListener } from "../src/shared/cache/invalidation";
import { startInvalidationTransport, type InvalidationBus, type TransportKind } from "../src/server/infra/cache/invalidation-transport";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const EVENTS = Number(process.argv[2] ?? 500);
const quiet = { info: () => undefined, warn: () => undefined };

function bus(): InvalidationBus & { onRemote(fn: (prefix: string) => void): void } {
  const listeners = new Set<InvalidationListener>();
  let remote: ((prefix: string) => void) | null = null;
  return {
    publish(prefix, options) {
      for (const l of listeners) l({ prefix, remote: options.remote });
      if (options.remote) remote?.(prefix);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRemote(fn) {
      remote = fn;
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(kind: TransportKind, url: string): Promise<string> {
  const a = bus();
  const b = bus();
  const ta = startInvalidationTransport({ kind, url, channel: "cca_bench_invalidation", bus: a, logger: quiet });
  const tb = startInvalidationTransport({ kind, url, channel: "cca_bench_invalidation", bus: b, logger: quiet });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${kind}: no connection in 10 s`)), 10_000).unref());
  try {
    await Promise.race([Promise.all([ta.ready, tb.ready]), timeout]);
    const times: number[] = [];
    for (let i = 0; i < EVENTS + 20; i++) {
      const prefix = `bench:${i}`;
      const started = process.hrtime.bigint();
      const arrived = new Promise<void>((resolve) => b.onRemote((p) => p === prefix && resolve()));
      a.publish(prefix, { remote: false });
      await arrived;
      if (i >= 20) times.push(Number(process.hrtime.bigint() - started) / 1e6); // the first 20 warm up
    }
    times.sort((x, y) => x - y);
    const f = (n: number) => n.toFixed(2);
    return `${kind.padEnd(8)} ${EVENTS} events: p50 ${f(percentile(times, 50))} ms, p95 ${f(percentile(times, 95))} ms, p99 ${f(percentile(times, 99))} ms, max ${f(times.at(-1)!)} ms`;
  } catch (error) {
    return `${kind.padEnd(8)} not measured: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await ta.close();
    await tb.close();
  }
}

async function main(): Promise<void> {
  console.log(await measure("postgres", DATABASE_URL));
  console.log(await measure("redis", REDIS_URL));
}

void main();
