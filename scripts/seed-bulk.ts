// `npm run seed:bulk -- --records 100000 [--seed N]` (package.json: "seed:bulk": "tsx scripts/seed-bulk.ts").
// See src/server/cli/seed-bulk-cli.ts.
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { runSeedBulk } from "../src/server/cli/seed-bulk-cli";

const root = typeof __dirname === "string" ? path.resolve(__dirname, "..") : process.cwd();
loadEnvConfig(root, false, { info: () => {}, error: console.error });

runSeedBulk(process.argv.slice(2), { out: console.log, err: console.error, progress: (text) => process.stderr.write(text) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
