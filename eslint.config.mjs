import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const FEATURES = ["home", "group", "page", "errors", "data", "template", "participate", "chart", "document", "map", "user", "auth", "admin"];

const config = [
  {
    ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "tests/.tmp/**"],
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
            // Server code is never imported by anything the browser may load.
            {
              target: ["./src/components", "./src/features", "./src/lib", "./src/contracts", "./src/pages"],
              from: "./src/server",
              except: [],
            },
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
