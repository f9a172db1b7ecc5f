import { liveReport, type LiveBenchResult } from "./live.ts";
import { ordersReport, type OrderBenchResult } from "./orders.ts";
import { processesReport, type ProcessesBenchResult } from "./processes.ts";
// The bench's results: the shapes written to bench/results/latest.json, and the tables printed
// to the terminal and written as Markdown to bench/results/latest.md.
import { cpus, loadavg, totalmem } from "node:os";
import type { AdminDashboardJs } from "./admin-js.ts";
import type { FirstVisitJs } from "./first-visit-js.ts";
import type { LoadResult } from "./load.ts";
import type { Wire } from "./wire.ts";

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export interface TargetResult {
  name: string;
  kind: "floor" | "ceiling" | "page";
  path: string;
  htmlBytes: number;
  /** The page as a browser receives it (Accept-Encoding: gzip, deflate, br, zstd). */
  wire: Wire;
  /** The first request the server got for this path, before any warm-up (loads caches, read models...). */
  firstRequestMs: number;
  /** All rounds together: median req/s, latencies of all rounds merged, counts summed. */
  load: LoadResult;
  /** Server time per request on its one thread, 1000 / median req/s. */
  msPerRequest: number;
  /**
   * The median over rounds of this target's req/s divided by the floor's (the ceiling's) req/s in
   * the same round (1 = 100 %).
   */
  shareOfFloor: number;
  shareOfCeiling: number;
  /** Each round, in the order they ran. */
  rounds: RoundResult[];
  js: FirstVisitJs;
  checks: Check[];
  /** Why this run cannot be trusted (non-2xx, connection errors...): makes the bench exit 1. */
  problems: string[];
}

/** One target in one round. */
export interface RoundResult {
  /** 1 = the first round. */
  round: number;
  /** Where the target came in that round's order (1 = first). */
  position: number;
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  durationS: number;
  /** req/s divided by the floor's (the ceiling's) req/s in this round. */
  shareOfFloor: number;
  shareOfCeiling: number;
}

export interface ScenarioResult {
  name: string;
  products: number;
  serverStartS: number;
  targets: TargetResult[];
  /** The back office's dashboard, opened by its owner: the JavaScript of its first load. */
  adminDashboard?: AdminDashboardJs;
}

/** One page on the smallest catalogue run vs the same page on a larger one. */
export interface CatalogueComparison {
  page: string;
  path: string;
  baseline: { scenario: string; products: number; shareOfFloor: number };
  larger: { scenario: string; products: number; shareOfFloor: number };
  /** baseline share of the floor / larger share (2 = the larger catalogue serves half as many requests). */
  slowdown: number;
  /** The page's maxSlowdownAcrossCatalogues; no check when absent. */
  maxSlowdown?: number;
  check?: Check;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  loadAverageAtStart: number[];
}

export interface BenchResults {
  date: string;
  machine: Machine;
  /** durationS: measured seconds per target in all, split evenly over the rounds. */
  settings: { connections: number; warmupS: number; durationS: number; rounds: number };
  scenarios: ScenarioResult[];
  /** Each page across the catalogues, when more than one scenario ran in this invocation. */
  acrossCatalogues: CatalogueComparison[];
  /** All checks passed, the across-catalogue ones included. */
  pass: boolean;
  /** A run had errors or non-2xx answers, or something failed: the numbers are not trustworthy. */
  failed: boolean;
  error?: string;
  /** The order bench (bench/orders.ts), when it ran. */
  orders?: OrderBenchResult[];
  /** The live-updates bench (bench/live.ts), when it ran. */
  live?: LiveBenchResult;
  /** One process against two on PostgreSQL and Redis (bench/processes.ts), when it ran (or why it was skipped). */
  processes?: ProcessesBenchResult;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const factor = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : "inf");
const pct = (share: number) => `${Math.round(share * 100)} %`;
const num = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const HEADER = [
  "target",
  "req/s",
  "p50 ms",
  "p99 ms",
  "% of floor req/s",
  "% of ceiling req/s",
  "HTML KB",
  "on the wire KB",
  "JS framework KB gz",
  "JS shop KB gz",
];

function rows(scenario: ScenarioResult): string[][] {
  return scenario.targets.map((t) => [
    `${t.name} (${t.path})`,
    num(t.load.reqPerSec),
    num(t.load.latencyP50Ms),
    num(t.load.latencyP99Ms),
    pct(t.shareOfFloor),
    pct(t.shareOfCeiling),
    kb(t.htmlBytes),
    `${kb(t.wire.bytes)}${t.wire.encoding ? ` ${t.wire.encoding}` : ""}`,
    kb(t.js.frameworkGzipBytes),
    kb(t.js.shopGzipBytes),
  ]);
}

const ACROSS_HEADER = ["page", "smaller catalogue % of floor", "larger catalogue % of floor", "slowdown", "target"];

function acrossRows(r: BenchResults): string[][] {
  return r.acrossCatalogues.map((c) => [
    `${c.page} (${c.path})`,
    `${pct(c.baseline.shareOfFloor)} (${c.baseline.scenario})`,
    `${pct(c.larger.shareOfFloor)} (${c.larger.scenario})`,
    factor(c.slowdown),
    c.check ? `${c.check.pass ? "PASS" : "FAIL"} (max ${c.maxSlowdown}x)` : "none",
  ]);
}

function textTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

function markdownTable(header: string[], body: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), `|${header.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`, ...body.map(line)].join("\n");
}

function machineLine(r: BenchResults): string {
  const m = r.machine;
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}; ${r.date}`;
}

function settingsLine(r: BenchResults): string {
  const s = r.settings;
  const roundS = Math.round((s.durationS / s.rounds) * 10) / 10;
  return `Autocannon, ${s.connections} connections, one target at a time, on 127.0.0.1: ${s.warmupS} s warm-up per target, then ${s.rounds} rounds of ${roundS} s per target (${s.durationS} s measured per target), the order rotated each round`;
}

/** Each round's share of the floor, in round order, so the spread behind the median shows. */
function roundsLine(t: TargetResult): string {
  return t.rounds.map((round) => Math.round(round.shareOfFloor * 100)).join(" / ");
}

export function textReport(r: BenchResults): string {
  const out: string[] = [];
  out.push(
    `Machine: ${machineLine(r)}`,
    `Load: ${settingsLine(r)}`,
    `Load average at start: ${r.machine.loadAverageAtStart.join(", ")}`,
  );
  for (const s of r.scenarios) {
    out.push(
      "",
      `== ${s.name} (DEMO_PRODUCTS=${s.products}; server ready in ${s.serverStartS.toFixed(1)} s) ==`,
      textTable(HEADER, rows(s)),
      "",
    );
    for (const t of s.targets) {
      out.push(
        `${t.name}: ${t.load.totalRequests} requests in ${t.rounds.length} rounds, ${t.load.non2xx} non-2xx, ${t.load.errors} errors (${t.load.timeouts} timeouts); ` +
          `${t.msPerRequest.toFixed(2)} ms of server time per request; first request ${num(t.firstRequestMs)} ms; ` +
          `HTML ${num(t.htmlBytes)} bytes, ${num(t.wire.bytes)} on the wire (${t.wire.encoding ?? "not compressed"}; ` +
          `compressing it takes ${t.wire.compressMs.toFixed(2)} ms); JS files: ${t.js.files.length}`,
      );
      if (t.kind !== "floor") out.push(`  % of the floor by round: ${roundsLine(t)}`);
      for (const c of t.checks) out.push(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
      for (const p of t.problems) out.push(`  !!!! ERROR  ${p}`);
      for (const n of t.js.notes) out.push(`  note  ${n}`);
    }
    const admin = s.adminDashboard;
    if (admin)
      out.push(
        `admin dashboard (/admin, as the owner): ${admin.check.pass ? "PASS" : "FAIL"}  ${admin.check.name}: ${admin.check.detail}`,
      );
  }
  if (r.orders) out.push(...ordersReport(r.orders));
  if (r.live) out.push(...liveReport(r.live));
  if (r.processes) out.push(...processesReport(r.processes));
  if (r.acrossCatalogues.length > 0) {
    out.push("", "== Across catalogues (slowdown = smaller catalogue's share of the floor / larger catalogue's) ==");
    out.push(textTable(ACROSS_HEADER, acrossRows(r)), "");
    for (const c of r.acrossCatalogues)
      if (c.check) out.push(`  ${c.check.pass ? "PASS" : "FAIL"}  ${c.page}: ${c.check.name}: ${c.check.detail}`);
  }
  return out.join("\n");
}

export function markdownReport(r: BenchResults): string {
  const out: string[] = [];
  if (r.orders)
    out.push(
      "#### Orders",
      "",
      ...ordersReport(r.orders)
        .slice(1)
        .map((line) => `- ${line.trim()}`),
      "",
    );
  if (r.live)
    out.push(
      "#### Live updates",
      "",
      ...liveReport(r.live)
        .slice(2)
        .map((line) => `- ${line.trim()}`),
      "",
    );
  if (r.processes)
    out.push(
      "#### Processes",
      "",
      ...processesReport(r.processes)
        .slice(2)
        .map((line) => `- ${line.trim()}`),
      "",
    );
  for (const s of r.scenarios) {
    out.push(`#### Benchmark: ${s.name}`, "", markdownTable(HEADER, rows(s)), "");
    const checks = s.targets.flatMap((t) =>
      t.checks.map((c) => `- ${c.pass ? "PASS" : "**FAIL**"} ${t.name}: ${c.name} (${c.detail})`),
    );
    const admin = s.adminDashboard?.check;
    if (admin) checks.push(`- ${admin.pass ? "PASS" : "**FAIL**"} admin dashboard: ${admin.name} (${admin.detail})`);
    if (checks.length > 0) out.push(...checks, "");
    const byRound = s.targets
      .filter((t) => t.kind !== "floor")
      .map((t) => `${t.name} ${roundsLine(t)}`)
      .join("; ");
    out.push(`% of the floor by round: ${byRound}.`, "");
    const first = s.targets.map((t) => `${t.name} ${num(t.firstRequestMs)} ms`).join(", ");
    out.push(`Server ready in ${s.serverStartS.toFixed(1)} s. First request before the warm-up: ${first}.`, "");
    const compressing = s.targets
      .filter((t) => t.kind === "page")
      .map((t) => `${t.name} ${t.wire.compressMs.toFixed(2)} ms`)
      .join(", ");
    out.push(
      `Compressing a page's HTML (brotli, the server's settings; paid by a rendered page a browser asks for, not by the load): ${compressing}.`,
      "",
    );
  }
  if (r.acrossCatalogues.length > 0) {
    out.push("#### Benchmark: across catalogues", "", markdownTable(ACROSS_HEADER, acrossRows(r)), "");
    const checks = r.acrossCatalogues.flatMap((c) =>
      c.check ? [`- ${c.check.pass ? "PASS" : "**FAIL**"} ${c.page}: ${c.check.name} (${c.check.detail})`] : [],
    );
    if (checks.length > 0) out.push(...checks, "");
  }
  out.push(`Measured with \`npm run bench\` on ${machineLine(r)}.`, `${settingsLine(r)}.`);
  out.push(
    "Floor: one line rendered through React Router without the shop's header and footer. Ceiling: the home page's exact HTML served as a static file by the same server. " +
      "Method: the machine's speed drifts, so every round measures every target once, in an order rotated each round, each run followed by a pause while the server finishes the requests autocannon dropped; % of floor (ceiling) = the median over rounds of the target's req/s divided by the floor's (ceiling's) req/s in the same round; " +
      "req/s = the median of the rounds' req/s (completed requests / seconds); p50 and p99 = the latencies of all rounds merged. " +
      "On the wire: the page's bytes when asked for with `Accept-Encoding: gzip, deflate, br, zstd` as a browser asks; the load itself asks for no compression, so req/s measure rendering. " +
      "JS: gzip (level 9) of every file a first visit loads; framework = the `framework-*` chunk, shop = the rest. Slowdown across catalogues: the page's share of the floor on the smaller catalogue divided by its share on the larger one; shares, not req/s, because the two servers run one after the other and the machine's speed drifts between them.",
  );
  return `${out.join("\n")}\n`;
}
