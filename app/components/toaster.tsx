import { lazy, Suspense, useSyncExternalStore } from "react";
import { FallbackBoundary } from "~/components/ui/fallback-boundary";
import { currentToasts, dismissToast, subscribeToasts, type Toast } from "~/lib/toast";

const noToasts: readonly Toast[] = [];

// Toasts come only after something the visitor did in the browser: the code that shows one is
// loaded with the first, so a first visit carries none of it.
const ToastItem = lazy(() => import("./toast-item").then((item) => ({ default: item.ToastItem })));

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {/* The live region wraps the list: a list may not take the status role itself. */}
      <div role="status" aria-live="polite">
        <ol className="flex flex-col gap-2">
          {toasts.map((t) => (
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
