import { afterAll, beforeAll, expect, it } from "vitest";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

// Found by the fuzz run: a multipart body that ends inside its file failed the file's stream with no
// listener, an uncaught exception that would end the server process.
let api: TestPlatform;
beforeAll(async () => {
  api = await createTestPlatform();
});
afterAll(async () => {
  await api?.close();
});

it(`[FILES] a multipart body cut short inside its file is a 400, and the process keeps running (${TEST_DB})`, async () => {
  const token = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  const uncaught: unknown[] = [];
  const listener = (error: unknown) => uncaught.push(error);
  process.prependListener("uncaughtException", listener);
  try {
    // Every multipart reader: uploads, the BibTeX import, layer uploads.
    for (const route of ["files-api/api/upload/resource-upload", "files-api/api/upload/my-uploads", "document-api/api/v1/services/upload/bib", "nakshaIntegrator-api/api/layer/upload"]) {
      for (const name of ["upload", "file", "other"]) {
        const body = `--XYZ\r\nContent-Disposition: form-data; name="${name}"; filename="../../a.pdf"\r\n\r\n%PDF-broken`;
        const res = await api.request("POST", route, { headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=XYZ" }, body: Buffer.from(body) });
        expect(res.status, `${route} ${name}`).toBe(400);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    process.removeListener("uncaughtException", listener);
  }
  expect(uncaught.map(String)).toEqual([]);
}, 120_000);
