import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrate.ts";
import { seedDemoShop } from "../../server/db/seed/index.ts";
import { adminQuery, databaseUrl } from "./pg-admin.ts";

/**
 * Test databases start from templates made once per run, not from an empty cluster: a fresh PGlite
 * costs seconds (initdb in WebAssembly), migrations half a second and the demo seed with its
 * images many more, while loading a dump or copying a PostgreSQL template database is fast.
 *
 * A template is made by the first test file that needs it, under a file lock, and kept in the
 * run's folder (`tests/support/db-templates-setup.ts` makes and removes it): one for the migrated,
 * empty shop and one per demo-shop size. Its media folder (the rendered demo images) sits beside it.
 */
export interface Template {
  /** PGlite: reads the dump of the database. */
  dump?: () => Blob;
  /** PostgreSQL: the name of the template database on the server. */
  database?: string;
  /** The demo images the seed rendered (seeded templates only). */
  mediaDir?: string;
}

/** What a template holds: the migrated schema only, or the demo shop of that many products too. */
export type TemplateKind = { products?: number };

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplatesDir: string;
    dbTemplatesRun: string;
  }
}

/** The name of the PostgreSQL template database for one kind in one run. */
export function templateDatabaseName(run: string, kind: TemplateKind): string {
  return `shop_tpl_${run}_${kind.products === undefined ? "migrated" : `seed${kind.products}`}`;
}

export async function template(kind: TemplateKind, serverUrl: string | undefined): Promise<Template> {
  const dir = inject("dbTemplatesDir");
  const run = inject("dbTemplatesRun");
  const key = kind.products === undefined ? "migrated" : `seed-${kind.products}`;
  const ready = join(dir, `${key}.ready`);
  const database = serverUrl ? templateDatabaseName(run, kind) : undefined;
  const mediaDir = kind.products === undefined ? undefined : join(dir, `${key}-media`);
  if (!existsSync(ready)) await makeOnce(join(dir, `${key}.lock`), ready, () => make(kind, dir, key, serverUrl, database));
  return {
    dump: serverUrl ? undefined : () => new Blob([readFileSync(join(dir, `${key}.tar`))]),
    database,
    mediaDir,
  };
}

// The first caller takes the lock (mkdir is atomic) and makes the template; the others wait until
// its ready file appears, or its failed file, which says why (well within the hooks' time-out).
async function makeOnce(lock: string, ready: string, makeIt: () => Promise<void>) {
  const failed = `${ready}.failed`;
  try {
    mkdirSync(lock);
  } catch {
    const deadline = Date.now() + 100_000;
    while (!existsSync(ready)) {
      if (existsSync(failed)) throw new Error(`The test database template could not be made: ${readFileSync(failed, "utf8")}`);
      if (Date.now() > deadline) throw new Error(`The test database template ${ready} was not made in time.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return;
  }
  try {
    await makeIt();
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
  writeFileSync(ready, "");
}

async function make(kind: TemplateKind, dir: string, key: string, serverUrl?: string, name?: string) {
  const base = kind.products === undefined ? undefined : await template({}, serverUrl);
  let database: Database;
  if (serverUrl && name) {
    await adminQuery(serverUrl, base?.database ? `create database ${name} template ${base.database}` : `create database ${name}`);
    database = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, name), poolSize: 4 });
  } else {
    database = await openDatabase({ kind: "pglite", fromDump: base?.dump?.() });
  }
  try {
    if (!base) await applyMigrations(database);
    if (kind.products !== undefined) {
      // Rendered into a folder of its own first, so a waiting file never sees half of it.
      const media = join(dir, `${key}-media.partial`);
      await seedDemoShop(database.db, { products: kind.products, mediaDir: media });
      renameSync(media, join(dir, `${key}-media`));
    }
    if (database.dump) writeFileSync(join(dir, `${key}.tar`), new Uint8Array(await (await database.dump()).arrayBuffer()));
  } finally {
    await database.close();
  }
}
