import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@site-config": path.resolve(import.meta.dirname, "site-config.ts"),
  // As in next.config.js: the files of Chakra's default theme (src/components/ui/chakra/theme.ts).
  "@chakra-theme": path.resolve(import.meta.dirname, "node_modules/@chakra-ui/react/dist/esm/theme"),
  // Chakra's styled-system parts (src/components/ui/chakra/lazy-system.ts).
  "@chakra-internal": path.resolve(import.meta.dirname, "node_modules/@chakra-ui/react/dist/esm"),
};

export default defineConfig({
  resolve: { alias },
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    projects: [
      {
        resolve: { alias },
        oxc: { jsx: { runtime: "automatic" } },
        test: {
          name: "unit",
          environment: "happy-dom",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Rendering whole screens and running axe takes seconds on a busy 2-core machine; 5 s timed out there.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          // tests/contract: the compatibility suite of the original front end (issue 34), a back-end test too.
          include: ["tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"],
          // Migrates and seeds the demo once per run; each test platform starts from a copy.
          globalSetup: ["tests/integration/helpers/seeded-snapshot.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy (~0.8 GB, ~4 s each): run test files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
