import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema files and committed; the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
