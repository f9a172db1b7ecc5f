// Starts the production server (node <build>/server/main.js) on a free 127.0.0.1 port with a
// fresh data folder, and stops it again (SIGTERM, then SIGKILL after a grace period).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { freePort } from "../tests/support/shop-server.ts";
import { LOCAL_HOST, getLocal } from "./local-http.ts";

const STOP_GRACE_MS = 15_000;
const OUTPUT_LIMIT = 64 * 1024;

export interface BenchServer {
  url: string;
  dataDir: string;
  pid: number | undefined;
  /** The last 64 KB the server printed. */
  output(): string;
  /** SIGTERM, SIGKILL after a grace period, then removes the data folder. Safe to call twice. */
  stop(): Promise<void>;
  /** Last resort when the bench process exits: kill synchronously, no waiting. */
  killNow(): void;
}

export async function startServer(options: {
  rootDir: string;
  buildDir: string;
  products: number;
  startTimeoutMs: number;
  /** A data folder prepared beforehand (the order bench seeds its own); removed on stop all the same. */
  dataDir?: string;
  /** More settings for the server (DATABASE_URL, TRUST_PROXY...). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shop-bench-"));
  const url = `http://${LOCAL_HOST}:${port}`;
  let output = "";
  // BENCH_NODE_ARGS: flags for the server's node, such as "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter((arg) => arg !== "");
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(options.buildDir, "server/main.js")], {
    cwd: options.rootDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: LOCAL_HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      DEMO_SHOP: "true",
      DEMO_PRODUCTS: String(options.products),
      PUBLIC_URL: url,
      // The bench measures what rendering a page costs against rendering the floor. The anonymous
      // page cache (ADR 21) would answer both from memory after the first request, turning every
      // ratio into a ratio of page sizes, so it is off here.
      PAGE_CACHE_MS: "0",
      // main.js reads its build from <rootDir>/$SHOP_BUILD_DIR.
      SHOP_BUILD_DIR: relative(options.rootDir, options.buildDir),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    });
    child.once("error", (error) => {
      append(Buffer.from(`spawn error: ${error.message}\n`));
      exitCode = -1;
      resolve();
    });
  });

  let stopped: Promise<void> | undefined;
  const alive = () => child.exitCode === null && child.signalCode === null && exitCode === undefined;
  const server: BenchServer = {
    url,
    dataDir,
    pid: child.pid,
    output: () => output,
    stop() {
      stopped ??= (async () => {
        if (alive()) {
          child.kill("SIGTERM");
          const timer = setTimeout(() => alive() && child.kill("SIGKILL"), STOP_GRACE_MS);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
    killNow() {
      if (alive()) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  try {
    await waitForHealth(server, () => exitCode !== undefined, options.startTimeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(server: BenchServer, hasExited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`The shop exited before it was ready:\n${server.output()}`);
    try {
      const response = await getLocal(`${server.url}/healthz`, 5_000);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not answer /healthz within ${Math.round(timeoutMs / 1000)} s:\n${server.output()}`);
}
