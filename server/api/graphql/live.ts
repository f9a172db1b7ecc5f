import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { GraphQLError, type ExecutionArgs, type ExecutionResult } from "graphql";
// Renamed: the React hooks lint rule would take use* for a hook.
import { useServer as serveOverWebSocket } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import type { RequestContext } from "../../context.ts";
import { addressBehindProxies } from "../../http/client-address.ts";
import { buildRequestContext, type RequestContextOptions } from "../../http/request-context.ts";
import { isCrossSite } from "../../http/same-origin.ts";
import { bearerToken, tokenFrom, type RequestToken } from "../../http/session-token.ts";
import type { Logger } from "../../http/logger.ts";
import { readCartToken } from "../../modules/cart/index.ts";
import { addressKey } from "../../modules/rate-limit/index.ts";
import { LIMITS } from "./limits.ts";
import { createSharedStreams, shareKey } from "./shared-streams.ts";
import type { ShopYoga } from "./yoga.ts";

/*
 * Live updates (issue 13, ADR 45): the GraphQL over WebSocket protocol (graphql-ws,
 * `graphql-transport-ws`) on the HTTP server's upgrade of /graphql, the same port and path as
 * queries. Operations run through the same yoga as queries: the same schema, plugins and limits
 * (depth, aliases, cost). The token comes in the connection parameters, as Apollo and Nuxt
 * clients send it (`Authorization: Bearer ...`, plain or under `headers`); a browser of the shop
 * sends its session cookie with the opening request instead. A bad token closes the socket with
 * 4403; no token is a guest.
 */

export const LIVE_LIMITS = {
  /** Operations at once on one socket. */
  subscriptionsPerSocket: 20,
  /** Open sockets from one address (per process). */
  socketsPerAddress: 50,
  /** Bytes of one message from a client. */
  messageBytes: 16 * 1024,
  /** A socket that has not said connection_init by then is closed. */
  initWaitMs: 10_000,
  /** Every socket is pinged this often; one that did not answer the last ping is closed. */
  keepAliveMs: 12_000,
};

/** What onSubscribe hands to the execution: the operation's own enveloped steps, and its share key. */
interface LiveRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
  shareKey: string | null;
}

interface SocketExtra {
  /** The opening request, and who sent it (set before the socket is handed to graphql-ws). */
  request: IncomingMessage & { shopAddress?: string };
  socket: WebSocket;
  /** The connection's request context, made once its parameters are known. */
  shop?: RequestContext;
}

export interface LiveUpdatesOptions {
  yoga: ShopYoga;
  /** Production: errors' own texts never reach clients. */
  production?: boolean;
  context: Omit<RequestContextOptions, "trustProxy">;
  trustProxy: number;
  logger?: Logger;
}

export function liveUpdates(options: LiveUpdatesOptions) {
  const { yoga, context, trustProxy, logger, production = true } = options;
  const publicUrl = context.env.publicUrl;
  const shared = createSharedStreams({
    onError: (error) => logger?.error("live updates: a shared stream failed", { error: String(error) }),
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_LIMITS.messageBytes });
  const socketsByAddress = new Map<string, number>();
  // The connections past their connection_init, for counting what they follow.
  const connected = new Set<{ readonly subscriptions: Record<string, unknown> }>();

  serveOverWebSocket<Record<string, unknown> | undefined, Partial<SocketExtra>>(
    {
      isProd: production,
      connectionInitWaitTimeout: LIVE_LIMITS.initWaitMs,
      // Which token, if any, and whose it is: false closes the socket with 4403 Forbidden.
      onConnect: async (ctx) => {
        // Counted at once: a socket that closes while its session is looked up is forgotten by onClose.
        connected.add(ctx);
        const request = ctx.extra.request!;
        const given = tokenInParams(ctx.connectionParams);
        if (given === "malformed") return false;
        const crossSite = isCrossSite(originOnly(request), publicUrl);
        // The cookie rides along on any site's opening request: only the shop's own pages use it.
        const cookieToken = crossSite ? null : tokenFrom(null, headerOf(request, "cookie"));
        const token: RequestToken | null = given ? { token: given, via: "header" } : cookieToken;
        const facts = {
          ip: request.shopAddress ?? "unknown",
          guestBag: crossSite ? null : (readCartToken(headerOf(request, "cookie")) ?? null),
          crossSite,
        };
        let shop = buildRequestContext(context, { ...facts, token });
        if (token && !(await shop.session())) {
          // A token given in the parameters must be good; a stale cookie is only a guest's.
          if (given) return false;
          shop = buildRequestContext(context, { ...facts, token: null });
        }
        ctx.extra.shop = shop;
        return true;
      },
      onClose: (ctx) => {
        connected.delete(ctx);
      },
      onError: (_ctx, _id, _payload, errors) => {
        logger?.error("live updates: operation failed", { errors: errors.map((error) => error.message).join("; ") });
      },
      onSubscribe: async (ctx, _id, payload) => {
        if (Object.keys(ctx.subscriptions).length > LIVE_LIMITS.subscriptionsPerSocket) {
          return [
            new GraphQLError(`At most ${LIVE_LIMITS.subscriptionsPerSocket} operations at once on one connection.`, {
              extensions: { code: "TOO_MANY_SUBSCRIPTIONS" },
            }),
          ];
        }
        if (typeof payload.query !== "string" || payload.query.length > LIMITS.queryLength) {
          return [
            new GraphQLError(`Send a query of at most ${LIMITS.queryLength} characters.`, {
              extensions: { code: "QUERY_TOO_LARGE" },
            }),
          ];
        }
        const shop = ctx.extra.shop!;
        const enveloped = yoga.getEnveloped({ shop, setCookie: () => {}, params: payload, request: undefined });
        let document;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError("The query could not be read.")];
        }
        const args: ExecutionArgs = {
          schema: enveloped.schema,
          document,
          operationName: payload.operationName ?? null,
          variableValues: payload.variables ?? null,
          contextValue: await enveloped.contextFactory(),
          rootValue: {
            execute: enveloped.execute,
            subscribe: enveloped.subscribe,
            shareKey: shareKey(document, payload.query, payload.operationName, payload.variables),
          } satisfies LiveRoot,
        };
        const errors = enveloped.validate(args.schema, args.document);
        return errors.length > 0 ? errors : args;
      },
      execute: (args) => (args.rootValue as LiveRoot).execute(args) as never,
      // Each subscriber subscribes for itself (validation, cost, who may follow what); those whose
      // events are the same for all then read one shared stream (shared-streams.ts).
      subscribe: async (args) => {
        const root = args.rootValue as LiveRoot;
        const own = (await root.subscribe(args)) as AsyncIterable<ExecutionResult> | ExecutionResult;
        if (!root.shareKey || !(Symbol.asyncIterator in own)) return own as never;
        return shared.join(root.shareKey, own[Symbol.asyncIterator]()) as never;
      },
    },
    wss,
    LIVE_LIMITS.keepAliveMs,
  );

  return {
    /** The HTTP server's `upgrade` event: /graphql becomes a live connection; anything else is refused. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      // Node's HTTP server stops listening for this socket's errors once it is upgraded: a client
      // that resets it must not end the process.
      socket.on("error", () => socket.destroy());
      const path = URL.canParse(request.url ?? "/", "http://shop") ? new URL(request.url ?? "/", "http://shop").pathname : "";
      if (path !== "/graphql" && path !== "/graphql/") return refuse(socket, 404, "Not Found");
      // One key per visitor as the rate limits have it (an IPv6 /64 is one visitor).
      const address = addressKey(
        addressBehindProxies(headerOf(request, "x-forwarded-for"), request.socket.remoteAddress, trustProxy),
      );
      const open = socketsByAddress.get(address) ?? 0;
      if (open >= LIVE_LIMITS.socketsPerAddress) {
        logger?.info("live updates: too many sockets from one address", { address });
        return refuse(socket, 429, "Too Many Requests");
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        socketsByAddress.set(address, (socketsByAddress.get(address) ?? 0) + 1);
        ws.once("close", () => {
          const left = (socketsByAddress.get(address) ?? 1) - 1;
          if (left > 0) socketsByAddress.set(address, left);
          else socketsByAddress.delete(address);
        });
        Object.assign(request, { shopAddress: address });
        wss.emit("connection", ws, request);
      });
    },
    /** How many live connections are open now. */
    get connections() {
      return wss.clients.size;
    },
    /** How many subscriptions are following events now (each past its subscribe step). */
    get subscriptions() {
      let count = 0;
      for (const ctx of connected) for (const stream of Object.values(ctx.subscriptions)) if (stream) count += 1;
      return count;
    },
    /** How many streams subscribers share now (one per product and query followed alike). */
    get sharedStreams() {
      return shared.groups;
    },
    /** Closes every live connection (the server is shutting down): clients reconnect elsewhere. */
    close(): Promise<void> {
      // 1012, Service Restart: the protocol's clients try again, as they do after a network loss.
      for (const client of wss.clients) client.close(1012, "The server is restarting");
      // A client that does not answer the close is cut off after a few seconds.
      const cutOff = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, 3_000);
      cutOff.unref();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

export type LiveUpdates = ReturnType<typeof liveUpdates>;

/**
 * The session token in a client's connection parameters: `Authorization` (or `authorization`),
 * plain or under `headers`, as `Bearer <token>`. Null when there is none; "malformed" for a value
 * that is not a bearer token.
 */
export function tokenInParams(params: Record<string, unknown> | undefined): string | null | "malformed" {
  if (!params || typeof params !== "object") return null;
  const headers =
    typeof params.headers === "object" && params.headers !== null ? (params.headers as Record<string, unknown>) : {};
  const value = params.Authorization ?? params.authorization ?? headers.Authorization ?? headers.authorization;
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") return "malformed";
  return bearerToken(value) ?? "malformed";
}

function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/** The opening request as isCrossSite reads it: its Origin and Sec-Fetch-Site, and its address. */
function originOnly(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site"]) {
    const value = headerOf(request, name);
    if (value !== null) headers.set(name, value);
  }
  const address = `http://${headerOf(request, "host") ?? "shop.invalid"}/graphql`;
  // A Host that is no address at all is nobody's origin: compared with the public address only.
  return new Request(URL.canParse(address) ? address : "http://shop.invalid/graphql", { headers });
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
}
