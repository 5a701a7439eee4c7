// Starts the portal server (src/web-server/serve.ts: Next behind the Content-Security-Policy and the
// anonymous page cache, with operations endpoints and a graceful stop) on the built app. Used by
// `npm start`, the end-to-end tests and the bench. Environment: see .env.example.
import { tsImport } from "tsx/esm/api";
import { ROOT } from "./lib/build.mjs";

// The portal server is always a production server; React and Next read NODE_ENV when they first load.
process.env.NODE_ENV = "production";
const { startPortalServer } = await tsImport("../src/web-server/serve.ts", import.meta.url);
await startPortalServer(ROOT);
