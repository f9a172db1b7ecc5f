import { useSyncExternalStore } from "react";

const never = () => () => {};

/** False on the server and during hydration, true after: for controls that need JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
