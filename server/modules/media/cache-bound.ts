import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * Keeps the rendering cache on disk under `maxBytes`: the oldest renderings go first (issue 10
 * F6). Remote sources make the set of possible renderings unbounded, so without a bound anyone
 * could fill the disk by asking for renderings of many remote images. The files already on disk
 * are counted once, on the first write; after that each write adds its file, and when the total
 * passes the bound the oldest files are deleted until it is back to 90 %. A file another
 * process deleted is simply gone.
 */
export function createCacheBound(cacheDir: string, maxBytes: number) {
  /** Path -> size, oldest first (a Map keeps insertion order). */
  let files: Map<string, number> | undefined;
  let total = 0;
  let trimming: Promise<void> = Promise.resolve();

  async function scan(): Promise<Map<string, number>> {
    const found: { path: string; size: number; time: number }[] = [];
    const dirs = await readdir(cacheDir).catch(() => [] as string[]);
    for (const dir of dirs) {
      const names = await readdir(join(cacheDir, dir)).catch(() => [] as string[]);
      for (const name of names) {
        if (name.endsWith(".tmp")) continue;
        const path = join(cacheDir, dir, name);
        try {
          const info = await stat(path);
          if (info.isFile()) found.push({ path, size: info.size, time: info.mtimeMs });
        } catch {
          // Deleted meanwhile.
        }
      }
    }
    found.sort((a, b) => a.time - b.time);
    total = found.reduce((sum, file) => sum + file.size, 0);
    return new Map(found.map((file) => [file.path, file.size]));
  }

  async function trim(known: Map<string, number>) {
    if (total <= maxBytes) return;
    const target = maxBytes * 0.9;
    for (const [path, size] of known) {
      if (total <= target) break;
      known.delete(path);
      total -= size;
      // A file that cannot be deleted (permissions, a folder in its place) is left to the owner:
      // it is no longer counted, and one stuck file must not stop the cache from working.
      await rm(path, { force: true }).catch(() => {});
    }
  }

  return {
    /** Counts a rendering just written, and deletes the oldest when the cache is over its bound. */
    added(path: string, size: number): Promise<void> {
      // Each step runs after the one before, whether or not that one failed: keeping the bound
      // is housekeeping, so its failure never fails a rendering or the renderings after it.
      trimming = trimming.then(async () => {
        try {
          files ??= await scan();
          const before = files.get(path);
          if (before !== undefined) total -= before;
          files.delete(path);
          files.set(path, size);
          total += size;
          await trim(files);
        } catch {
          // Counted as far as it got; the next rendering tries again.
        }
      });
      return trimming;
    },
    /** Bytes the cache holds, as counted. */
    bytes: () => total,
  };
}
