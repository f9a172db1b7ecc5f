/*
 * The loop a piece of background work runs in this process when something wakes it (the mail
 * outbox's sender, the back-in-stock sweep): a wake runs it shortly after, so a burst of wakes is
 * one round; never two rounds at once; a wake during a round is one round more once it ends (what
 * woke it may have committed after the round looked). A round may ask to run again on its own
 * after a while (a mail due again soon). `settled` is what tests and shutdown wait for.
 */

export interface WakeLoop {
  /** Runs a round shortly (after `delayMs`); wakes before then are the same round. */
  wake(): void;
  /**
   * Runs now what a wake asked for, and resolves once no round is running. A round a previous
   * one asked for later is dropped: it is the next wake's (or the next process's) to do.
   */
  settled(): Promise<void>;
}

export interface WakeLoopOptions {
  /** How long a wake waits, so that a burst of wakes is one round. */
  delayMs: number;
  /** A round that failed: reported, and left for the next wake. */
  onError?: (error: unknown) => void;
}

/**
 * `round` does the work once; it answers in how many milliseconds it wants a round of its own
 * without a wake, or null for none.
 */
export function createWakeLoop(round: () => Promise<number | null>, options: WakeLoopOptions): WakeLoop {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let later: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let after: number | null;
      do {
        again = false;
        after = await round().catch((error: unknown) => {
          options.onError?.(error);
          return null;
        });
      } while (again);
      if (later) clearTimeout(later);
      later = null;
      if (after !== null) {
        later = setTimeout(() => {
          later = null;
          void run();
        }, after);
        later.unref();
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    wake() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void run();
      }, options.delayMs);
      timer.unref();
    },
    async settled() {
      while (timer || running || later) {
        if (later) {
          clearTimeout(later);
          later = null;
        }
        if (timer) {
          clearTimeout(timer);
          timer = null;
          await run();
        } else if (running) await running;
      }
    },
  };
}
