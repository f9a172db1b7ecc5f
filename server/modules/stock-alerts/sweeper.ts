/** How long a wake waits, so a burst of stock coming back (a batch of cancellations) is one sweep. */
export const WAKE_DELAY_MS = 200;

/**
 * Runs `sweep` when woken, shortly after, never two at once in this process: wakes in the
 * meantime are one run, and a wake during a run is one run more once it ends (the stock it tells
 * of may have committed after the run looked). A failed run is reported and left for the next wake
 * (the shop's background timer wakes it every minute).
 */
export function createSweeper(sweep: () => Promise<unknown>, onError?: (error: unknown) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sweep().catch((error: unknown) => onError?.(error));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    /** Sweeps shortly. */
    wake() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void run();
      }, WAKE_DELAY_MS);
      timer.unref();
    },
    /** Runs what a wake asked for now, and resolves once no run is going on: tests, and shutdown. */
    async settled() {
      while (timer || running) {
        if (timer) {
          clearTimeout(timer);
          timer = null;
          await run();
        } else await running;
      }
    },
  };
}
