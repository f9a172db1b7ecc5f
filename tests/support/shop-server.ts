import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../server/db/client.ts";

export interface RunningShop {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Resolves with the exit code when the process ends (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends the signal and waits for the process to end; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

// The settings that change what a first start puts in a fresh data folder: a shop started with
// any of them seeds for itself instead of starting from the snapshot.
const FIRST_START_SETTINGS = ["DEMO_SHOP", "DEMO_PRODUCTS", "DATABASE_URL"];

/**
 * Starts the production build (`node build/server/main.js`) on a free port and waits until /healthz
 * answers. Without a data folder it gets a fresh one: a copy of the demo shop's snapshot
 * (SHOP_SNAPSHOT, made once by the global set-up: a first start seeds and renders images for many
 * seconds) unless the start is about what a first start does; else an empty one.
 */
export async function startShop(
  options: { env?: Record<string, string>; dataDir?: string; waitForHealth?: boolean; port?: number } = {},
): Promise<RunningShop> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? freshDataDir(options.env ?? {});
  const buildDir = process.env.SHOP_BUILD_DIR ?? "build";
  let output = "";
  const child = spawn(process.execPath, [join(buildDir, "server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const shop: RunningShop = {
    url,
    port,
    dataDir,
    process: child,
    exited,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForHealth !== false) await waitForHealth(shop, exited);
  return shop;
}

/**
 * A fresh data folder (a copy of the demo shop's snapshot) whose database `change` has changed
 * before any shop opens it: for a test of a shop that starts in a state the demo does not have,
 * without starting a shop twice.
 */
export async function changedDataDir(change: (db: Db) => Promise<unknown>): Promise<string> {
  if (!process.env.SHOP_SNAPSHOT)
    throw new Error("SHOP_SNAPSHOT is not set: the e2e global set-up makes the demo shop's snapshot");
  const dataDir = freshDataDir({});
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
  try {
    await change(database.db);
  } finally {
    await database.close();
  }
  return dataDir;
}

function freshDataDir(env: Record<string, string>): string {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-"));
  const snapshot = process.env.SHOP_SNAPSHOT;
  if (snapshot && !FIRST_START_SETTINGS.some((name) => name in env)) {
    cpSync(snapshot, dataDir, { recursive: true });
    // Each shop makes secrets of its own, as a new shop does: no cookie of one is good on another.
    rmSync(join(dataDir, "secrets.json"), { force: true });
  }
  return dataDir;
}

/**
 * Starts a shop on an empty data folder with the default settings, lets it seed the demo shop,
 * stops it, and returns its data folder: the snapshot that later fresh shops start from.
 */
export async function makeShopSnapshot(): Promise<string> {
  const shop = await startShop({ dataDir: mkdtempSync(join(tmpdir(), "shop-e2e-snapshot-")) });
  const code = await shop.stop("SIGTERM");
  if (code !== 0) throw new Error(`The shop that made the snapshot ended with ${code}:\n${shop.output()}`);
  return shop.dataDir;
}

async function waitForHealth(shop: RunningShop, exited: Promise<number | null>) {
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`The shop exited before it was ready:\n${shop.output()}`);
    try {
      const response = await fetch(`${shop.url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await shop.stop("SIGKILL");
  throw new Error(`The shop did not become healthy in time:\n${shop.output()}`);
}

/** The one-time link a shop without an owner prints at its start. */
export const OWNER_SET_UP_LINK = /https?:\/\/\S+\/admin\/setup\?token=[\w-]+/;

/**
 * What the shop printed that matches `pattern`, waiting for it (it prints some lines, such as the
 * owner's set-up link, once it listens); fails after `timeoutMs` with what it printed.
 */
export async function printed(shop: RunningShop, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = pattern.exec(shop.output());
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`The shop did not print ${pattern}; it printed:\n${shop.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
