// One load run with autocannon: a warm-up whose numbers are thrown away, then the measured run.
import autocannon from "autocannon";
import { assertLocal } from "./local-http.ts";

export interface LoadResult {
  /** Mean of the per-second request counts, as autocannon reports it. */
  reqPerSec: number;
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

let running: autocannon.Instance | undefined;

/** Stops the run in progress, if any (on Ctrl-C). */
export function stopLoad() {
  running?.stop();
}

function runOnce(url: string, connections: number, durationS: number): Promise<autocannon.Result> {
  assertLocal(url);
  return new Promise((resolve, reject) => {
    // A safety net: autocannon ends on its own after `duration`, this ends a run that hangs.
    const hardLimit = setTimeout(() => instance.stop(), (durationS + 30) * 1000);
    const instance = autocannon({ url, connections, duration: durationS, timeout: 10 }, (error, result) => {
      clearTimeout(hardLimit);
      running = undefined;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
    running = instance;
  });
}

export async function measure(
  url: string,
  options: { connections: number; warmupS: number; durationS: number },
): Promise<LoadResult> {
  if (options.warmupS > 0) await runOnce(url, options.connections, options.warmupS);
  const r = await runOnce(url, options.connections, options.durationS);
  return {
    reqPerSec: r.requests.mean,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    totalRequests: r.requests.total,
    status2xx: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationS: r.duration,
  };
}
