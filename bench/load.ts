// Load runs with autocannon: warm-ups whose numbers are thrown away, and measured rounds. Each
// round keeps autocannon's latency histogram (encoded), so a target's rounds can be merged into
// one latency distribution afterwards.
import autocannon from "autocannon";
import { assertLocal } from "./local-http.ts";
import { median } from "./rounds.ts";

export interface LoadResult {
  /** One round: completed requests / seconds it lasted. A target's rounds together: their median. */
  reqPerSec: number;
  /** One round: its own latencies. A target's rounds together: all their latencies merged. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  totalRequests: number;
  status2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  durationS: number;
}

/** What autocannon answers with skipAggregateResult: the run's counts, its histograms encoded. */
interface RawRun {
  latencies: string;
  totalCompletedRequests: number;
  duration: number;
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One measured round of one target: its numbers, and what merging needs. */
export interface MeasuredRound {
  load: LoadResult;
  raw: RawRun;
}

// Documented in autocannon's README ("autocannon.aggregateResult"), missing from its types.
const aggregateResult = (
  autocannon as unknown as {
    aggregateResult(results: RawRun[], opts: { url: string; connections: number }): autocannon.Result;
  }
).aggregateResult;

/**
 * autocannon notices the end of a run at its next sample: 100 ms samples end a 2.5 s round after
 * 2.5 s rather than 3 s. req/s is counted over the time the run really lasted either way.
 */
const SAMPLE_MS = 100;

/**
 * autocannon ends a run by dropping its connections mid-request, and the server still finishes
 * those requests: about `connections` / req/s seconds of work. Left alone, the next run would pay
 * for it, and with the rotated order the target after a given one is always the same. So each run
 * waits that long, and half again, before it returns (never more than this).
 */
const SETTLE_FACTOR = 1.5;
const MAX_SETTLE_MS = 3_000;

function settleMs(run: RawRun, connections: number): number {
  const reqPerSec = run.duration > 0 ? run.totalCompletedRequests / run.duration : 0;
  return reqPerSec > 0 ? Math.min(MAX_SETTLE_MS, (SETTLE_FACTOR * connections * 1000) / reqPerSec) : MAX_SETTLE_MS;
}

let running: autocannon.Instance | undefined;

/** Stops the run in progress, if any (on Ctrl-C). */
export function stopLoad() {
  running?.stop();
}

async function runOnce(url: string, connections: number, durationS: number): Promise<RawRun> {
  assertLocal(url);
  const run = await new Promise<RawRun>((resolve, reject) => {
    // A safety net: autocannon ends on its own after `duration`, this ends a run that hangs.
    const hardLimit = setTimeout(() => instance.stop(), (durationS + 30) * 1000);
    const instance = autocannon(
      { url, connections, duration: durationS, timeout: 10, sampleInt: SAMPLE_MS, skipAggregateResult: true },
      (error, result) => {
        clearTimeout(hardLimit);
        running = undefined;
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result as unknown as RawRun);
      },
    );
    running = instance;
  });
  await new Promise((resolve) => setTimeout(resolve, settleMs(run, connections)));
  return run;
}

/** Load whose numbers are thrown away: JIT, caches and connections settle before measuring. */
export async function warmUp(url: string, options: { connections: number; warmupS: number }): Promise<void> {
  if (options.warmupS > 0) await runOnce(url, options.connections, options.warmupS);
}

export async function measureRound(url: string, options: { connections: number; durationS: number }): Promise<MeasuredRound> {
  const raw = await runOnce(url, options.connections, options.durationS);
  const latency = aggregateResult([raw], { url, connections: options.connections }).latency;
  return {
    raw,
    load: {
      reqPerSec: raw.duration > 0 ? raw.totalCompletedRequests / raw.duration : 0,
      latencyP50Ms: latency.p50,
      latencyP99Ms: latency.p99,
      totalRequests: raw.totalCompletedRequests,
      status2xx: raw["2xx"],
      non2xx: raw.non2xx,
      errors: raw.errors,
      timeouts: raw.timeouts,
      durationS: raw.duration,
    },
  };
}

/** A target's rounds as one result: median req/s, latencies of all rounds merged, counts summed. */
export function mergeRounds(url: string, connections: number, rounds: MeasuredRound[]): LoadResult {
  const latency = aggregateResult(
    rounds.map((r) => r.raw),
    { url, connections },
  ).latency;
  const sum = (field: keyof LoadResult) => rounds.reduce((total, r) => total + r.load[field], 0);
  return {
    reqPerSec: median(rounds.map((r) => r.load.reqPerSec)),
    latencyP50Ms: latency.p50,
    latencyP99Ms: latency.p99,
    totalRequests: sum("totalRequests"),
    status2xx: sum("status2xx"),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    durationS: Math.round(sum("durationS") * 100) / 100,
  };
}
