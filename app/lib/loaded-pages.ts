/**
 * Pages a visitor added with "Load more", kept per history entry in sessionStorage, so that
 * coming back to the listing (Back from a product) shows them again and the scroll position
 * can be restored down to where the visitor was.
 */
export interface LoadedPage<T> {
  page: number;
  products: T[];
}

const PREFIX = "shop.loadedPages:";
// Enough for a visit; older entries are dropped so the storage never fills up.
const MAX_ENTRIES = 20;

export function readLoadedPages<T>(historyKey: string): LoadedPage<T>[] {
  try {
    const stored = window.sessionStorage.getItem(PREFIX + historyKey);
    return stored ? (JSON.parse(stored) as LoadedPage<T>[]) : [];
  } catch {
    return [];
  }
}

export function writeLoadedPages<T>(historyKey: string, pages: LoadedPage<T>[]) {
  try {
    const storage = window.sessionStorage;
    storage.setItem(PREFIX + historyKey, JSON.stringify(pages));
    const keys = Object.keys(storage).filter((k) => k.startsWith(PREFIX));
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) storage.removeItem(key);
  } catch {
    // Storage full or disabled: Back shows the first page only, as without this.
  }
}
