import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

import fs from "node:fs";

// Every folder of src/features is a feature (read from the folder, never typed by hand).
const FEATURES = fs.readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The floors of src, from the bottom up. A floor imports only the floors below it (and itself):
 *   site-config.ts, src/config, src/shared  → src/contracts → src/lib → src/components → src/features
 *   → src/shell → src/pages
 * The platform back end (src/server) imports only src/shared, src/contracts and src/config; inside it
 *   infra → modules → migrations → seed → cli → app.
 * The portal web server (src/web-server) imports src/shared, src/config and src/server/infra.
 * Nothing but the API adapter (src/pages/api) and src/instrumentation.ts reaches src/server.
 */
const CLIENT_FLOORS = ["shared", "contracts", "lib", "components", "features", "shell", "pages"];
const SERVER_FLOORS = ["infra", "modules", "migrations", "seed", "cli", "app"];
const floorZones = [
  ...CLIENT_FLOORS.map((floor, i) => ({
    target: `./src/${floor}`,
    from: [...CLIENT_FLOORS.slice(i + 1).map((above) => `./src/${above}`), "./src/web-server", ...(floor === "pages" ? [] : ["./src/server"])],
    message: `src/${floor} imports only the floors below it (${CLIENT_FLOORS.slice(0, i).join(", ") || "config"}).`,
  })),
  // The page tree reaches the server only through its API adapter (next config block).
  { target: "./src/pages", from: ["./src/server", "./src/web-server"], message: "Pages are thin adapters: only src/pages/api may reach src/server." },
  {
    target: "./src/server",
    from: ["./src/lib", "./src/components", "./src/features", "./src/shell", "./src/pages", "./src/web-server"],
    message: "The platform imports only src/shared, src/contracts and src/config.",
  },
  ...SERVER_FLOORS.slice(0, -1).map((floor, i) => ({
    target: `./src/server/${floor}`,
    from: SERVER_FLOORS.slice(i + 1).map((above) => `./src/server/${above}`),
    message: `src/server/${floor} imports only the floors below it (${SERVER_FLOORS.slice(0, i).join(", ") || "nothing of src/server"}).`,
  })),
  {
    target: "./src/web-server",
    from: ["./src/lib", "./src/components", "./src/features", "./src/shell", "./src/pages", "./src/contracts", ...SERVER_FLOORS.slice(1).map((floor) => `./src/server/${floor}`)],
    message: "The portal web server imports only src/shared, src/config and src/server/infra.",
  },
];


const SQL_OUTSIDE_REPOSITORY = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|one|maybeOne)$/]",
  message: "SQL runs only in *.repository.ts (and src/server/infra/db, migrations, seed): call a repository function.",
};
const INVALIDATION_IN_ROUTE = {
  selector: "CallExpression[callee.name='invalidateCache']",
  message: "Routes parse, authorise and call one service; the service invalidates the caches it changes.",
};
// Files not yet in that anatomy (issue 29, in progress): this list only shrinks.
const ANATOMY_PENDING = [
];

const config = [
  {
    ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "tests/.tmp/**", "public/sw.js"],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next-translate/useTranslation",
              message: "Import useTranslation from @/lib/i18n/use-translation: it reads this render's provider, not next-translate's process-wide global.",
            },
            {
              name: "@chakra-ui/react",
              importNames: ["Alert", "Checkbox", "Dialog", "Field", "Fieldset", "Input", "InputProps", "NativeSelect", "Table", "Tabs", "Textarea", "Toast", "Toaster"],
              message: "Import it from @/components/ui/chakra/*: that module adds the component's recipe to the system (it is not in the shared theme).",
            },
            {
              name: "@chakra-ui/react/theme",
              message: "Import the theme's parts from @chakra-theme/* (src/components/ui/chakra/theme.ts): this module holds every recipe of the default theme, and importing it can keep them all in the shared chunk.",
            },
            {
              name: "@chakra-ui/react",
              importNames: ["RadioGroup"],
              message: "Use native radio buttons (RadioField in @/components/form/fields, class cca-choice): Chakra's RadioGroup ships a state machine the browser does not need.",
            },
          ],
        },
      ],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...floorZones,
            // Features never import each other: lift shared parts into components/ or lib/.
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: "./src/features",
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  // One anatomy per back-end module: *.routes.ts parses, authorises and calls one service; *.service.ts
  // holds the rules and the cache invalidation; *.repository.ts is the only place that runs SQL (with
  // the database floor: connection code, migrations and the demo seed).
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/*.repository.ts", "src/server/infra/db/**", "src/server/migrations/**", "src/server/seed/**", ...ANATOMY_PENDING],
    rules: { "no-restricted-syntax": ["error", SQL_OUTSIDE_REPOSITORY] },
  },
  {
    files: ["src/server/**/*.routes.ts"],
    ignores: ANATOMY_PENDING,
    rules: { "no-restricted-syntax": ["error", SQL_OUTSIDE_REPOSITORY, INVALIDATION_IN_ROUTE] },
  },
  {
    // The API adapter is the one page-tree file allowed to reach the server.
    files: ["src/pages/api/**"],
    rules: { "import/no-restricted-paths": "off" },
  },
  {
    files: ["scripts/**", "*.config.*", "next.config.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];

export default config;
