// The processes bench (issue 13, ADR 45), run by `npm run bench` at the end (or with the live
// bench alone, `npm run bench -- --live`): the product page's req/s from one process and from
// two (WEB_CONCURRENCY=2, node:cluster) of the shop on PostgreSQL and Redis, both servers up at
// once on one fresh database and measured alternately in rounds (bench/rounds.ts), so the
// machine's drift falls on both alike. No target: on a 2-core machine the two workers share the
// cores with PostgreSQL and the load itself. Skipped, with the reason, when PostgreSQL or Redis
// does not answer.
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { Redis } from "ioredis";
import pg from "pg";
import { adminQuery } from "../tests/support/pg-admin.ts";
import { CONNECTIONS, PAGES } from "./config.ts";
import { getLocal } from "./local-http.ts";
import { measureRound, mergeRounds, warmUp, type LoadResult, type MeasuredRound } from "./load.ts";
import { childPids, cpuMs } from "./proc-stats.ts";
import { roundOrder, shareByRound } from "./rounds.ts";
import { startServer, type BenchServer } from "./server.ts";

/**
 * Where the bench creates its database (and drops it again): BENCH_POSTGRES_URL, else
 * TEST_DATABASE_URL (as the order bench), else the local server's maintenance database.
 */
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/**
 * BENCH_REDIS_URL, else TEST_REDIS_URL, else the local Redis. The shop has no setting for a key
 * or channel prefix (its keys go under shop:rate:, shop:apq:, shop:events:); product pages write
 * none of them.
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PRODUCTS = 320;
const WORKERS = 2;

export interface ProcessesMeasured {
  skipped?: undefined;
  path: string;
  workers: number;
  /** The machine's cores, which the workers share with PostgreSQL and the load. */
  cores: number;
  /** Each side's rounds together: median req/s, latencies merged, counts summed. */
  one: LoadResult;
  two: LoadResult;
  /** req/s per round, in round order. */
  oneByRound: number[];
  twoByRound: number[];
  /** The median over rounds of two's req/s divided by one's in the same round, and each round's. */
  twoOverOne: number;
  twoOverOneByRound: number[];
  /** Each worker's share of the workers' CPU time during the rounds (empty where /proc does not list them). */
  workerCpuShares: number[];
  /** Why the numbers cannot be trusted (non-2xx, connection errors...). */
  problems: string[];
}

export type ProcessesBenchResult = { skipped: string } | ProcessesMeasured;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || "no answer";

/** Why PostgreSQL or Redis cannot be used, or undefined when both answer. */
async function unreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    return `PostgreSQL does not answer at ${redacted(POSTGRES_URL)} (${messageOf(error)}; set BENCH_POSTGRES_URL)`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The connection's own error (ECONNREFUSED...) comes as an event; connect() only says it closed.
  let cause: unknown;
  redis.on("error", (error) => (cause ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis does not answer at ${redacted(REDIS_URL)} (${messageOf(cause ?? error)}; set BENCH_REDIS_URL)`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** An address without its password, for messages. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function problemsOf(name: string, load: LoadResult): string[] {
  const problems: string[] = [];
  if (load.non2xx > 0) problems.push(`${name}: ${load.non2xx} non-2xx answers`);
  if (load.errors > 0) problems.push(`${name}: ${load.errors} connection errors (${load.timeouts} timeouts)`);
  if (load.totalRequests === 0) problems.push(`${name}: no request completed`);
  return problems;
}

export async function benchProcesses(options: {
  rootDir: string;
  buildDir: string;
  settings: { warmupS: number; durationS: number; rounds: number };
  track: (running: { stop(): Promise<void>; killNow?(): void }) => () => void;
  /** Checked between runs: stops the bench early (Ctrl-C). */
  interrupted: () => boolean;
}): Promise<ProcessesBenchResult> {
  const path = PAGES.find((page) => page.name === "product")!.path;
  console.log(`\n== Processes: the product page from one process and from ${WORKERS} (PostgreSQL and Redis)...`);
  const why = await unreachable();
  if (why) {
    console.log(`   skipped: ${why}`);
    return { skipped: why };
  }

  const name = `shop_bench_${randomBytes(5).toString("hex")}`;
  await adminQuery(POSTGRES_URL, `create database ${name}`);
  const drop = { stop: () => adminQuery(POSTGRES_URL, `drop database if exists ${name} with (force)`) };
  const forgetDrop = options.track(drop);
  const servers: BenchServer[] = [];
  const forgets: (() => void)[] = [];
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL, SESSION_SECRET: randomBytes(32).toString("hex") };
    const start = async (workers: number) => {
      const startedAt = performance.now();
      const server = await startServer({
        rootDir: options.rootDir,
        buildDir: options.buildDir,
        products: PRODUCTS,
        startTimeoutMs: 180_000,
        env: { ...env, WEB_CONCURRENCY: String(workers) },
      });
      servers.push(server);
      forgets.push(options.track(server));
      console.log(
        `   ${workers === 1 ? "one process" : `${workers} workers`}: ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${server.url} (pid ${server.pid})`,
      );
      return server;
    };
    // The first migrates and loads the demo shop into the fresh database; the second finds it there.
    const one = await start(1);
    const two = await start(WORKERS);

    const targets = [
      { name: "one process", server: one },
      { name: `${WORKERS} workers`, server: two },
    ];
    const stopIfInterrupted = () => {
      if (options.interrupted()) throw new Error("Interrupted");
    };
    for (const target of targets) {
      // The first request may fill caches: before the warm-up, and never measured.
      const first = await getLocal(`${target.server.url}${path}`, 120_000);
      if (first.status !== 200) throw new Error(`GET ${path} on ${target.name} answered ${first.status}`);
    }
    const { warmupS, durationS, rounds } = options.settings;
    if (warmupS > 0) {
      process.stdout.write(`   warm-up: ${warmupS} s each... `);
      for (const target of targets) {
        stopIfInterrupted();
        await warmUp(`${target.server.url}${path}`, { connections: CONNECTIONS, warmupS });
      }
      console.log("done");
    }

    const workers = two.pid === undefined ? [] : childPids(two.pid);
    const workersCpuBefore = workers.map(cpuMs);
    const roundS = durationS / rounds;
    const measured = new Map(targets.map((t) => [t, [] as MeasuredRound[]]));
    for (let round = 0; round < rounds; round++) {
      process.stdout.write(`   round ${round + 1}/${rounds} (${roundS.toFixed(1)} s each): `);
      const line: string[] = [];
      for (const target of roundOrder(targets, round)) {
        stopIfInterrupted();
        const run = await measureRound(`${target.server.url}${path}`, { connections: CONNECTIONS, durationS: roundS });
        measured.get(target)!.push(run);
        const trouble = run.load.non2xx || run.load.errors ? ` !!! ${run.load.non2xx} non-2xx, ${run.load.errors} errors` : "";
        line.push(`${target.name} ${Math.round(run.load.reqPerSec)}${trouble}`);
      }
      const [a, b] = targets.map((t) => measured.get(t)!.at(-1)!.load.reqPerSec);
      console.log(`${line.join("; ")} req/s; ${WORKERS} / one = ${a! > 0 ? (b! / a!).toFixed(2) : "inf"}`);
    }
    const workersCpu = workers.map((pid, i) => cpuMs(pid) - workersCpuBefore[i]!);
    const workersCpuTotal = workersCpu.reduce((sum, ms) => sum + ms, 0);

    const [oneRounds, twoRounds] = targets.map((t) => measured.get(t)!);
    const oneLoad = mergeRounds(`${one.url}${path}`, CONNECTIONS, oneRounds!);
    const twoLoad = mergeRounds(`${two.url}${path}`, CONNECTIONS, twoRounds!);
    const oneByRound = oneRounds!.map((r) => r.load.reqPerSec);
    const twoByRound = twoRounds!.map((r) => r.load.reqPerSec);
    const ratio = shareByRound(twoByRound, oneByRound);
    const result: ProcessesMeasured = {
      path,
      workers: WORKERS,
      cores: cpus().length,
      one: oneLoad,
      two: twoLoad,
      oneByRound,
      twoByRound,
      twoOverOne: ratio.median,
      twoOverOneByRound: ratio.byRound,
      workerCpuShares: workersCpuTotal > 0 ? workersCpu.map((ms) => ms / workersCpuTotal) : [],
      problems: [...problemsOf("one process", oneLoad), ...problemsOf(`${WORKERS} workers`, twoLoad)],
    };
    for (const line of processesReport(result).slice(2)) console.log(` ${line}`);
    return result;
  } finally {
    for (const server of servers) await server.stop();
    for (const forget of forgets) forget();
    await drop.stop();
    forgetDrop();
  }
}

/** The lines the report prints for the processes bench. */
export function processesReport(r: ProcessesBenchResult): string[] {
  const title =
    "Processes (the product page on PostgreSQL and Redis, autocannon 32 connections, measured alternately in rounds):";
  if (r.skipped !== undefined) return ["", title, `  skipped: ${r.skipped}`];
  const share = r.workerCpuShares.map((s) => `${Math.round(s * 100)} %`).join(" / ");
  return [
    "",
    title,
    `  ${r.path}: one process ${Math.round(r.one.reqPerSec)} req/s (p50 ${Math.round(r.one.latencyP50Ms)} ms, p99 ${Math.round(r.one.latencyP99Ms)} ms); ` +
      `${r.workers} workers (WEB_CONCURRENCY=${r.workers}) ${Math.round(r.two.reqPerSec)} req/s (p50 ${Math.round(r.two.latencyP50Ms)} ms, p99 ${Math.round(r.two.latencyP99Ms)} ms)`,
    `  ${r.workers} workers / one process: ${r.twoOverOne.toFixed(2)}x (median of ${r.twoOverOneByRound.length} rounds: ${r.twoOverOneByRound.map((x) => x.toFixed(2)).join(" / ")}); ` +
      `no target: this machine has ${r.cores} cores, shared by the workers, PostgreSQL and the load`,
    ...(share ? [`  the workers' shares of their CPU time during the rounds: ${share}`] : []),
    ...r.problems.map((p) => `  !!!! ERROR  ${p}`),
  ];
}
