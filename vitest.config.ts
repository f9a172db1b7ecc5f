import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two projects: "unit" runs without a database; "db" runs against a real migrated database
// (PGlite in process, or PostgreSQL when TEST_DATABASE_URL is set). The e2e suite is Playwright's.
export default defineConfig({
  // As in the shop's build (vite.config.ts): an imported asset is always a file, never a data:
  // address (an icon's <use> cannot point into one).
  build: { assetsInlineLimit: 0 },
  resolve: {
    alias: {
      "~": new URL("./app", import.meta.url).pathname,
      // graphql 16 has a CommonJS (main) and an ESM (module) build. Node, loading graphql-yoga,
      // takes the CommonJS one; Vite would give our sources the ESM one, and graphql refuses
      // types from "another module or realm". So our sources get the file Node uses.
      graphql: "graphql/index.js",
    },
  },
  test: {
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Vitest's default leaves a core idle (one worker on a 2-core machine), and the database
    // tests spend much of their time waiting on their database, mail peer or child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // The unit files share one module graph per worker instead of importing it afresh for
          // each file: no unit test keeps state in a module, and those that mock restore it.
          isolate: false,
          include: ["server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          isolate: false,
          globalSetup: ["tests/support/db-templates-setup.ts"],
          include: ["server/**/*.db.test.ts", "app/**/*.db.test.ts", "tests/**/*.db.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
