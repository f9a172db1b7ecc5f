// What Linux tells of a process the bench started (/proc): its resident memory, its CPU time and
// its children (the workers of WEB_CONCURRENCY).
import { readFileSync } from "node:fs";

/** VmRSS of /proc/<pid>/status in bytes. */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`/proc/${pid}/status has no VmRSS line`);
  return Number(match[1]) * 1024;
}

/** Clock ticks a second (CLK_TCK): 100 on every Linux the bench runs on. */
const TICKS_PER_SECOND = 100;

/** CPU time the process has used so far (user + system), in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The name in parentheses may hold spaces: the fields counted from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat, so 12 and 13 after the name and state.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The process's children (its workers); empty where the kernel does not list them. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter((part) => part !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Waits until the process has used at most `maxShare` of one core over `windowMs` (it has done
 * what it was given), or `timeoutMs` has passed. Answers how long it waited.
 */
export async function untilIdle(
  pid: number,
  options: { windowMs: number; maxShare: number; timeoutMs: number },
): Promise<number> {
  const started = performance.now();
  let before = cpuMs(pid);
  while (performance.now() - started < options.timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, options.windowMs));
    const now = cpuMs(pid);
    if (now - before <= options.windowMs * options.maxShare) break;
    before = now;
  }
  return performance.now() - started;
}
