/**
 * The navigation progress bar's timing (SPEC.md §4, §9): it appears only when loading takes
 * longer than 200 ms, fills over 5000 ms, turns red when loading fails, and hides 500 ms after
 * the end. Kept free of React so its timing can be tested with fake timers.
 */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

export type ProgressState = { phase: "hidden" } | { phase: "running" } | { phase: "finished"; failed: boolean };

/** A small store: subscribe() for React's useSyncExternalStore, start() and finish() to drive it. */
export function createProgress() {
  let state: ProgressState = { phase: "hidden" };
  const listeners = new Set<() => void>();
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: ProgressState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const clear = () => {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    showTimer = hideTimer = undefined;
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (showTimer !== undefined || state.phase === "running") return;
      clearTimeout(hideTimer);
      hideTimer = undefined;
      showTimer = setTimeout(() => {
        showTimer = undefined;
        set({ phase: "running" });
      }, PROGRESS_THROTTLE_MS);
    },
    finish(failed: boolean) {
      if (showTimer !== undefined) {
        // Done before the throttle ran out: a fast navigation shows no bar, a failed one still does.
        clear();
        if (!failed) return;
      } else if (state.phase !== "running") {
        return;
      }
      set({ phase: "finished", failed });
      hideTimer = setTimeout(() => set({ phase: "hidden" }), PROGRESS_HIDE_DELAY_MS);
    },
  };
}
