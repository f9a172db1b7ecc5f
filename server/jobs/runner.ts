/*
 * The one runner of the shop's background work (ADR 54). Each piece of work is a Sweep: a name,
 * how often it runs, and one run at a given time; the runner runs every sweep when it starts and
 * then each on its own timer, reports what fails, and on stop lets the work in this process finish.
 * What a sweep does, and that it is safe to run in several processes at once (claimed rows, ADR
 * 48), is the sweep's own business; the schedule (schedule.ts) says which sweeps the shop has.
 */

/** A piece of background work that runs every so often in every process. */
export interface Sweep {
  /** Named with its failures. */
  readonly name: string;
  /** How often it runs, in milliseconds (it also runs once when the runner starts). */
  readonly every: number;
  /** One run at `now`. A failure is reported and left for the next run; what it answers is not read. */
  run(now: Date): Promise<unknown> | void;
  /** Wakes besides the timer (stock coming back), from start to stop; answers how to stop listening. */
  listen?(): () => void;
  /** Resolves once none of its work is going on in this process (stop waits for it). */
  settled?(): Promise<void>;
}

export interface RunnerOptions {
  /** A run that failed, with the sweep's name. */
  onError: (error: unknown, sweep: string) => void;
  /** Done once before the first runs after a start (the embedded database takes over claimed mails); a failure is reported and the runs go ahead. */
  beforeFirstRun?: () => Promise<void>;
  /** The time handed to each run. */
  now?: () => Date;
}

export interface Runner {
  /** Runs every sweep now, then each every `every` ms, until stop. Starting again runs them all once more. */
  start(): void;
  /**
   * Stops the timers and the listening, waits for the runs under way, then for the sweeps'
   * `settled`, one after the other in the schedule's order (a sweep that writes mails comes before
   * the mail sender). Runs not yet begun when it is called do nothing.
   */
  stop(): Promise<void>;
}

export function createRunner(sweeps: readonly Sweep[], options: RunnerOptions): Runner {
  const now = options.now ?? (() => new Date());
  let timers: ReturnType<typeof setInterval>[] | null = null;
  let listening: (() => void)[] | null = null;
  // False once stopped: a run whose start was still on its way (the take-over before the first) does nothing.
  let working = false;

  // The runs under way, which stop waits for before the sweeps settle (so a run's mails are
  // written before the mail sender is asked to finish).
  const running = new Set<Promise<unknown>>();

  const runOne = (sweep: Sweep) => {
    if (!working) return;
    const report = (error: unknown) => options.onError(error, sweep.name);
    try {
      const run = Promise.resolve(sweep.run(now())).catch(report);
      running.add(run);
      void run.finally(() => running.delete(run));
    } catch (error) {
      report(error);
    }
  };
  const runAll = () => {
    for (const sweep of sweeps) runOne(sweep);
  };

  return {
    start() {
      working = true;
      listening ??= sweeps.flatMap((sweep) => (sweep.listen ? [sweep.listen()] : []));
      if (timers === null && options.beforeFirstRun) {
        options.beforeFirstRun().then(runAll, (error: unknown) => {
          options.onError(error, "start");
          runAll();
        });
      } else runAll();
      timers ??= sweeps.map((sweep) => {
        const timer = setInterval(() => runOne(sweep), sweep.every);
        // Background work never keeps the process alive by itself.
        timer.unref();
        return timer;
      });
    },
    async stop() {
      working = false;
      for (const timer of timers ?? []) clearInterval(timer);
      timers = null;
      for (const stopListening of listening ?? []) stopListening();
      listening = null;
      await Promise.all(running);
      for (const sweep of sweeps) await sweep.settled?.();
    },
  };
}
