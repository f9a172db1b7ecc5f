/**
 * Passes errors on to `onError` at most once a minute: a service that is down (Redis, say) fails
 * every call, and the log should say so once, not drown.
 */
export function reportAtMostEveryMinute(onError: ((error: unknown) => void) | undefined): (error: unknown) => void {
  let lastReport = -Infinity;
  return (error) => {
    const at = Date.now();
    if (at - lastReport < 60_000) return;
    lastReport = at;
    onError?.(error);
  };
}
