import { lazy, Suspense, useSyncExternalStore } from "react";
import { currentToasts, subscribeToasts, type Toast } from "~/lib/toast";

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
          <Suspense fallback={null}>
            {toasts.map((t) => (
              <ToastItem key={t.id} toast={t} />
            ))}
          </Suspense>
        </ol>
      </div>
    </section>
  );
}
