/**
 * After a deploy, a visitor's open page may ask for code chunks that no longer exist. Reloading
 * fetches the new build, but a chunk that keeps failing must not reload the page in a loop:
 * at most one reload per minute (SPEC.md §4, §9), remembered across the reload itself.
 */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const STORAGE_KEY = "shop.chunkReloadAt";

export interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
}

/** Reloads the page unless it already did so within the last minute; says whether it did. */
export function reloadAfterChunkError(deps: ReloadDeps): boolean {
  const now = deps.now();
  const last = Number(deps.storage.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  deps.storage.setItem(STORAGE_KEY, String(now));
  deps.reload();
  return true;
}

declare global {
  interface Window {
    /** Called by React Router (patched at build time) when a route module fails to load. */
    __shopReloadAfterChunkError?: () => boolean;
  }
}

/**
 * Wires the guard to React Router's route module loading: a page that cannot be shown without
 * its code; the error page's view (components/error-page.tsx) uses it too, for the same reason.
 * The shop's other lazily loaded parts (search suggestions, the external-site dialog, toasts, the
 * private-page modal, a video's player; ADR 44) only add to a page, so when theirs fails (Vite's
 * `vite:preloadError`) the page goes on without them instead of reloading under the visitor's
 * typing: each handles its own failure.
 */
export function installChunkReloadGuard() {
  window.__shopReloadAfterChunkError = () =>
    reloadAfterChunkError({
      now: Date.now,
      storage: window.sessionStorage,
      reload: () => window.location.reload(),
    });
}
