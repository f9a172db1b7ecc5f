// The bench measures every target in rounds and compares a page with the floor (and the ceiling)
// within each round: the machine's speed drifts by tens of percent over tens of seconds, so only
// measurements taken seconds apart are comparable. A page's share is the median of its rounds'
// shares, so one disturbed round does not move it.

/** The middle value, or the mean of the two middle ones for an even count; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The order of round `round` (0 = the first): the targets rotated left by `round`. Over as many
 * rounds as there are targets, each target takes every position once, so the time between the
 * floor and a page, and which comes first, changes from round to round.
 */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  if (targets.length === 0) return [];
  const shift = round % targets.length;
  return [...targets.slice(shift), ...targets.slice(0, shift)];
}

export interface ShareByRound {
  /** The target's req/s divided by the baseline's req/s in the same round (1 = as fast). */
  byRound: number[];
  median: number;
}

/**
 * A target's req/s as a share of a baseline's, round by round (both lists in round order), and
 * the median of those shares. A round in which the baseline completed nothing counts as 0.
 */
export function shareByRound(reqPerSec: readonly number[], baselineReqPerSec: readonly number[]): ShareByRound {
  if (reqPerSec.length !== baselineReqPerSec.length || reqPerSec.length === 0)
    throw new Error(
      `Shares need the same rounds for the target and the baseline (got ${reqPerSec.length} and ${baselineReqPerSec.length})`,
    );
  const byRound = reqPerSec.map((value, round) => {
    const baseline = baselineReqPerSec[round]!;
    return baseline > 0 ? value / baseline : 0;
  });
  return { byRound, median: median(byRound) };
}
