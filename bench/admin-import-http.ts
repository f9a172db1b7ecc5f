// The shop's listing during a catalogue import, over HTTP (issue 25 §6, ADR 72), part of
// `npm run bench -- --admin` (and --catalogue). A real shop process (the bench build, on a fresh
// PostgreSQL database) serves a category listing page to autocannon, alone, then while the same
// process runs an import's jobs: 20,000 products changing every price, dry run then apply, started
// through the back office's forms as the owner does. The import of the 20,000 products themselves
// comes first, unmeasured, the same way.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { openDatabase, queryRows } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrate.ts";
import { seedDemoShop } from "../server/db/seed/index.ts";
import { setUpOwner } from "../tests/support/e2e-owner.ts";
import { adminQuery, adminRows, databaseUrl } from "../tests/support/pg-admin.ts";
import { OWNER_SET_UP_LINK } from "../tests/support/shop-server.ts";
import { catalogueFile } from "./admin-catalogue.ts";
import { BENCH_BUILD_DIR, CONNECTIONS } from "./config.ts";
import { measureRound, mergeRounds, warmUp, type MeasuredRound } from "./load.ts";
import { startServer, type BenchServer } from "./server.ts";

const ALONE_S = 10;
/** Rounds during the import: short, so that the last one ends soon after the import. */
const ROUND_S = 2;
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export interface ListingOverHttp {
  path: string;
  alone: { reqPerSec: number; p99Ms: number };
  duringImport: { reqPerSec: number; p99Ms: number; seconds: number; non2xx: number; errors: number };
  /** The price import's dry run and apply, as the shop process ran them beside the listing. */
  importS: { dryRun: number; apply: number };
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Uploads the file through the imports page, as the owner's browser sends the form; answers the import's id. */
async function upload(server: BenchServer, cookie: string, name: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData();
  form.set("file", new Blob([Uint8Array.from(bytes)], { type: "text/csv" }), name);
  const answer = await fetch(`${server.url}/admin/imports`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: form,
    redirect: "manual",
  });
  const id = /\/admin\/imports\/(\d+)/.exec(answer.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`The upload answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  return Number(id);
}

async function apply(server: BenchServer, cookie: string, id: number): Promise<void> {
  const answer = await fetch(`${server.url}/admin/imports/${id}`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: new URLSearchParams({ intent: "apply" }),
    redirect: "manual",
  });
  if (answer.status !== 303) throw new Error(`Apply answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
}

/** The import's status, read from its row (as its page does). */
const statusOf = async (url: string, id: number) =>
  (
    await adminRows<{ status: string; error: string | null }>(url, `select status, error from catalogue_imports where id = ${id}`)
  )[0];

/** Uploads and applies a file, waiting for each job; answers the seconds of each. */
async function importFile(server: BenchServer, cookie: string, url: string, bytes: Uint8Array) {
  const begun = performance.now();
  const id = await upload(server, cookie, "bench.csv", bytes);
  const previewed = await waitFor(async () => {
    const row = await statusOf(url, id);
    return row && row.status !== "previewing" ? row : undefined;
  }, "the dry run");
  if (previewed.status !== "previewed") throw new Error(`The dry run ended ${previewed.status}: ${previewed.error}`);
  const dryRun = (performance.now() - begun) / 1000;
  await apply(server, cookie, id);
  const applied = await waitFor(async () => {
    const row = await statusOf(url, id);
    return row && row.status !== "applying" ? row : undefined;
  }, "the apply");
  if (applied.status !== "applied") throw new Error(`The apply ended ${applied.status}: ${applied.error}`);
  return { dryRun, apply: (performance.now() - begun) / 1000 - dryRun };
}

export async function benchListingOverHttp(options: {
  rootDir: string;
  serverUrl: string;
  track: (running: { stop(): Promise<void> | void }) => () => void;
}): Promise<ListingOverHttp> {
  const buildDir = buildIfStale({ ...process.env, SHOP_BENCH: "1", SHOP_BUILD_DIR: BENCH_BUILD_DIR });
  const name = `shop_bench_import_${randomBytes(4).toString("hex")}`;
  await adminQuery(options.serverUrl, `create database ${name}`);
  const url = databaseUrl(options.serverUrl, name);
  const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-import-"));
  let server: BenchServer | undefined;
  const drop = async () => {
    await server?.stop();
    await adminQuery(options.serverUrl, `drop database if exists ${name} with (force)`);
  };
  const forget = options.track({ stop: drop });
  try {
    // The shop's small catalogue and its names, made here; the server then runs on it.
    const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
    await applyMigrations(database);
    await seedDemoShop(database.db, { products: 12, mediaDir: join(dataDir, "media") });
    const brandNames = (await queryRows<{ name: string }>(database.db, sql`select name from brands order by id`)).map(
      (b) => b.name,
    );
    const tops = await queryRows<{ name: string; slug: string }>(
      database.db,
      sql`select name, slug from categories where parent_id is null order by id`,
    );
    await database.close();

    server = await startServer({
      rootDir: options.rootDir,
      buildDir,
      products: 12,
      startTimeoutMs: 60_000,
      dataDir,
      env: { DATABASE_URL: url, DEMO_SHOP: "false", LOG_LEVEL: "info", CATALOGUE_IMPORT_MAX_MB: "50" },
    });
    const link = await waitFor(async () => OWNER_SET_UP_LINK.exec(server!.output())?.[0], "the owner's set-up link");
    const { cookie } = await setUpOwner(server.url, link);

    const names = tops.map((c) => c.name);
    console.log("  over HTTP: importing the 20,000 products into the shop process (not measured)...");
    await importFile(server, cookie, url, catalogueFile(brandNames, names).file);
    await adminQuery(url, "analyze");

    const path = `/shop/${tops[0]!.slug}`;
    const listing = `${server.url}${path}`;
    await warmUp(listing, { connections: CONNECTIONS, warmupS: 3 });
    const alone = await measureRound(listing, { connections: CONNECTIONS, durationS: ALONE_S });

    let done = false;
    const importing = importFile(server, cookie, url, catalogueFile(brandNames, names, "49").file).finally(() => (done = true));
    const rounds: MeasuredRound[] = [];
    while (!done) rounds.push(await measureRound(listing, { connections: CONNECTIONS, durationS: ROUND_S }));
    const importS = await importing;
    // Requests over the time the rounds lasted (not a median of rounds: the import's steps differ).
    const requests = rounds.reduce((sum, r) => sum + r.raw.totalCompletedRequests, 0);
    const seconds = rounds.reduce((sum, r) => sum + r.raw.duration, 0);
    const merged = mergeRounds(listing, CONNECTIONS, rounds);
    const result: ListingOverHttp = {
      path,
      alone: { reqPerSec: alone.load.reqPerSec, p99Ms: alone.load.latencyP99Ms },
      duringImport: {
        reqPerSec: requests / seconds,
        p99Ms: merged.latencyP99Ms,
        seconds,
        non2xx: merged.non2xx,
        errors: merged.errors,
      },
      importS,
    };
    console.log(
      `    listing ${path} over HTTP: ${result.alone.reqPerSec.toFixed(0)} req/s alone, ${result.duringImport.reqPerSec.toFixed(0)} during the price import (${seconds.toFixed(0)} s; dry run ${importS.dryRun.toFixed(1)} s, apply ${importS.apply.toFixed(1)} s), p99 ${result.alone.p99Ms} ms / ${result.duringImport.p99Ms} ms`,
    );
    return result;
  } finally {
    forget();
    await drop();
  }
}
