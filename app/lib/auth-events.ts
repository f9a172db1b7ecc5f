/*
 * SPEC §4: after a login or a logout, cached query data is reset and the real-time connection is
 * restarted; a failed reset is only logged ('Error on cache reset'). Whatever keeps data or a
 * connection per visitor in the browser registers here; <AuthWatch/> calls it when the visitor's
 * logged-in state changes.
 */

type AuthChangeListener = (loggedIn: boolean) => void | Promise<void>;

const listeners = new Set<AuthChangeListener>();

/** Registers what to reset when the visitor logs in or out; returns the way to unregister. */
export function onAuthChange(listener: AuthChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every reset; one failing does not stop the others, and is logged, not thrown. */
export async function authChanged(loggedIn: boolean): Promise<void> {
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(loggedIn);
      } catch (error) {
        console.error("Error on cache reset", error);
      }
    }),
  );
}
