import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/config/env";

describe("[CONFIG] deployment values are validated at start", () => {
  it("gives working defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.siteUrl).toBe("http://localhost:3000");
    expect(env.apiEndpointSsr).toBe("http://127.0.0.1:3000/");
    expect(env.databaseUrl).toBeNull();
    expect(env.seed).toBe("auto");
    expect(env.features.mapsPage).toBe(true);
    expect(env.dataDir).toMatch(/data$/);
  });

  it("honours PORT, DATA_DIR, DATABASE_URL and flags", () => {
    const env = parseEnv({
      PORT: "4000",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@h:5432/db",
      JWT_SECRET: "x".repeat(32),
      FEATURE_MAPS_PAGE: "false",
      ACCESS_TOKEN_TTL_SECONDS: "30",
    });
    expect(env.port).toBe(4000);
    expect(env.apiEndpointSsr).toBe("http://127.0.0.1:4000/");
    expect(env.dataDir).toBe("/tmp/x");
    expect(env.databaseUrl).toBe("postgres://u@h:5432/db");
    expect(env.features.mapsPage).toBe(false);
    expect(env.accessTokenTtl).toBe(30);
  });

  it("requires a shared secret with a database server, and bounds token lifetimes", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://u@h:5432/db" })).toThrow(/JWT_SECRET is required/);
    expect(() => parseEnv({ ACCESS_TOKEN_TTL_SECONDS: "86400" })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(parseEnv({ SITE_URL: "https://cca.example.org" }).secureCookies).toBe(true);
    expect(parseEnv({}).secureCookies).toBe(false);
  });

  it("lists every problem in one readable error", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", JWT_SECRET: "short", SEED: "lots", FEATURE_TRACKING: "maybe" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join("\n");
    expect(problems).toContain("PORT");
    expect(problems).toContain("DATABASE_URL");
    expect(problems).toContain("JWT_SECRET");
    expect(problems).toContain("SEED");
    expect(problems).toContain("FEATURE_TRACKING");
    expect((error as EnvError).message).toContain(".env.example");
  });

  it("reads the CORS allow-list as exact origins and refuses *, paths and other schemes with a reason", () => {
    expect(parseEnv({}).corsOrigins).toEqual([]);
    expect(parseEnv({ CORS_ORIGINS: " https://App.Example.org , http://localhost:3100/,https://app.example.org:443 " }).corsOrigins).toEqual([
      "https://app.example.org",
      "http://localhost:3100",
    ]);
    const problemsOf = (value: string) => {
      try {
        parseEnv({ CORS_ORIGINS: value });
      } catch (e) {
        return (e as EnvError).problems.join("\n");
      }
      return "";
    };
    expect(problemsOf("*")).toMatch(/CORS_ORIGINS cannot be \*/);
    expect(problemsOf("https://a.example.org/app")).toMatch(/CORS_ORIGINS .*no path/);
    expect(problemsOf("ftp://a.example.org")).toMatch(/CORS_ORIGINS .*http: or https:/);
    expect(problemsOf("a.example.org")).toMatch(/CORS_ORIGINS entries must be origins/);
  });

  it("several instances: the files store and the invalidation transport have safe defaults", () => {
    const env = parseEnv({ DATA_DIR: "/srv/cca" });
    expect(env.filesDir).toBe("/srv/cca/files");
    expect(env.redisUrl).toBeNull();
    expect(env.invalidationTransport).toBe("auto");
    expect(env.invalidationChannel).toBe("cca_cache_invalidation");
    const shared = parseEnv({ DATA_DIR: "/srv/cca", FILES_DIR: "/mnt/shared/cca-files", REDIS_URL: "redis://10.0.0.5:6379", INVALIDATION_TRANSPORT: "Redis" });
    expect(shared).toMatchObject({ filesDir: "/mnt/shared/cca-files", redisUrl: "redis://10.0.0.5:6379", invalidationTransport: "redis" });
    expect(() => parseEnv({ REDIS_URL: "http://10.0.0.5" })).toThrow(/REDIS_URL must use redis:/);
    expect(() => parseEnv({ INVALIDATION_TRANSPORT: "kafka" })).toThrow(/INVALIDATION_TRANSPORT must be auto, postgres, redis or off/);
  });

  it("the files store: a folder by default; FILE_STORE=s3 names each missing or bad S3_ variable", () => {
    const plain = parseEnv({ DATA_DIR: "/srv/cca" });
    expect(plain).toMatchObject({ fileStore: "directory", s3: null });
    const problemsOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (e) {
        return (e as EnvError).problems;
      }
      return [];
    };
    expect(problemsOf({ FILE_STORE: "s3" })).toEqual([
      "S3_BUCKET is required when FILE_STORE=s3",
      "S3_ACCESS_KEY_ID is required when FILE_STORE=s3",
      "S3_SECRET_ACCESS_KEY is required when FILE_STORE=s3",
    ]);
    expect(problemsOf({ FILE_STORE: "s3", S3_BUCKET: "cca", S3_ACCESS_KEY_ID: "k" })).toEqual(["S3_SECRET_ACCESS_KEY is required when FILE_STORE=s3"]);
    expect(problemsOf({ FILE_STORE: "s3", S3_BUCKET: "Bad_Bucket", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "minio:9000", S3_FORCE_PATH_STYLE: "maybe" })).toEqual([
      "S3_ENDPOINT must use http: or https: (got \"minio:9000\")",
      expect.stringMatching(/^S3_BUCKET must be a bucket name/),
      "S3_FORCE_PATH_STYLE must be true or false (got \"maybe\")",
    ]);
    expect(problemsOf({ FILE_STORE: "nfs" })).toEqual(['FILE_STORE must be directory or s3 (got "nfs")']);
    // S3_* without FILE_STORE=s3 change nothing.
    expect(parseEnv({ S3_BUCKET: "cca" }).s3).toBeNull();
    const bucket = parseEnv({ FILE_STORE: "S3", S3_ENDPOINT: "http://minio.internal:9000/", S3_BUCKET: "cca-files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true" });
    expect(bucket.s3).toEqual({ endpoint: "http://minio.internal:9000", bucket: "cca-files", region: "us-east-1", accessKeyId: "key", secretAccessKey: "secret", forcePathStyle: true });
  });
  it("TRUST_PROXY: false by default, true is one proxy, or a number of proxies up to 10 (issue 27 item 6)", () => {
    expect(parseEnv({})).toMatchObject({ trustProxy: false, trustProxyHops: 0 });
    expect(parseEnv({ TRUST_PROXY: "true" })).toMatchObject({ trustProxy: true, trustProxyHops: 1 });
    expect(parseEnv({ TRUST_PROXY: "2" })).toMatchObject({ trustProxy: true, trustProxyHops: 2 });
    expect(parseEnv({ TRUST_PROXY: "0" })).toMatchObject({ trustProxy: false, trustProxyHops: 0 });
    expect(() => parseEnv({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY must be true, false or a number of proxies from 0 to 10/);
    expect(() => parseEnv({ TRUST_PROXY: "sometimes" })).toThrow(/TRUST_PROXY must be true, false or a number of proxies/);
  });
});
