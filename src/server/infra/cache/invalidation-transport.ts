/**
 * Carries cache invalidations between the instances of one site (several `npm start` processes on one
 * PostgreSQL server). The design is the one `src/shared/cache/invalidation.ts` describes: the transport
 * subscribes to this process's invalidations, forwards each local event to the other instances, and
 * publishes each event that arrives with `{ remote: true }` (which it never forwards again). Every
 * message names the instance that sent it, so an instance ignores its own.
 *
 * Two carriers: PostgreSQL LISTEN/NOTIFY on a dedicated connection (no extra service: the default when
 * DATABASE_URL is set) and Redis PUBLISH/SUBSCRIBE (REDIS_URL). When the carrier's connection is lost
 * the transport reconnects with back-off; since events sent meanwhile are lost, it then drops this
 * instance's caches entirely (a remote "everything" event), so nothing stale survives a gap.
 * The embedded single-instance deployment runs no transport at all.
 */
import crypto from "node:crypto";
import net from "node:net";
import { invalidateCache, onInvalidation, type InvalidationEvent, type InvalidationListener } from "@/shared/cache/invalidation";
import { listenOn, notifyOn } from "./invalidation-transport.repository";

export type TransportKind = "postgres" | "redis";

/** The process's invalidation bus (the global one by default; tests give each instance its own). */
export interface InvalidationBus {
  publish(prefix: string, options: { remote: boolean }): void;
  subscribe(listener: InvalidationListener): () => void;
}

export const GLOBAL_BUS: InvalidationBus = { publish: (prefix, options) => invalidateCache(prefix, options), subscribe: onInvalidation };

export interface TransportOptions {
  kind: TransportKind;
  /** postgres://… for "postgres", redis://… for "redis". */
  url: string;
  /** Channel all instances of one site share (letters, digits, underscores). */
  channel?: string;
  bus?: InvalidationBus;
  logger?: { info(...args: unknown[]): void; warn(...args: unknown[]): void };
  /** First reconnect delay; doubles up to 10 s. */
  reconnectMs?: number;
}

export interface InvalidationTransport {
  readonly kind: TransportKind;
  readonly instanceId: string;
  /** Resolves once the carrier listens (the first connection). */
  readonly ready: Promise<void>;
  /** True while the carrier's connection is up. */
  connected(): boolean;
  close(): Promise<void>;
}

export const DEFAULT_CHANNEL = "cca_cache_invalidation";
const MAX_PREFIX = 200;

interface Message {
  /** Sending instance. */
  i: string;
  /** Prefix invalidated. */
  p: string;
}

export function encodeMessage(instanceId: string, prefix: string): string {
  return JSON.stringify({ i: instanceId, p: prefix.slice(0, MAX_PREFIX) } satisfies Message);
}

/** The message, or null when it is not one of ours (another program on the channel). */
export function decodeMessage(raw: string | undefined): Message | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Message>;
    if (typeof value.i === "string" && typeof value.p === "string" && value.p.length <= MAX_PREFIX) return { i: value.i, p: value.p };
  } catch {
    // not JSON: not ours
  }
  return null;
}

/** A carrier: connects, listens, sends; calls back on each message and when the connection ends. */
interface Carrier {
  connect(onMessage: (raw: string) => void, onLost: (error: unknown) => void): Promise<void>;
  send(raw: string): Promise<void>;
  end(): Promise<void>;
}

function postgresCarrier(url: string, channel: string): Carrier {
  let client: import("pg").Client | null = null;
  return {
    async connect(onMessage, onLost) {
      const pg = await import("pg");
      const ClientClass = pg.default?.Client ?? pg.Client;
      const c = new ClientClass({ connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true });
      let lost = false;
      const lose = (error: unknown) => {
        if (lost) return;
        lost = true;
        if (client === c) client = null;
        void c.end().catch(() => undefined);
        onLost(error);
      };
      c.on("error", lose);
      c.on("end", () => lose(new Error("connection ended")));
      c.on("notification", (n) => {
        if (n.channel === channel && n.payload) onMessage(n.payload);
      });
      try {
        await c.connect();
        await listenOn(c, channel);
      } catch (error) {
        lost = true;
        await c.end().catch(() => undefined);
        throw error;
      }
      client = c;
    },
    async send(raw) {
      if (!client) throw new Error("not connected");
      await notifyOn(client, channel, raw);
    },
    async end() {
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners("end");
        c.removeAllListeners("error");
        c.on("error", () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** The RESP encoding of a command. */
function resp(...args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`;
}

/**
 * A minimal Redis connection speaking RESP2 (enough for AUTH, SELECT, PUBLISH, SUBSCRIBE and the
 * replies they get). Replies are parsed in order; a subscribed connection receives push arrays.
 */
class RedisConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: Array<{ resolve(value: unknown): void; reject(error: Error): void }> = [];
  onPush: ((value: unknown[]) => void) | null = null;
  onClose: ((error: unknown) => void) | null = null;
  subscribed = false;

  async open(url: string): Promise<void> {
    const u = new URL(url);
    const socket = net.connect({ host: u.hostname || "127.0.0.1", port: Number(u.port || 6379) });
    socket.setKeepAlive(true);
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Redis connection timed out")), 10_000);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    let closed = false;
    const close = (error: unknown) => {
      if (closed) return;
      closed = true;
      this.socket = null;
      for (const w of this.waiting.splice(0)) w.reject(new Error("Redis connection closed"));
      this.onClose?.(error);
    };
    socket.on("error", close);
    socket.on("close", () => close(new Error("Redis connection closed")));
    const password = decodeURIComponent(u.password);
    const user = decodeURIComponent(u.username);
    if (password) await this.command(...(user ? ["AUTH", user, password] : ["AUTH", password]));
    const db = u.pathname.replace(/^\//, "");
    if (db && db !== "0") await this.command("SELECT", db);
  }

  command(...args: string[]): Promise<unknown> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error("Redis is not connected"));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      socket.write(resp(...args));
    });
  }

  close(): void {
    this.onClose = null;
    this.socket?.destroy();
    this.socket = null;
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const parsed = parseResp(this.buffer, 0);
      if (!parsed) return;
      this.buffer = this.buffer.subarray(parsed.end);
      const value = parsed.value;
      if (this.subscribed && Array.isArray(value) && value[0] === "message") {
        this.onPush?.(value);
        continue;
      }
      const waiter = this.waiting.shift();
      if (!waiter) continue;
      if (value instanceof Error) waiter.reject(value);
      else waiter.resolve(value);
    }
  }
}

/** One RESP2 value from `buf` at `start`, or null when it is not complete yet. */
function parseResp(buf: Buffer, start: number): { value: unknown; end: number } | null {
  const lineEnd = buf.indexOf("\r\n", start);
  if (lineEnd < 0) return null;
  const type = String.fromCharCode(buf[start]!);
  const line = buf.toString("utf8", start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case "+":
      return { value: line, end: next };
    case "-":
      return { value: new Error(line), end: next };
    case ":":
      return { value: Number(line), end: next };
    case "$": {
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buf.length < next + length + 2) return null;
      return { value: buf.toString("utf8", next, next + length), end: next + length + 2 };
    }
    case "*": {
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items: unknown[] = [];
      let at = next;
      for (let i = 0; i < count; i++) {
        const item = parseResp(buf, at);
        if (!item) return null;
        items.push(item.value);
        at = item.end;
      }
      return { value: items, end: at };
    }
    default:
      throw new Error(`Unexpected Redis reply type ${JSON.stringify(type)}`);
  }
}

function redisCarrier(url: string, channel: string): Carrier {
  // A subscribed Redis connection cannot publish: one connection listens, another sends.
  let listener: RedisConnection | null = null;
  let sender: RedisConnection | null = null;
  return {
    async connect(onMessage, onLost) {
      const sub = new RedisConnection();
      const pub = new RedisConnection();
      let lost = false;
      const lose = (error: unknown) => {
        if (lost) return;
        lost = true;
        sub.close();
        pub.close();
        if (listener === sub) listener = null;
        if (sender === pub) sender = null;
        onLost(error);
      };
      try {
        await sub.open(url);
        await pub.open(url);
        sub.subscribed = true;
        sub.onPush = (value) => {
          if (value[1] === channel && typeof value[2] === "string") onMessage(value[2]);
        };
        const reply = await sub.command("SUBSCRIBE", channel);
        if (!Array.isArray(reply) || reply[0] !== "subscribe") throw new Error(`Redis SUBSCRIBE answered ${JSON.stringify(reply)}`);
      } catch (error) {
        sub.close();
        pub.close();
        throw error;
      }
      sub.onClose = lose;
      pub.onClose = lose;
      listener = sub;
      sender = pub;
    },
    async send(raw) {
      if (!sender) throw new Error("not connected");
      await sender.command("PUBLISH", channel, raw);
    },
    async end() {
      listener?.close();
      sender?.close();
      listener = null;
      sender = null;
    },
  };
}

export function isValidChannel(channel: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(channel);
}

/** Starts forwarding this process's invalidations to the other instances and applying theirs. */
export function startInvalidationTransport(options: TransportOptions): InvalidationTransport {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  if (!isValidChannel(channel)) throw new Error(`Invalid invalidation channel "${channel}": lower-case letters, digits and _ only`);
  const bus = options.bus ?? GLOBAL_BUS;
  const logger = options.logger ?? console;
  const instanceId = crypto.randomUUID();
  const carrier = options.kind === "postgres" ? postgresCarrier(options.url, channel) : redisCarrier(options.url, channel);
  const firstDelay = options.reconnectMs ?? 250;

  let closed = false;
  let up = false;
  let everConnected = false;
  let delay = firstDelay;
  let timer: NodeJS.Timeout | null = null;
  // Events raised while the carrier is down: sent once it is back (the others drop everything anyway).
  const pending: string[] = [];

  const receive = (raw: string) => {
    const message = decodeMessage(raw);
    if (!message || message.i === instanceId) return;
    bus.publish(message.p, { remote: true });
  };

  const flush = async () => {
    while (up && pending.length > 0) {
      const raw = pending[0]!;
      try {
        await carrier.send(raw);
        pending.shift();
      } catch {
        return; // the connection is lost: onLost reconnects and flushes again
      }
    }
  };

  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const connect = async (): Promise<void> => {
    timer = null;
    if (closed) return;
    try {
      await carrier.connect(receive, (error) => {
        up = false;
        if (closed) return;
        logger.warn(`[cache] invalidation ${options.kind} connection lost (${describe(error)}); reconnecting`);
        schedule();
      });
    } catch (error) {
      if (!closed) {
        logger.warn(`[cache] invalidation ${options.kind} connection failed (${describe(error)}); retrying in ${delay} ms`);
        schedule();
      }
      return;
    }
    if (closed) {
      await carrier.end();
      return;
    }
    up = true;
    delay = firstDelay;
    if (everConnected) {
      // Events of the other instances may have been missed while disconnected.
      bus.publish("", { remote: true });
      logger.info(`[cache] invalidation ${options.kind} connection restored; caches dropped`);
    }
    everConnected = true;
    resolveReady();
    await flush();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const forward = (event: InvalidationEvent) => {
    if (event.remote || closed) return;
    pending.push(encodeMessage(instanceId, event.prefix));
    if (pending.length > 1000) pending.splice(0, pending.length - 1000, encodeMessage(instanceId, ""));
    if (up && pending.length === 1) void flush();
  };
  const unsubscribe = bus.subscribe(forward);
  void connect();

  return {
    kind: options.kind,
    instanceId,
    ready,
    connected: () => up,
    async close() {
      closed = true;
      up = false;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      await carrier.end();
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

/** Which transport a deployment runs: INVALIDATION_TRANSPORT, else Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else none. */
export function transportFromEnv(env: { databaseUrl: string | null; redisUrl: string | null; invalidationTransport: "auto" | "postgres" | "redis" | "off" }): { kind: TransportKind; url: string } | null {
  const choice = env.invalidationTransport;
  if (choice === "off") return null;
  if (choice === "redis" || (choice === "auto" && env.redisUrl)) return env.redisUrl ? { kind: "redis", url: env.redisUrl } : null;
  if (env.databaseUrl) return { kind: "postgres", url: env.databaseUrl };
  return null;
}
