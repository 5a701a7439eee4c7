// `npm run user:create -- --email E --password P --name N [--mobile +91…] [--role ROLE_X]...`
// (package.json: "user:create": "tsx scripts/user-create.ts"). See src/server/cli/user-create-cli.ts.
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { runUserCreate } from "../src/server/cli/user-create-cli";

// Read .env files the way Next does, so DATA_DIR and DATABASE_URL set there apply here too.
const root = typeof __dirname === "string" ? path.resolve(__dirname, "..") : process.cwd();
loadEnvConfig(root, false, { info: () => {}, error: console.error });

runUserCreate(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
