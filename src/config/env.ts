/**
 * Deployment configuration from the environment, validated once at start.
 * Node-only (read by the server boot and by server-side rendering); never import from client components.
 * Every variable is documented in .env.example.
 */
import path from "node:path";
import SITE_CONFIG from "../../site-config";

export interface Features {
  userGroups: boolean;
  languageSwitcher: boolean;
  tracking: boolean;
  mapsPage: boolean;
  /** WEB_VITALS=on: visitors' browsers report INP, LCP and CLS (never while `tracking` is off). */
  webVitals: boolean;
}

export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  siteUrl: string;
  /** Base of the platform API for server-side rendering, ending in "/". */
  apiEndpointSsr: string;
  /**
   * No API_ENDPOINT: the platform is this process, and server-side rendering calls it in-process
   * (`src/lib/api/in-process-adapter.ts`) instead of over loopback HTTP.
   */
  platformInProcess: boolean;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  /** "auto": seed the demo scenario into a never-seeded embedded database; "demo": also on a server; "none": never. */
  seed: "auto" | "demo" | "none";
  features: Features;
  /** Access-token lifetime in seconds (default 3600; short values let tests see expiry). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (default 604,800 = the cookie age). */
  refreshTokenTtl: number;
  /** Cookies get the Secure flag when the site runs on https. */
  secureCookies: boolean;
  /** Optional e-mail delivery: smtp(s)://user:pass@host:port; messages always also land in the outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Optional SMS delivery: POST {to, text} as JSON to this URL, with a Bearer token when set. */
  smsGatewayUrl: string | null;
  smsGatewayToken: string | null;
  /** The Local Contexts Hub (`LOCAL_CONTEXTS_API_URL`, e.g. https://localcontextshub.org): null, no sync (the shipped catalogue serves). */
  localContextsApiUrl: string | null;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * TRUST_PROXY as a number of proxies that append to X-Forwarded-For (false 0, true 1, or 1–10): the
   * client address is that many entries from the right.
   */
  trustProxyHops: number;
  /**
   * Origins (`https://app.example.org`) whose pages may call the platform API from the browser, with
   * credentials (CORS). Empty: no cross-origin access.
   */
  corsOrigins: string[];
  /** LOG_FORMAT: "text" (console) or "json" (one JSON line per log call, for collectors). */
  logFormat: "text" | "json";
  /** FILES_DIR: the files store (a folder every instance mounts); `${dataDir}/files` by default. */
  filesDir: string;
  /**
   * PARTIAL_UPLOADS_DIR: resumable uploads while they arrive (tus, issue 32); `${dataDir}/uploads-partial`
   * by default. Several instances behind one address must all mount one folder here.
   */
  partialUploadsDir: string;
  /**
   * FILE_STORE: "directory" (FILES_DIR, the default) or "s3" (an S3-compatible bucket, `s3` below).
   * Resized-image variants and export temp files stay in DATA_DIR either way.
   */
  fileStore: "directory" | "s3";
  /** The bucket when FILE_STORE=s3 (S3_* variables); null otherwise. */
  s3: S3Settings | null;
  /** REDIS_URL: a Redis server for cross-instance cache invalidation (optional). */
  redisUrl: string | null;
  /**
   * INVALIDATION_TRANSPORT: how instances tell each other what changed. "auto": Redis when REDIS_URL
   * is set, else PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set, else none (one embedded instance).
   */
  invalidationTransport: "auto" | "postgres" | "redis" | "off";
  /** INVALIDATION_CHANNEL: the channel the instances of one site share (default cca_cache_invalidation). */
  invalidationChannel: string;
}

export interface S3Settings {
  /** S3_ENDPOINT: e.g. https://minio.internal:9000; null = the provider's default (AWS) for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph, …). */
  forcePathStyle: boolean;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable.`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

function parseBool(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "on", "yes"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "off", "no"].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

/** TRUST_PROXY: false (0 hops), true (1) or the number of proxies (0–10) that append to X-Forwarded-For. */
function parseTrustProxy(raw: string | undefined, problems: string[]): number {
  if (raw !== undefined && /^\s*\d+\s*$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= 10) return hops;
    problems.push(`TRUST_PROXY must be true, false or a number of proxies from 0 to 10 (got "${raw}")`);
    return 0;
  }
  const problemCount = problems.length;
  const trusted = parseBool("TRUST_PROXY", raw, false, problems);
  if (problems.length > problemCount) problems[problems.length - 1] = `TRUST_PROXY must be true, false or a number of proxies from 0 to 10 (got "${raw}")`;
  return trusted ? 1 : 0;
}

function parseUrl(name: string, raw: string, protocols: string[], problems: string[]): string {
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must use ${protocols.join(" or ")} (got "${raw}")`);
    }
  } catch {
    problems.push(`${name} must be an absolute URL (got "${raw}")`);
  }
  return raw;
}

/**
 * CORS_ORIGINS: comma-separated origins, each scheme + host (+ port), normalised as browsers send them
 * in `Origin`. `*` is refused: responses allow credentials, and a wildcard with credentials would let
 * any site act as the signed-in visitor.
 */
function parseCorsOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    if (item === "*") {
      problems.push("CORS_ORIGINS cannot be * (credentials are allowed): list each origin, e.g. https://app.example.org");
      continue;
    }
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      problems.push(`CORS_ORIGINS entries must be origins like https://app.example.org (got "${item}")`);
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      problems.push(`CORS_ORIGINS entries must use http: or https: (got "${item}")`);
    } else if (url.username || url.password || url.search || url.hash || url.pathname !== "/") {
      problems.push(`CORS_ORIGINS entries are origins: scheme, host and port only, no path (got "${item}")`);
    } else if (!origins.includes(url.origin)) {
      origins.push(url.origin);
    }
  }
  return origins;
}

export function parseEnv(source: Source = process.env): Env {
  const problems: string[] = [];

  const nodeEnvRaw = source.NODE_ENV ?? "development";
  const nodeEnv = (["development", "production", "test"].includes(nodeEnvRaw) ? nodeEnvRaw : "development") as Env["nodeEnv"];

  let port = 3000;
  if (source.PORT !== undefined && source.PORT !== "") {
    const n = Number(source.PORT);
    if (!Number.isInteger(n) || n < 1 || n > 65535) problems.push(`PORT must be a whole number from 1 to 65535 (got "${source.PORT}")`);
    else port = n;
  }

  const siteUrl = parseUrl("SITE_URL", (source.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, ""), ["http:", "https:"], problems);

  let apiEndpointSsr = source.API_ENDPOINT || `http://127.0.0.1:${port}/`;
  parseUrl("API_ENDPOINT", apiEndpointSsr, ["http:", "https:"], problems);
  if (!apiEndpointSsr.endsWith("/")) apiEndpointSsr += "/";

  const dataDir = path.resolve(/*turbopackIgnore: true*/ source.DATA_DIR || "./data");

  let databaseUrl: string | null = null;
  if (source.DATABASE_URL) {
    databaseUrl = parseUrl("DATABASE_URL", source.DATABASE_URL, ["postgres:", "postgresql:"], problems);
  }

  let jwtSecret: string | null = null;
  if (source.JWT_SECRET) {
    if (source.JWT_SECRET.length < 32) problems.push("JWT_SECRET must be at least 32 characters long");
    jwtSecret = source.JWT_SECRET;
  }

  const seedRaw = source.SEED || "auto";
  if (!["auto", "demo", "none"].includes(seedRaw)) problems.push(`SEED must be "auto", "demo" or "none" (got "${seedRaw}")`);
  const seed = (["auto", "demo", "none"].includes(seedRaw) ? seedRaw : "auto") as Env["seed"];

  // Read where they are used (src/shared/cache/memory-cache.ts, src/server/infra/files/image-resize.ts); checked here.
  for (const name of ["DATA_CACHE_MAX_MB", "CROP_CACHE_MAX_MB"]) {
    const raw = source[name];
    if (raw !== undefined && raw !== "" && !(Number(raw) > 0)) problems.push(`${name} must be a positive number of megabytes (got "${raw}")`);
  }

  const f = SITE_CONFIG.FEATURES;
  const features: Features = {
    userGroups: parseBool("FEATURE_USER_GROUPS", source.FEATURE_USER_GROUPS, f.USER_GROUPS, problems),
    languageSwitcher: parseBool("FEATURE_LANGUAGE_SWITCHER", source.FEATURE_LANGUAGE_SWITCHER, f.LANGUAGE_SWITCHER, problems),
    tracking: parseBool("FEATURE_TRACKING", source.FEATURE_TRACKING, f.TRACKING, problems),
    mapsPage: parseBool("FEATURE_MAPS_PAGE", source.FEATURE_MAPS_PAGE, f.MAPS_PAGE, problems),
    webVitals: false,
  };
  // Opt-in (issue 35), and part of tracking: FEATURE_TRACKING=false turns it off whatever WEB_VITALS says.
  features.webVitals = parseBool("WEB_VITALS", source.WEB_VITALS, false, problems) && features.tracking;

  if (databaseUrl && !jwtSecret) {
    problems.push("JWT_SECRET is required when DATABASE_URL is set (instances sharing a database must share the secret)");
  }

  function parseSeconds(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number of seconds from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  }
  const accessTokenTtl = parseSeconds("ACCESS_TOKEN_TTL_SECONDS", source.ACCESS_TOKEN_TTL_SECONDS, 3600, 5, 3600);
  const refreshTokenTtl = parseSeconds("REFRESH_TOKEN_TTL_SECONDS", source.REFRESH_TOKEN_TTL_SECONDS, 604_800, 60, 604_800);

  const smtpUrl = source.SMTP_URL ? parseUrl("SMTP_URL", source.SMTP_URL, ["smtp:", "smtps:"], problems) : null;
  const mailFrom = source.MAIL_FROM || "CCA portal <no-reply@localhost>";
  const smsGatewayUrl = source.SMS_GATEWAY_URL ? parseUrl("SMS_GATEWAY_URL", source.SMS_GATEWAY_URL, ["http:", "https:"], problems) : null;
  const smsGatewayToken = source.SMS_GATEWAY_TOKEN || null;
  const localContextsApiUrl = source.LOCAL_CONTEXTS_API_URL ? parseUrl("LOCAL_CONTEXTS_API_URL", source.LOCAL_CONTEXTS_API_URL, ["http:", "https:"], problems).replace(/\/+$/, "") : null;
  const trustProxyHops = parseTrustProxy(source.TRUST_PROXY, problems);
  const trustProxy = trustProxyHops > 0;
  const corsOrigins = parseCorsOrigins(source.CORS_ORIGINS, problems);
  const logFormatRaw = (source.LOG_FORMAT || "text").toLowerCase();
  if (logFormatRaw !== "text" && logFormatRaw !== "json") problems.push(`LOG_FORMAT must be text or json (got "${source.LOG_FORMAT}")`);
  const logFormat = logFormatRaw === "json" ? "json" : "text";

  const filesDir = source.FILES_DIR ? path.resolve(/*turbopackIgnore: true*/ source.FILES_DIR) : path.join(dataDir, "files");
  const partialUploadsDir = source.PARTIAL_UPLOADS_DIR ? path.resolve(/*turbopackIgnore: true*/ source.PARTIAL_UPLOADS_DIR) : path.join(dataDir, "uploads-partial");
  const fileStoreRaw = (source.FILE_STORE || "directory").toLowerCase();
  if (fileStoreRaw !== "directory" && fileStoreRaw !== "s3") problems.push(`FILE_STORE must be directory or s3 (got "${source.FILE_STORE}")`);
  const fileStore = fileStoreRaw === "s3" ? "s3" : "directory";
  let s3: S3Settings | null = null;
  if (fileStore === "s3") {
    const required = (name: string): string => {
      const value = source[name]?.trim() ?? "";
      if (!value) problems.push(`${name} is required when FILE_STORE=s3`);
      return value;
    };
    const endpoint = source.S3_ENDPOINT ? parseUrl("S3_ENDPOINT", source.S3_ENDPOINT.replace(/\/+$/, ""), ["http:", "https:"], problems) : null;
    const bucket = required("S3_BUCKET");
    if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, '.' or '-' (got "${bucket}")`);
    s3 = {
      endpoint,
      bucket,
      region: source.S3_REGION?.trim() || "us-east-1",
      accessKeyId: required("S3_ACCESS_KEY_ID"),
      secretAccessKey: required("S3_SECRET_ACCESS_KEY"),
      forcePathStyle: parseBool("S3_FORCE_PATH_STYLE", source.S3_FORCE_PATH_STYLE, false, problems),
    };
  }
  const redisUrl = source.REDIS_URL ? parseUrl("REDIS_URL", source.REDIS_URL, ["redis:"], problems) : null;
  const transportRaw = (source.INVALIDATION_TRANSPORT || "auto").toLowerCase();
  if (!["auto", "postgres", "redis", "off"].includes(transportRaw)) {
    problems.push(`INVALIDATION_TRANSPORT must be auto, postgres, redis or off (got "${source.INVALIDATION_TRANSPORT}")`);
  }
  const invalidationTransport = (["auto", "postgres", "redis", "off"].includes(transportRaw) ? transportRaw : "auto") as Env["invalidationTransport"];
  if (invalidationTransport === "redis" && !redisUrl) problems.push("INVALIDATION_TRANSPORT=redis needs REDIS_URL");
  if (invalidationTransport === "postgres" && !databaseUrl) problems.push("INVALIDATION_TRANSPORT=postgres needs DATABASE_URL (the embedded database serves one instance)");
  const invalidationChannel = source.INVALIDATION_CHANNEL || "cca_cache_invalidation";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(invalidationChannel)) {
    problems.push(`INVALIDATION_CHANNEL must be lower-case letters, digits and _ (up to 63, got "${invalidationChannel}")`);
  }

  if (problems.length > 0) throw new EnvError(problems);
  return {
    nodeEnv,
    port,
    siteUrl,
    apiEndpointSsr,
    platformInProcess: !source.API_ENDPOINT,
    dataDir,
    databaseUrl,
    jwtSecret,
    seed,
    features,
    accessTokenTtl,
    refreshTokenTtl,
    secureCookies: siteUrl.startsWith("https:"),
    smtpUrl,
    mailFrom,
    smsGatewayUrl,
    smsGatewayToken,
    localContextsApiUrl,
    trustProxy,
    trustProxyHops,
    corsOrigins,
    logFormat,
    filesDir,
    partialUploadsDir,
    fileStore,
    s3,
    redisUrl,
    invalidationTransport,
    invalidationChannel,
  };
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once). */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
