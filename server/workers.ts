import cluster from "node:cluster";
import type { Env } from "./env.ts";

/*
 * WEB_CONCURRENCY=N (ADR 45): this process becomes the primary of N identical workers that share
 * its port (node:cluster hands each new connection to one of them). They share everything through
 * PostgreSQL and Redis, which the settings require for N above 1. The primary serves nothing: it
 * starts the workers, starts a new one when one dies (waiting longer each time one dies young),
 * and on SIGTERM or SIGINT stops them all, each finishing its requests in flight, then exits.
 */

/** A worker that lived shorter than this died young: the next start waits longer. */
const YOUNG_MS = 10_000;

/** Starts and keeps the workers; resolves when they have all stopped after a signal. */
export function runWorkers(env: Env, log: (message: string, fields?: Record<string, unknown>) => void): Promise<number> {
  let stopping = false;
  let youngDeaths = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
  log("workers started", { workers: env.WEB_CONCURRENCY, port: env.PORT });

  return new Promise((resolve) => {
    cluster.on("exit", (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
      startedAt.delete(worker.id);
      if (stopping) {
        // Counted here: cluster.workers may still list a worker that has exited but not yet disconnected.
        if (startedAt.size === 0) resolve(0);
        return;
      }
      youngDeaths = lived < YOUNG_MS ? youngDeaths + 1 : 0;
      const wait = Math.min(1_000 * 2 ** youngDeaths, 60_000);
      log("worker stopped; starting another", { code, signal, inMs: wait });
      setTimeout(() => !stopping && fork(), wait).unref();
    });
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log("stopping the workers", { signal });
      if (startedAt.size === 0) resolve(0);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    };
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  });
}
