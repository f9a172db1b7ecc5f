import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { boundariesConfig } from "./eslint.boundaries.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-bench/",
      "build-*/",
      "tmp/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      // Written by npm run codegen; codegen.test.ts checks it, tsc type-checks it.
      "server/api/graphql/generated/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Route modules never import the database: they go through the services in their context.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use ~/components/ui/link: it adds the page transition.",
            },
          ],
          patterns: [
            {
              group: ["**/server/db/**", "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*"],
              message: "Route modules use context.services, never the database.",
            },
          ],
        },
      ],
    },
  },
  ...boundariesConfig,
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
