import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder, found by walking up to package.json. The server runs both from its
 * sources (dev, tests) and bundled into build/server (production), so paths to committed files
 * such as migrations cannot be relative to the current module.
 */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot(dirname(fileURLToPath(import.meta.url)));
