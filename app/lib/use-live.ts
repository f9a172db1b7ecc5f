import { useEffect, useEffectEvent } from "react";

/**
 * Follows a GraphQL subscription while the component is on the page (live-updates.ts, loaded
 * only now: a page that follows nothing never loads it). `onData` sees the latest render's values;
 * the subscription changes only with the query and its variables.
 */
export function useLive(
  query: string,
  variables: Record<string, unknown> | undefined,
  onData: (data: Record<string, unknown>) => void,
  enabled = true,
) {
  const handle = useEffectEvent(onData);
  const key = JSON.stringify(variables ?? null);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let gone = false;
    import("./live-updates").then(
      (live) => {
        if (!gone)
          stop = live.follow(query, (JSON.parse(key) as Record<string, unknown> | null) ?? undefined, (data) => handle(data));
      },
      // Its code could not be loaded: the page works on without live updates.
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [query, key, enabled]);
}
