import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { FallbackBoundary } from "~/components/ui/fallback-boundary";
import { currentToasts, dismissToast, subscribeToasts, type Toast } from "~/lib/toast";

const noToasts: readonly Toast[] = [];

// Toasts come only after something the visitor did in the browser: the code that shows one is
// loaded with the first, so a first visit carries none of it.
const ToastItem = lazy(() => import("./toast-item").then((item) => ({ default: item.ToastItem })));

/** The toasts an older one of the same kind replaced: at most one of each kind is shown (ADR 79). */
function replacedToasts(toasts: readonly Toast[]): Toast[] {
  return toasts.filter((t, i) => toasts.slice(i + 1).some((later) => later.kind === t.kind));
}

/**
 * Where toasts show (SPEC §9, ADR 79): top right from 640 px; on a phone at the foot of the
 * screen, where they never cover the header (its menu, logo and bag). A new toast replaces the
 * one of its kind still showing, so they never pile up.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  useEffect(() => {
    for (const old of replacedToasts(toasts)) dismissToast(old.id);
  }, [toasts]);
  const shown = toasts.filter((t) => !replacedToasts(toasts).includes(t));
  return (
    <section
      aria-label="Notifications"
      className="toaster pointer-events-none fixed inset-x-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-50 flex flex-col gap-2 sm:top-4 sm:right-4 sm:bottom-auto sm:left-auto sm:w-80"
    >
      {/* The live region wraps the list: a list may not take the status role itself. */}
      <div role="status" aria-live="polite">
        <ol className="flex flex-col gap-2">
          {shown.map((t) => (
            // Its code not loaded (offline, a new version of the shop): the message, and a way to close it.
            <FallbackBoundary key={t.id} fallback={<PlainToast toast={t} />}>
              <Suspense fallback={null}>
                <ToastItem toast={t} />
              </Suspense>
            </FallbackBoundary>
          ))}
        </ol>
      </div>
    </section>
  );
}

function PlainToast({ toast }: { toast: Toast }) {
  return (
    <li
      data-toast={toast.kind}
      className="pointer-events-auto rounded-lg border border-grey-200 bg-white px-4 py-3 text-sm shadow-lg"
    >
      {toast.message}{" "}
      <button type="button" className="underline" onClick={() => dismissToast(toast.id)}>
        Close
      </button>
    </li>
  );
}
