import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { adminQuery, adminRows } from "./pg-admin.ts";

/**
 * Vitest's global set-up for the database tests: a folder for this run's templates
 * (tests/support/db-templates.ts), removed at the end with the run's PostgreSQL template databases.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "shop-db-templates-"));
  const run = randomBytes(4).toString("hex");
  project.provide("dbTemplatesDir", dir);
  project.provide("dbTemplatesRun", run);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const templates = await adminRows<{ datname: string }>(
      serverUrl,
      `select datname from pg_database where datname like 'shop_tpl_${run}_%'`,
    );
    for (const { datname } of templates) {
      await adminQuery(serverUrl, `drop database if exists ${datname} with (force)`);
    }
  };
}
