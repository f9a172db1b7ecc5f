import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * The embedded database may be opened by one process only: a second one (say `npm run seed`
 * while the shop runs) would corrupt it. A lock file next to it holds the owner's pid; a lock
 * left by a process that no longer exists (killed) is taken over. The lock file appears whole
 * (written aside, then linked or renamed into place), so nobody ever reads it half-written.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    try {
      // link() fails if the lock exists: creating it is atomic.
      linkSync(mine, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop the shop first, or use DATABASE_URL.`,
          {
            cause: error,
          },
        );
      }
      // A dead owner's lock: replace it atomically, then make sure no other taker won the race.
      renameSync(mine, file);
      const now = Number(readFileSync(file, "utf8"));
      if (now !== process.pid)
        throw new Error(`The embedded database in ${dataDir} was just taken by process ${now}.`, { cause: error });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  return () => {
    if (Number(readFileSync(file, { encoding: "utf8", flag: "r" })) === process.pid) rmSync(file, { force: true });
  };
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
