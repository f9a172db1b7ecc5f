import { useEffect, useSyncExternalStore } from "react";
import { toast } from "~/lib/toast";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** A notice while the browser is offline (SPEC.md §4: the app tracks online/offline status). */
export function OnlineStatus() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    const back = () => toast("You are back online.", "success");
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, []);
  if (online) return null;
  return (
    <div role="status" className="bg-grey-900 px-4 py-2 text-center text-sm text-white">
      You are offline. Pages you open may not load until the connection is back.
    </div>
  );
}
