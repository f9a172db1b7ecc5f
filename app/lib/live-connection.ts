/* Where the browser's live connection goes, and how long it waits before trying again (live-updates.ts). */

/** The connection's address: /graphql on the page's own host, over wss on an https page. */
export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/graphql`;
}

/** The wait before reconnect attempt `retries` (0 first): 1 s doubling to 30 s, with jitter so a restarted server is not met by every browser at once. */
export function retryDelayMs(retries: number, random = Math.random): number {
  const base = Math.min(1_000 * 2 ** retries, 30_000);
  return Math.round(base / 2 + (random() * base) / 2);
}
