import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

/** Builds the shop when the build is missing or older than any source; returns the build folder. */
export function buildIfStale(env = process.env) {
  const dir = env.SHOP_BUILD_DIR ? join(rootDir, env.SHOP_BUILD_DIR) : buildDir;
  const stamp = join(dir, "build-stamp.json");
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestChange(join(rootDir, s))));
  if (builtAt >= sourcesAt) return dir;
  console.log(builtAt === 0 ? "No build yet: building the shop..." : "Sources changed since the last build: rebuilding...");
  const result = spawnSync(process.execPath, [join(rootDir, "scripts/build.mjs")], { stdio: "inherit", env });
  if (result.status !== 0) throw new Error("The build failed.");
  return dir;
}
