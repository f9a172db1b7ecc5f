// The subscribers of the live-updates bench (bench/live.ts), in a Node process of their own so
// the server's process holds only the server: forked by bench/live.ts, told what to do over the
// IPC channel. Each subscriber is a graphql-ws client on a socket of its own, bound to one of many
// loopback source addresses (127.0.0.x) so no address opens more sockets than the server allows
// one address (LIVE_LIMITS.socketsPerAddress). When told, it makes the stock change itself (one
// POST prepared by the parent), so the time from just before that request to each subscriber's
// event is read on one clock.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

export interface LivePlan {
  /** ws://127.0.0.1:<port>/graphql */
  wsUrl: string;
  productId: string;
  subscribers: number;
  /** Source addresses, used in turn: `perAddress` subscribers from the first, then the next... */
  addresses: string[];
  perAddress: number;
  /** Subscribers connecting at once. */
  concurrency: number;
}

/** The stock change: one HTTP request, and the option whose event each subscriber must hear. */
export interface LiveChange {
  url: string;
  headers: Record<string, string>;
  body: string;
  variantId: string;
  /** How long to wait for every subscriber to hear it. */
  waitMs: number;
}

export type ToClients = { type: "connect"; plan: LivePlan } | { type: "change"; change: LiveChange } | { type: "close" };

export type FromClients =
  | { type: "progress"; connected: number }
  | {
      type: "subscribed";
      connected: number;
      failed: number;
      /** Time to connect and subscribe them all. */
      ms: number;
      errors: string[];
      clientRssBytes: number;
    }
  | {
      type: "changed";
      status: number;
      body: string;
      /** How long the change request took to answer. */
      requestMs: number;
      /** Per subscriber that heard the change: ms from just before the request was sent. */
      latenciesMs: number[];
      /** Events that were not the change's (another option, a second event, one before the change). */
      unexpected: number;
      /** Sockets that closed or failed before the end, and subscriptions that ended in an error. */
      lost: number;
      errors: string[];
      clientRssBytes: number;
    }
  | { type: "fatal"; message: string };

const QUERY = "subscription Stock($id: ID!) { stockChanged(productId: $id) { variantId available left } }";
/** Kept per kind of trouble, so a flood of one error does not hide the rest. */
const MAX_ERRORS = 10;

function send(message: FromClients) {
  process.send?.(message);
}

/** A ws WebSocket bound to `localAddress`, in the shape graphql-ws constructs: new (url, protocol). */
function boundTo(localAddress: string) {
  return class BoundWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { localAddress, perMessageDeflate: false });
    }
  };
}

class Subscribers {
  private readonly clients: Client[] = [];
  /** When each heard the change (performance.now()), NaN until then. */
  private heardAt: Float64Array = new Float64Array(0);
  private changeVariant: string | undefined;
  private changeSentAt = Number.NaN;
  private heard = 0;
  private unexpected = 0;
  private lost = 0;
  private closing = false;
  private readonly errors: string[] = [];
  private onHeard: (() => void) | undefined;

  private note(error: string) {
    if (this.errors.length < MAX_ERRORS) this.errors.push(error);
  }

  async connect(plan: LivePlan): Promise<void> {
    const started = performance.now();
    this.heardAt = new Float64Array(plan.subscribers).fill(Number.NaN);
    const impls = plan.addresses.map(boundTo);
    let next = 0;
    let connected = 0;
    let failed = 0;
    const one = (i: number) =>
      new Promise<void>((resolve) => {
        let acked = false;
        const client = createClient({
          url: plan.wsUrl,
          webSocketImpl: impls[Math.floor(i / plan.perAddress)],
          retryAttempts: 0,
          on: {
            connected: () => {
              acked = true;
              connected += 1;
              if (connected % 500 === 0) send({ type: "progress", connected });
              resolve();
            },
            closed: (event) => {
              const { code, reason } = event as { code?: number; reason?: string };
              if (!acked) {
                failed += 1;
                this.note(`socket ${i} closed before its acknowledgement: ${code} ${reason ?? ""}`);
                resolve();
              } else if (!this.closing) {
                this.lost += 1;
                this.note(`socket ${i} closed: ${code} ${reason ?? ""}`);
              }
            },
            error: (error) => {
              if (!acked) this.note(`socket ${i}: ${error instanceof Error ? error.message : String(error)}`);
            },
          },
        });
        this.clients[i] = client;
        client.subscribe<{ stockChanged: { variantId: string } }>(
          { query: QUERY, variables: { id: plan.productId } },
          {
            next: (result) => this.heardOne(i, result.data?.stockChanged?.variantId, result.errors),
            error: (error) => {
              if (this.closing) return;
              this.lost += 1;
              this.note(`subscription ${i}: ${JSON.stringify(error).slice(0, 300)}`);
            },
            complete: () => {
              if (!this.closing) {
                this.lost += 1;
                this.note(`subscription ${i} completed`);
              }
            },
          },
        );
      });
    await Promise.all(
      Array.from({ length: Math.min(plan.concurrency, plan.subscribers) }, async () => {
        while (next < plan.subscribers) await one(next++);
      }),
    );
    send({
      type: "subscribed",
      connected,
      failed,
      ms: performance.now() - started,
      errors: this.errors.splice(0),
      clientRssBytes: process.memoryUsage.rss(),
    });
  }

  private heardOne(i: number, variantId: string | undefined, errors: unknown) {
    const at = performance.now();
    if (errors || this.changeVariant === undefined || variantId !== this.changeVariant || !Number.isNaN(this.heardAt[i]!)) {
      this.unexpected += 1;
      if (errors) this.note(`subscriber ${i} got errors: ${JSON.stringify(errors).slice(0, 300)}`);
      return;
    }
    this.heardAt[i] = at;
    this.heard += 1;
    if (this.heard === this.clients.length) this.onHeard?.();
  }

  async change(change: LiveChange): Promise<void> {
    this.changeVariant = change.variantId;
    const everyone = new Promise<void>((resolve) => {
      this.onHeard = resolve;
      setTimeout(resolve, change.waitMs).unref();
    });
    this.changeSentAt = performance.now();
    const response = await fetch(change.url, {
      method: "POST",
      headers: change.headers,
      body: change.body,
      signal: AbortSignal.timeout(change.waitMs),
    });
    const requestMs = performance.now() - this.changeSentAt;
    const body = await response.text();
    if (this.heard < this.clients.length) await everyone;
    const latenciesMs: number[] = [];
    for (const at of this.heardAt) if (!Number.isNaN(at)) latenciesMs.push(at - this.changeSentAt);
    send({
      type: "changed",
      status: response.status,
      body: body.slice(0, 500),
      requestMs,
      latenciesMs,
      unexpected: this.unexpected,
      lost: this.lost,
      errors: this.errors.splice(0),
      clientRssBytes: process.memoryUsage.rss(),
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(this.clients.map((client) => client.dispose()));
  }
}

const subscribers = new Subscribers();

process.on("message", (message: ToClients) => {
  const work =
    message.type === "connect"
      ? subscribers.connect(message.plan)
      : message.type === "change"
        ? subscribers.change(message.change)
        : subscribers.close().then(() => process.exit(0));
  work.catch((error: unknown) => {
    send({ type: "fatal", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  });
});
// The bench went away: so do its subscribers.
process.on("disconnect", () => process.exit(0));
