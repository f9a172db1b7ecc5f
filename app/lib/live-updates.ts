import type { Client } from "graphql-ws";
import { onAuthChange } from "./auth-events";
import { liveUrl, retryDelayMs } from "./live-connection";

/*
 * The browser's live connection (SPEC §4, ADR 45): GraphQL subscriptions over graphql-ws on
 * /graphql. This module and the graphql-ws client are imported only by a page that follows
 * something (use-live.ts), after it has loaded. One connection serves every subscription of the
 * page; it opens with the first and closes after the last (graphql-ws's lazy mode). It
 * reconnects by itself with growing waits and re-subscribes everything; it pauses while the
 * browser is offline; and it starts again when the visitor logs in or out, since the session
 * rides on the connection's opening request (the cookie).
 */

export interface Following {
  query: string;
  variables?: Record<string, unknown>;
  onData: (data: Record<string, unknown>) => void;
  /** Ends the subscription on the connection in use, when there is one. */
  stop?: () => void;
  /** Tries since the connection last failed it (for the wait before the next). */
  failures: number;
}

const following = new Set<Following>();
let client: Promise<Client> | null = null;

async function connect(): Promise<Client> {
  const { createClient } = await import("graphql-ws");
  return createClient({
    url: liveUrl(window.location),
    lazy: true,
    // A page open for hours rides out any number of server restarts and network losses.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
  });
}

function start(follow: Following) {
  if (!navigator.onLine || follow.stop) return;
  client ??= connect();
  const current = client;
  current.then(
    (connection) => {
      // Stopped, restarted or paused while the client was loading: nothing to do here.
      if (!following.has(follow) || follow.stop || client !== current) return;
      follow.stop = connection.subscribe<Record<string, unknown>>(
        { query: follow.query, variables: follow.variables },
        {
          next: (result) => {
            follow.failures = 0;
            if (result.data) follow.onData(result.data);
          },
          error: (error) => {
            follow.stop = undefined;
            // The server refused the subscription (GraphQL errors: a product no longer shown, a
            // session ended): it stays ended. Anything else ended the connection in a way the
            // client does not retry by itself (an error on the server): it is tried again.
            if (Array.isArray(error) || !following.has(follow)) return;
            follow.failures += 1;
            setTimeout(() => start(follow), retryDelayMs(follow.failures));
          },
          complete: () => undefined,
        },
      );
    },
    // The client's code could not be loaded: the page works on without live updates.
    () => {
      if (client === current) client = null;
    },
  );
}

function stopAll() {
  for (const follow of following) {
    follow.stop?.();
    follow.stop = undefined;
  }
  const closing = client;
  client = null;
  void closing?.then(
    (connection) => connection.dispose(),
    () => undefined,
  );
}

/** Starts every subscription again on a new connection (after a login or logout, or back online). */
function restart() {
  stopAll();
  for (const follow of following) start(follow);
}

/** Follows a subscription until the returned function is called; `onData` gets each event's data. */
export function follow(query: string, variables: Record<string, unknown> | undefined, onData: Following["onData"]): () => void {
  const entry: Following = { query, variables, onData, failures: 0 };
  following.add(entry);
  start(entry);
  return () => {
    following.delete(entry);
    entry.stop?.();
    entry.stop = undefined;
  };
}

window.addEventListener("offline", stopAll);
window.addEventListener("online", restart);
onAuthChange(() => restart());
