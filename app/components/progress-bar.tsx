import { useEffect, useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import { createProgress, PROGRESS_DURATION_MS, type ProgressState } from "~/lib/progress";

// One bar for the whole page, kept outside React: React Router mounts the layout afresh when a
// page fails or recovers, and the bar must carry on across that.
const progress = createProgress();
const hidden: ProgressState = { phase: "hidden" };

/** The navigation progress bar at the top of the page; `failed` turns it red. */
export function ProgressBar({ failed }: { failed: boolean }) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const state = useSyncExternalStore(progress.subscribe, progress.getState, () => hidden);

  useEffect(() => {
    if (busy) progress.start();
    else progress.finish(failed);
  }, [busy, failed]);

  if (state.phase === "hidden") return null;
  const finished = state.phase === "finished";
  const red = finished && state.failed;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      aria-busy={!finished}
      data-state={finished ? (red ? "failed" : "done") : "running"}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]"
    >
      <div
        className={`h-full origin-left ${red ? "bg-danger-500" : "bg-mint-500"}`}
        style={{
          width: finished ? "100%" : "90%",
          animation: finished ? undefined : `progress-fill ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1) both`,
          transition: "width 150ms ease-out",
        }}
      />
    </div>
  );
}
