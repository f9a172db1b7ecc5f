// `npm run bench`: builds the bench build (build-bench/, with the framework floor route), starts
// the production server from it per scenario, and measures each page against two baselines
// served by the same server: the floor (one line through React Router) and the ceiling (the
// home page's exact HTML as a static file). Also weighs the JavaScript a first visit loads, and
// the bytes each page takes on the wire when asked for as a browser asks (br, gzip).
// When more than one catalogue size ran, compares each page's share of the floor across them.
//
// The machine's speed drifts by tens of percent over tens of seconds, so targets are not
// measured one after the other: after one warm-up each, every round measures every target for a
// slice of the duration, the order rotated each round, and a page's share of the floor is the
// median of its per-round shares (bench/rounds.ts).
//
//   npm run bench                          # 320 then 20,000 products, 10 rounds of 2 s per target
//   npm run bench -- --duration 40         # longer measured runs (10 rounds of 4 s)
//   npm run bench -- --rounds 20           # more, shorter rounds (20 of 1 s)
//   npm run bench -- --products 320        # only the 320-product catalogue (no comparison)
//   npm run bench -- --products 20000      # only the 20k-product catalogue
//   npm run bench -- --orders              # only the order bench (bench/orders.ts); the full run ends with it
//   npm run bench -- --live                # only the live-updates and processes benches (bench/live.ts,
//                                          # bench/processes.ts); the full run ends with them too
//   npm run bench -- --admin               # only the back office's reads over 100,000 orders (bench/admin.ts);
//                                          # not part of the full run (it seeds two large databases)
//
// Exit code 1 when something failed (a run with errors or non-2xx answers, a server that did
// not start...). A missed target prints FAIL but exits 0.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import {
  BENCH_BUILD_DIR,
  CEILING_PATH,
  CEILING_SOURCE_PATH,
  CONNECTIONS,
  DEFAULT_BUDGET,
  DEFAULT_DURATION_S,
  DEFAULT_ROUNDS,
  DEFAULT_WARMUP_S,
  FLOOR_MARKER,
  FLOOR_PATH,
  MAX_DURATION_S,
  MAX_ROUNDS,
  MAX_WARMUP_S,
  MIN_ROUND_S,
  PAGES,
  SCENARIOS,
  type BenchPage,
  type Scenario,
} from "./config.ts";
import { firstVisitJs } from "./first-visit-js.ts";
import { adminReport, benchAdmin } from "./admin.ts";
import { adminDashboardJs } from "./admin-js.ts";
import { benchLive, liveChecks, liveProblems } from "./live.ts";
import { benchOrders, CHECKOUT_JS_KB_TARGET, ORDERS_PER_SECOND_TARGET } from "./orders.ts";
import { benchProcesses } from "./processes.ts";
import { getLocal } from "./local-http.ts";
import { measureRound, mergeRounds, stopLoad, warmUp, type LoadResult, type MeasuredRound } from "./load.ts";
import {
  machine,
  markdownReport,
  textReport,
  type BenchResults,
  type CatalogueComparison,
  type Check,
  type RoundResult,
  type ScenarioResult,
  type TargetResult,
} from "./report.ts";
import { roundOrder, shareByRound } from "./rounds.ts";
import { startServer, type BenchServer } from "./server.ts";
import { onTheWire, type Wire } from "./wire.ts";

const benchDir = dirname(fileURLToPath(import.meta.url));
const rootDir = dirname(benchDir);
const resultsDir = join(benchDir, "results");

const USAGE = `Usage: npm run bench -- [--duration <s>] [--rounds <n>] [--warmup <s>] [--products <n>[,<n>...]]
  --duration  measured seconds per target in all, split evenly over the rounds (default ${DEFAULT_DURATION_S}, at most ${MAX_DURATION_S})
  --rounds    rounds, each measuring every target once, the order rotated each round (default ${DEFAULT_ROUNDS},
              or fewer so a round lasts at least ${MIN_ROUND_S} s; at most ${MAX_ROUNDS})
  --warmup    warm-up seconds per target, once before the rounds, discarded (default ${DEFAULT_WARMUP_S}, at most ${MAX_WARMUP_S})
  --orders    only the order bench (orders per second, the launch); a full run ends with it
  --live      only the live-updates bench (5,000 subscribers, one stock change, memory per connection) and the
              processes bench (the product page from one process and from two on PostgreSQL and Redis; uses
              --duration, --rounds and --warmup); a full run ends with them
  --admin     only the back office's reads (order list, order page, dashboard) over 100,000 orders on PGlite and
              PostgreSQL (TEST_DATABASE_URL's server, else the local one), then the catalogue's (20,000 products
              imported, listed, exported, imported beside the listing; PostgreSQL); not part of a full run
  --catalogue only the --admin bench's catalogue part
  --products  catalogue size(s) to run: ${SCENARIOS.map((s) => s.products).join(", ")} (default: ${SCENARIOS.filter(
    (s) => s.byDefault,
  )
    .map((s) => s.products)
    .join(", ")})`;

function seconds(value: string | undefined, fallback: number, min: number, max: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be a number of seconds from ${min} to ${max}`);
  return n;
}

/** How many rounds `durationS` is split into: --rounds, or the default when rounds stay long enough. */
function roundCount(value: string | undefined, durationS: number): number {
  const fitting = Math.max(1, Math.floor(durationS / MIN_ROUND_S));
  if (value === undefined) return Math.min(DEFAULT_ROUNDS, fitting);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_ROUNDS)
    throw new UsageError(`--rounds must be a whole number from 1 to ${MAX_ROUNDS}`);
  if (n > fitting)
    throw new UsageError(`--rounds ${n} splits ${durationS} s into rounds shorter than ${MIN_ROUND_S} s: raise --duration`);
  return n;
}

class UsageError extends Error {}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string" },
      rounds: { type: "string" },
      warmup: { type: "string" },
      products: { type: "string" },
      orders: { type: "boolean" },
      live: { type: "boolean" },
      admin: { type: "boolean" },
      catalogue: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const durationS = seconds(values.duration, DEFAULT_DURATION_S, 1, MAX_DURATION_S, "duration");
  const rounds = roundCount(values.rounds, durationS);
  const warmupS = seconds(values.warmup, DEFAULT_WARMUP_S, 0, MAX_WARMUP_S, "warmup");
  let scenarios: Scenario[] = SCENARIOS.filter((s) => s.byDefault);
  if (values.products !== undefined) {
    scenarios = values.products.split(",").map((part) => {
      const products = Number(part.trim());
      const known = SCENARIOS.find((s) => s.products === products);
      if (!known)
        throw new UsageError(
          `--products: no scenario with ${part.trim()} products (known: ${SCENARIOS.map((s) => s.products).join(", ")}; add one in bench/config.ts)`,
        );
      return known;
    });
  }
  // --orders and --live each run only their part (both: both parts); neither: everything.
  const partsOnly = values.orders === true || values.live === true;
  return {
    durationS,
    rounds,
    warmupS,
    scenarios: partsOnly ? [] : scenarios,
    orders: !partsOnly || values.orders === true,
    live: !partsOnly || values.live === true,
    admin: values.admin === true || values.catalogue === true,
    catalogueOnly: values.catalogue === true,
  };
}

// ---- cleanup, also on Ctrl-C ------------------------------------------------------------------

const cleanups = new Set<() => Promise<void> | void>();
const lastResorts = new Set<() => void>();

async function cleanUp() {
  for (const fn of [...cleanups].reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error("Cleanup failed:", error);
    }
    cleanups.delete(fn);
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the load, the server, and removing the temporary data...`);
    stopLoad();
    void cleanUp().finally(() => process.exit(130));
  });
}
// If the process ends some other way, never leave a server or its data behind.
process.on("exit", () => {
  for (const fn of lastResorts) fn();
});

/** Stops what a bench part started (a server, a process, a database) on Ctrl-C too; the answer forgets it. */
function track(running: { stop(): Promise<void> | void; killNow?(): void }): () => void {
  const stop = () => running.stop();
  const kill = running.killNow ? () => running.killNow!() : undefined;
  cleanups.add(stop);
  if (kill) lastResorts.add(kill);
  return () => {
    cleanups.delete(stop);
    if (kill) lastResorts.delete(kill);
  };
}

// ---- measuring --------------------------------------------------------------------------------

function problemsOf(load: LoadResult): string[] {
  const problems: string[] = [];
  if (load.non2xx > 0) problems.push(`${load.non2xx} non-2xx answers`);
  if (load.errors > 0) problems.push(`${load.errors} connection errors (${load.timeouts} timeouts)`);
  if (load.totalRequests === 0) problems.push("no request completed");
  return problems;
}

/** The first request to a path may load a read model or fill caches: give it time. */
const FIRST_REQUEST_TIMEOUT_MS = 120_000;

/** One GET that must answer 2xx, timed. */
async function fetchHtml(server: BenchServer, path: string): Promise<{ html: Buffer; ms: number }> {
  const startedAt = performance.now();
  const response = await getLocal(`${server.url}${path}`, FIRST_REQUEST_TIMEOUT_MS);
  const ms = performance.now() - startedAt;
  if (response.status < 200 || response.status > 299)
    throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString("utf8").slice(0, 300)}`);
  return { html: response.body, ms };
}

interface Target {
  name: string;
  kind: TargetResult["kind"];
  path: string;
  html: Buffer;
  firstRequestMs: number;
  page?: BenchPage;
}

/** A target's rounds, in round order: where it came in the round's order (0 = first), and what it did. */
type TargetRounds = Map<Target, { position: number; measured: MeasuredRound }[]>;

/**
 * One warm-up per target, then the rounds: each measures every target for its slice of the
 * duration, in roundOrder's order. Prints each round's req/s and shares of the floor, so drift
 * between rounds shows.
 */
async function measureInRounds(
  server: BenchServer,
  targets: Target[],
  settings: { warmupS: number; durationS: number; rounds: number },
): Promise<TargetRounds> {
  const stopIfInterrupted = () => {
    if (interrupted) throw new Error("Interrupted");
  };
  if (settings.warmupS > 0) {
    process.stdout.write(`   warm-up: ${settings.warmupS} s per target... `);
    for (const target of targets) {
      stopIfInterrupted();
      await warmUp(`${server.url}${target.path}`, { connections: CONNECTIONS, warmupS: settings.warmupS });
    }
    console.log("done");
  }
  const roundS = settings.durationS / settings.rounds;
  const byTarget: TargetRounds = new Map(targets.map((t) => [t, []]));
  for (let round = 0; round < settings.rounds; round++) {
    process.stdout.write(`   round ${round + 1}/${settings.rounds} (${roundS.toFixed(1)} s per target): `);
    const order = roundOrder(targets, round);
    const loads = new Map<Target, LoadResult>();
    for (const [position, target] of order.entries()) {
      stopIfInterrupted();
      const measured = await measureRound(`${server.url}${target.path}`, { connections: CONNECTIONS, durationS: roundS });
      byTarget.get(target)!.push({ position, measured });
      loads.set(target, measured.load);
    }
    const floor = [...loads].find(([t]) => t.kind === "floor")![1];
    console.log(
      order
        .map((target) => {
          const load = loads.get(target)!;
          const share =
            target.kind === "floor" || floor.reqPerSec <= 0 ? "" : ` = ${Math.round((load.reqPerSec / floor.reqPerSec) * 100)} %`;
          const trouble = load.non2xx || load.errors ? ` !!! ${load.non2xx} non-2xx, ${load.errors} errors` : "";
          return `${target.name} ${Math.round(load.reqPerSec)}${share}${trouble}`;
        })
        .join("; ") + "  (req/s = % of the floor)",
    );
  }
  return byTarget;
}

async function runScenario(
  scenario: Scenario,
  buildDir: string,
  settings: { warmupS: number; durationS: number; rounds: number },
): Promise<ScenarioResult> {
  console.log(`\n== ${scenario.name}: starting the server (DEMO_PRODUCTS=${scenario.products})...`);
  const startedAt = performance.now();
  const server = await startServer({ rootDir, buildDir, products: scenario.products, startTimeoutMs: scenario.startTimeoutMs });
  const stopServer = () => server.stop();
  const killServer = () => server.killNow();
  cleanups.add(stopServer);
  lastResorts.add(killServer);
  const serverStartS = (performance.now() - startedAt) / 1000;
  console.log(`   ready in ${serverStartS.toFixed(1)} s at ${server.url} (pid ${server.pid}, data in ${server.dataDir})`);

  const ceilingFile = join(buildDir, "client", CEILING_PATH);
  const removeCeiling = () => rmSync(dirname(ceilingFile), { recursive: true, force: true });
  try {
    // The floor must really be the floor route, not the catch-all of a build without SHOP_BENCH.
    const floor = await fetchHtml(server, FLOOR_PATH);
    if (!floor.html.toString("utf8").includes(FLOOR_MARKER))
      throw new Error(`${FLOOR_PATH} does not render ${FLOOR_MARKER}: is ${BENCH_BUILD_DIR} built with SHOP_BENCH=1?`);

    // Each page's first request, timed, before any warm-up: whatever it loads on first use (the
    // listing's read model...) is loaded before the warm-up starts, and never measured.
    const pages: Target[] = [];
    for (const page of PAGES) {
      const first = await fetchHtml(server, page.path);
      pages.push({ name: page.name, kind: "page", path: page.path, html: first.html, firstRequestMs: first.ms, page });
    }
    console.log(
      `   first requests: ${[{ name: "floor", firstRequestMs: floor.ms }, ...pages].map((t) => `${t.name} ${Math.round(t.firstRequestMs)} ms`).join(", ")}`,
    );

    // The ceiling: the page's exact bytes, served as a static file by the same server.
    const sourceHtml = (await fetchHtml(server, CEILING_SOURCE_PATH)).html;
    cleanups.add(removeCeiling);
    mkdirSync(dirname(ceilingFile), { recursive: true });
    writeFileSync(ceilingFile, sourceHtml);
    const servedAt = performance.now();
    const served = await getLocal(`${server.url}${CEILING_PATH}`);
    const ceilingFirstMs = performance.now() - servedAt;
    if (served.status !== 200 || !served.body.equals(sourceHtml)) {
      throw new Error(
        `${CEILING_PATH} answered ${served.status} with ${served.body.length} bytes; expected the ${sourceHtml.length} bytes of ${CEILING_SOURCE_PATH}`,
      );
    }
    console.log(
      `   ceiling: ${CEILING_PATH} serves the ${sourceHtml.length} bytes of ${CEILING_SOURCE_PATH} (verified byte for byte)`,
    );

    const targets: Target[] = [
      { name: "floor", kind: "floor", path: FLOOR_PATH, html: floor.html, firstRequestMs: floor.ms },
      { name: "ceiling", kind: "ceiling", path: CEILING_PATH, html: sourceHtml, firstRequestMs: ceilingFirstMs },
      ...pages,
    ];

    // Bytes a browser receives (it asks for compression; the load does not), before any load.
    const wires = new Map<Target, Wire>();
    for (const target of targets) wires.set(target, await onTheWire(`${server.url}${target.path}`, target.html));

    const byTarget = await measureInRounds(server, targets, settings);
    const roundsOf = (target: Target) => byTarget.get(target)!;
    const reqPerSecByRound = (target: Target) => roundsOf(target).map((r) => r.measured.load.reqPerSec);
    const floorTarget = targets.find((t) => t.kind === "floor")!;
    const ceilingTarget = targets.find((t) => t.kind === "ceiling")!;
    const loads = new Map(
      targets.map((t) => [
        t,
        mergeRounds(
          `${server.url}${t.path}`,
          CONNECTIONS,
          roundsOf(t).map((r) => r.measured),
        ),
      ]),
    );
    const floorLoad = loads.get(floorTarget)!;

    const results: TargetResult[] = [];
    for (const target of targets) {
      const load = loads.get(target)!;
      const ofFloor = shareByRound(reqPerSecByRound(target), reqPerSecByRound(floorTarget));
      const ofCeiling = shareByRound(reqPerSecByRound(target), reqPerSecByRound(ceilingTarget));
      // The ceiling's HTML is the page's HTML: same JS, resolved against the page's address.
      const jsFrom = target.kind === "ceiling" ? CEILING_SOURCE_PATH : target.path;
      const js = await firstVisitJs(target.html.toString("utf8"), `${server.url}${jsFrom}`);
      const checks: Check[] = [];
      if (target.page) {
        const budget = { ...DEFAULT_BUDGET, ...target.page.budget };
        checks.push({
          name: `req/s >= ${Math.round(budget.minShareOfFloor * 100)} % of the floor`,
          pass: ofFloor.median >= budget.minShareOfFloor,
          detail:
            `median of ${ofFloor.byRound.length} rounds ${(ofFloor.median * 100).toFixed(1)} % ` +
            `(rounds ${(Math.min(...ofFloor.byRound) * 100).toFixed(0)}-${(Math.max(...ofFloor.byRound) * 100).toFixed(0)} %); ` +
            `median req/s ${Math.round(load.reqPerSec)} vs floor ${Math.round(floorLoad.reqPerSec)}`,
        });
        const shopKb = js.shopGzipBytes / 1024;
        checks.push({
          name: `shop JS <= ${budget.maxShopJsKb} KB gz`,
          pass: shopKb <= budget.maxShopJsKb,
          detail: `${shopKb.toFixed(1)} KB gz in ${js.files.filter((f) => !f.framework).length} files`,
        });
      }
      const rounds: RoundResult[] = roundsOf(target).map(({ position, measured }, round) => ({
        round: round + 1,
        position: position + 1,
        reqPerSec: measured.load.reqPerSec,
        latencyP50Ms: measured.load.latencyP50Ms,
        latencyP99Ms: measured.load.latencyP99Ms,
        durationS: measured.load.durationS,
        shareOfFloor: ofFloor.byRound[round]!,
        shareOfCeiling: ofCeiling.byRound[round]!,
      }));
      results.push({
        name: target.name,
        kind: target.kind,
        path: target.path,
        htmlBytes: target.html.length,
        wire: wires.get(target)!,
        firstRequestMs: target.firstRequestMs,
        load,
        msPerRequest: load.reqPerSec > 0 ? 1000 / load.reqPerSec : Infinity,
        shareOfFloor: ofFloor.median,
        shareOfCeiling: ofCeiling.median,
        rounds,
        js,
        checks,
        problems: problemsOf(load),
      });
    }
    // The back office's first load, as its owner opens it (after the load: it makes an account).
    const adminDashboard = await adminDashboardJs(server);
    console.log(`   admin dashboard: ${adminDashboard.check.pass ? "PASS" : "FAIL"} ${adminDashboard.check.detail}`);
    return { name: scenario.name, products: scenario.products, serverStartS, targets: results, adminDashboard };
  } finally {
    removeCeiling();
    cleanups.delete(removeCeiling);
    await server.stop();
    cleanups.delete(stopServer);
    lastResorts.delete(killServer);
  }
}

/**
 * Each page on the smallest catalogue that ran vs the same page on every larger one; nothing
 * when only one catalogue ran in this invocation.
 */
function compareCatalogues(scenarios: ScenarioResult[]): CatalogueComparison[] {
  if (scenarios.length < 2) return [];
  const [baseline, ...larger] = [...scenarios].sort((a, b) => a.products - b.products);
  const comparisons: CatalogueComparison[] = [];
  for (const page of PAGES) {
    const base = baseline!.targets.find((t) => t.kind === "page" && t.path === page.path);
    if (!base) continue;
    for (const other of larger) {
      const target = other.targets.find((t) => t.kind === "page" && t.path === page.path);
      if (!target) continue;
      // Shares of the floor, not req/s: the two servers run minutes apart, and the machine's speed
      // drifts more than that between them; the floor, which does not read the catalogue, cancels it.
      const slowdown = target.shareOfFloor > 0 ? base.shareOfFloor / target.shareOfFloor : Infinity;
      const max = { ...DEFAULT_BUDGET, ...page.budget }.maxSlowdownAcrossCatalogues;
      comparisons.push({
        page: page.name,
        path: page.path,
        baseline: { scenario: baseline!.name, products: baseline!.products, shareOfFloor: base.shareOfFloor },
        larger: { scenario: other.name, products: other.products, shareOfFloor: target.shareOfFloor },
        slowdown,
        maxSlowdown: max,
        check:
          max === undefined
            ? undefined
            : {
                name: `${other.name} within ${max}x of ${baseline!.name}`,
                pass: slowdown <= max,
                detail: `${Math.round(target.shareOfFloor * 100)} % vs ${Math.round(base.shareOfFloor * 100)} % of the floor = ${Number.isFinite(slowdown) ? slowdown.toFixed(2) : "inf"}x slower`,
              },
      });
    }
  }
  return comparisons;
}

/** Where the results go: a run of some parts alone (--orders, --live) keeps the last full run's files. */
function resultsFile(options: { scenarios: Scenario[]; orders: boolean; live: boolean }): string {
  if (options.scenarios.length > 0) return "latest.json";
  return `latest-${[options.orders ? "orders" : "", options.live ? "live" : ""].filter((part) => part !== "").join("-")}.json`;
}

function writeResults(results: BenchResults, name: string) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, name), `${JSON.stringify(results, null, 2)}\n`);
  if (results.scenarios.length > 0) writeFileSync(join(resultsDir, "latest.md"), markdownReport(results));
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    return 1;
  }
  if (options.admin) return runAdmin(options.catalogueOnly);
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: {
      connections: CONNECTIONS,
      warmupS: options.warmupS,
      durationS: options.durationS,
      rounds: options.rounds,
    },
    scenarios: [],
    acrossCatalogues: [],
    pass: false,
    failed: false,
  };
  try {
    const buildDir = buildIfStale({ ...process.env, SHOP_BENCH: "1", SHOP_BUILD_DIR: BENCH_BUILD_DIR });
    console.log(`Bench build: ${buildDir}`);
    for (const scenario of options.scenarios) results.scenarios.push(await runScenario(scenario, buildDir, options));
    if (options.orders) {
      results.orders = await benchOrders({ rootDir, buildDir, onServer: track });
      const orderTrouble = results.orders.some(
        (o) => o.failed > 0 || o.launch.ordersMade !== o.launch.units || o.launch.otherFailures > 0,
      );
      if (orderTrouble) results.failed = true;
    }
    if (options.live) {
      results.live = await benchLive({ rootDir, buildDir, track });
      if (liveProblems(results.live).length > 0) results.failed = true;
      results.processes = await benchProcesses({ rootDir, buildDir, settings: options, track, interrupted: () => interrupted });
      if (results.processes.skipped === undefined && results.processes.problems.length > 0) results.failed = true;
    }
  } catch (error) {
    results.failed = true;
    results.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  } finally {
    await cleanUp();
  }

  results.acrossCatalogues = compareCatalogues(results.scenarios);
  const targets = results.scenarios.flatMap((s) => s.targets);
  if (targets.some((t) => t.problems.length > 0)) results.failed = true;
  const failedChecks = [
    ...(results.live ? liveChecks(results.live) : []).filter((c) => !c.pass).map((c) => `${c.name} (${c.detail})`),
    ...(results.orders ?? [])
      .filter((o) => o.database === "PostgreSQL" && o.ordersPerSecond < ORDERS_PER_SECOND_TARGET)
      .map((o) => `orders on PostgreSQL: ${o.ordersPerSecond.toFixed(0)} orders/s (target >= ${ORDERS_PER_SECOND_TARGET})`),
    ...(results.orders ?? [])
      .filter((o) => o.checkoutShopJsKb > CHECKOUT_JS_KB_TARGET)
      .map(
        (o) =>
          `checkout page (${o.database}): ${o.checkoutShopJsKb.toFixed(1)} KB shop JS (target <= ${CHECKOUT_JS_KB_TARGET} KB gz)`,
      ),
    ...results.scenarios.flatMap((s) =>
      s.targets.flatMap((t) => t.checks.filter((c) => !c.pass).map((c) => `${s.name} / ${t.name}: ${c.name} (${c.detail})`)),
    ),
    ...results.scenarios.flatMap((s) =>
      s.adminDashboard && !s.adminDashboard.check.pass
        ? [`${s.name} / admin: ${s.adminDashboard.check.name} (${s.adminDashboard.check.detail})`]
        : [],
    ),
    ...results.acrossCatalogues.flatMap((c) =>
      c.check && !c.check.pass ? [`across catalogues / ${c.page}: ${c.check.name} (${c.check.detail})`] : [],
    ),
  ];
  results.pass = !results.failed && failedChecks.length === 0;
  const file = resultsFile(options);
  writeResults(results, file);

  console.log(`\n${textReport(results)}\n`);
  console.log(`Results: ${join(resultsDir, file)}${results.scenarios.length > 0 ? " and latest.md" : ""}`);
  if (results.failed) {
    console.error("\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    console.error("!!! BENCH FAILED: the numbers above cannot be trusted.");
    if (results.error) console.error(`!!! ${results.error}`);
    for (const s of results.scenarios)
      for (const t of s.targets) for (const p of t.problems) console.error(`!!! ${s.name} / ${t.name} (${t.path}): ${p}`);
    for (const p of results.live ? liveProblems(results.live) : []) console.error(`!!! live updates: ${p}`);
    if (results.processes?.skipped === undefined)
      for (const p of results.processes?.problems ?? []) console.error(`!!! processes: ${p}`);
    console.error("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    return 1;
  }
  console.log(
    failedChecks.length === 0
      ? "ALL TARGETS PASS"
      : `TARGETS: ${failedChecks.length} FAIL\n${failedChecks.map((f) => `  FAIL ${f}`).join("\n")}`,
  );
  return 0;
}

/** `--admin`: the back office's reads alone; results in bench/results/latest-admin.json. */
async function runAdmin(catalogueOnly: boolean): Promise<number> {
  try {
    const results = await benchAdmin({ track, catalogueOnly });
    const report = adminReport(results);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, "latest-admin.json"),
      `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), results, failed: report.failed }, null, 2)}\n`,
    );
    console.log(`\n${report.text}\n`);
    console.log(
      report.failed.length === 0
        ? "ALL TARGETS PASS"
        : `TARGETS: ${report.failed.length} FAIL\n${report.failed.map((f) => `  FAIL ${f}`).join("\n")}`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  } finally {
    await cleanUp();
  }
}

// Exit explicitly: nothing the bench opened (sockets kept alive, timers) may keep it running.
process.exit(await main());
