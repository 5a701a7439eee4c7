/**
 * What an anonymous caller can make the platform parse, each bounded (issue 27 item 3): JSON bodies
 * (deeply nested, wide), long query strings on the public searches, multipart bodies sent to routes
 * that take them from signed-in callers only. Each hostile request answers a 4xx (or its normal
 * answer) quickly, never a 500, and the event loop keeps turning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
beforeAll(async () => {
  api = await createTestPlatform();
});
afterAll(async () => {
  await api?.close();
});

const DEEP = Buffer.from(`${'{"a":['.repeat(60_000)}1${"]}".repeat(60_000)}`);
const DEEP_ARRAY = Buffer.from(`${"[".repeat(200_000)}${"]".repeat(200_000)}`);
const WIDE = Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, i]))));

async function timed(method: string, url: string, body?: Buffer, contentType = "application/json") {
  const started = performance.now();
  const res = await api.request(method, url, { headers: body ? { "content-type": contentType } : {}, body, clientAddress: `10.27.3.${Math.floor(Math.random() * 250)}` });
  return { status: res.status, ms: performance.now() - started };
}

describe(`anonymous parsers are bounded (${TEST_DB})`, () => {
  const JSON_ROUTES: Array<[string, string]> = [
    ["POST", "user-api/api/v1/authenticate/login"],
    ["POST", "user-api/api/v1/authenticate/signup"],
    ["POST", "user-api/api/v1/authenticate/forgot-password"],
    ["POST", "user-api/api/v1/authenticate/refresh-tokens"],
    ["POST", "user-api/api/v1/user/list/users/_doc"],
    ["POST", "document-api/api/v1/services/list/document/_doc"],
    ["POST", "nakshaIntegrator-api/api/layer/download"],
    ["POST", "userGroup-api/api/v1/group/login"],
  ];

  it("refuses JSON nested more than 128 deep with a 400 before parsing it (a linear scan, not the reviver's recursion)", async () => {
    // Nested 60,000 and 200,000 deep: each cost the JSON reviver 150-450 ms of the event loop.
    for (const body of [DEEP, DEEP_ARRAY]) {
      const { status, ms } = await timed("POST", "user-api/api/v1/authenticate/login", body);
      expect(status).toBe(400);
      expect(ms).toBeLessThan(100);
    }
    const nested = (depth: number) => Buffer.from(`{"email":"x@example.org","password":"x","extra":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`);
    expect((await api.request("POST", "user-api/api/v1/authenticate/login", { headers: { "content-type": "application/json" }, body: nested(129) })).body).toMatchObject({
      message: "The request body nests objects and lists more than 128 deep",
    });
    // 128 deep is still read: the sign-in fails on the password, not on the body.
    expect((await api.request("POST", "user-api/api/v1/authenticate/login", { headers: { "content-type": "application/json" }, body: nested(128) })).body).not.toMatchObject({
      message: "The request body nests objects and lists more than 128 deep",
    });
    // Brackets inside strings do not count.
    const inString = Buffer.from(JSON.stringify({ email: "x@example.org", password: "[".repeat(5000) }));
    expect((await api.request("POST", "user-api/api/v1/authenticate/login", { headers: { "content-type": "application/json" }, body: inString })).body).not.toMatchObject({
      message: "The request body nests objects and lists more than 128 deep",
    });
  });

  it("answers deeply nested and very wide JSON bodies on every anonymous JSON route with a 4xx, quickly", async () => {
    for (const [method, url] of JSON_ROUTES) {
      for (const [name, body] of [["deep object", DEEP], ["deep array", DEEP_ARRAY], ["wide", WIDE]] as const) {
        const { status, ms } = await timed(method, url, body);
        expect(status, `${method} ${url} ${name}`).toBeLessThan(500);
        expect(ms, `${method} ${url} ${name}`).toBeLessThan(name === "wide" ? 1500 : 500);
      }
    }
  }, 120_000);

  it("answers long and repetitive query strings on the public searches quickly", async () => {
    const many = Array.from({ length: 800 }, (_, i) => `f${i}=${"x".repeat(8)}`).join("&");
    const long = `query=${"a%20".repeat(4000)}`;
    const ids = `id=${Array.from({ length: 2000 }, (_, i) => i + 1).join(",")}`;
    for (const path of ["cca-api/api/v1/data/list", "cca-api/api/v1/data/search", "cca-api/api/v1/data/aggregation", "cca-api/api/v1/data/search/map"]) {
      for (const q of [many, long, ids, "bbox=1,2,3", `usergroups=${"1,".repeat(3000)}1`]) {
        const { status, ms } = await timed("GET", `${path}?${q}`);
        expect(status, `${path} ${q.slice(0, 20)}`).toBeLessThan(500);
        expect(ms, `${path} ${q.slice(0, 20)}`).toBeLessThan(2000);
      }
    }
    const { status } = await timed("POST", `document-api/api/v1/services/list/document/_doc?${many}&tags=${"t,".repeat(3000)}`, Buffer.from("{}"));
    expect(status).toBeLessThan(500);
  }, 120_000);

  it("refuses an anonymous multipart body on every route that reads one, before parsing it", async () => {
    const boundary = "XYZ";
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bib"\r\n\r\n${"A,".repeat(30_000)}\r\n--${boundary}--\r\n`);
    for (const url of [
      "document-api/api/v1/services/upload/bib",
      "files-api/api/upload/resource-upload",
      "files-api/api/upload/my-uploads",
      "nakshaIntegrator-api/api/layer/upload",
      "nakshaIntegrator-api/api/layer/preview",
    ]) {
      const { status, ms } = await timed("POST", url, body, `multipart/form-data; boundary=${boundary}`);
      expect(status, url).toBe(401);
      expect(ms, url).toBeLessThan(500);
    }
  });
});
