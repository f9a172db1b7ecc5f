import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { lockDataDir } from "./pglite-lock.ts";
import * as schema from "./schema/index.ts";

/** The one database type the modules see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Runs fn while holding a database-wide lock, so two processes never migrate or seed at once. */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole database cluster as one tar, which `fromDump` opens again. */
  dump?(): Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined keeps the database in memory (tests); fromDump starts it from a copy made by
   * PGlite's dumpDataDir (tests start from a migrated, seeded template instead of an empty cluster).
   */
  | { kind: "pglite"; dataDir?: string; fromDump?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === "postgres" ? openPostgres(target.url, target.poolSize) : openPglite(target.dataDir, target.fromDump);
}

async function openPglite(dataDir?: string, fromDump?: Blob): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm is an extension PGlite ships apart: loaded here, made by a migration (ADR 72).
    client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(fromDump ? { loadDataDir: fromDump } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: () => ping(db),
    // PGlite is one connection inside this process: its transaction already excludes everyone else.
    exclusive: (fn) => fn(db),
    close: () => client.close().finally(unlock),
    dump: () => client.dumpDataDir("none"),
  };
}

// An arbitrary constant that identifies the shop's start-up lock among advisory locks.
const START_UP_LOCK = 727_001;

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: () => ping(db),
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [START_UP_LOCK]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [START_UP_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** DATABASE_URL set: PostgreSQL through a pool; unset: PGlite files under DATA_DIR/db. */
export function databaseTargetFor(env: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: `${env.DATA_DIR}/db` };
}
