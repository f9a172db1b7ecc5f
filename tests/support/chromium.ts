import { existsSync } from "node:fs";

const SYSTEM_CHROMIUMS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else the system's, else the one
 * shipped inside the @sparticuz/chromium npm package (so a machine with only Node.js works).
 */
export async function findChromium(): Promise<string> {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`CHROMIUM_PATH points at ${given}, which does not exist.`);
    return given;
  }
  const system = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (system) return system;
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

/** Flags for a headless Chromium in a closed network, as root, in a container. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];
