import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildDir, rootDir } from "./paths.mjs";

const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts",
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

// A build that has held the lock this long was killed: its lock is taken over.
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds the shop when the build is missing or older than any source; returns the build folder.
 * Test files running side by side may ask at once: one builds (under a lock folder beside the
 * build), the others wait for it and find the build fresh.
 */
export function buildIfStale(env = process.env) {
  const dir = env.SHOP_BUILD_DIR ? join(rootDir, env.SHOP_BUILD_DIR) : buildDir;
  const stamp = join(dir, "build-stamp.json");
  const fresh = () => {
    const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    return { builtAt, fresh: builtAt >= Math.max(...SOURCES.map((s) => newestChange(join(rootDir, s)))) };
  };
  if (fresh().fresh) return dir;
  const lock = `${dir}.building`;
  while (!takeLock(lock)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  try {
    const { builtAt, fresh: builtMeanwhile } = fresh();
    if (builtMeanwhile) return dir;
    console.log(builtAt === 0 ? "No build yet: building the shop..." : "Sources changed since the last build: rebuilding...");
    const result = spawnSync(process.execPath, [join(rootDir, "scripts/build.mjs")], { stdio: "inherit", env });
    if (result.status !== 0) throw new Error("The build failed.");
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function takeLock(lock) {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    try {
      // A killed build's lock is moved aside (only one waiter's rename of it succeeds), then taken.
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        const aside = `${lock}.stale.${process.pid}`;
        renameSync(lock, aside);
        rmSync(aside, { recursive: true, force: true });
      }
    } catch (gone) {
      // Released (or moved aside) by another between our attempts: try again.
      if (gone.code !== "ENOENT") throw gone;
    }
    return false;
  }
}
