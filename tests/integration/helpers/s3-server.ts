/**
 * A real S3-compatible server for tests: s3rver (an npm package, no network), listening on a free
 * port of 127.0.0.1 and keeping its objects in a temp folder, with one empty bucket.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "@/config/env";

export interface TestS3Server {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "cca-test-files"): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "cca-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      // s3rver's fixed credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
