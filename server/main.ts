import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { announceOwnerSetup, boot } from "./boot.ts";
import { ConfigError, parseEnv } from "./env.ts";
import { pageHandler } from "./http/page-handler.ts";
import { rootDir } from "./root-dir.ts";
import { runWorkers } from "./workers.ts";

const SHUTDOWN_GRACE_MS = 10_000;

/** The production server: the built pages and assets, on the configured port. */
async function main() {
  const env = parseEnv(process.env);
  const buildDir = join(rootDir, process.env.SHOP_BUILD_DIR ?? "build");
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new ConfigError(`No build at ${buildDir}: run npm run build first.`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;

  const { logger, database, services, rateLimits, apqStore, shutdown } = await boot(env);
  const { app, live } = createApp({
    env,
    database,
    services,
    rateLimits,
    apqStore,
    logger,
    renderPage: pageHandler(build, env.NODE_ENV),
    clientDir: join(buildDir, "client"),
  });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info("listening", { url: env.PUBLIC_URL, port: info.port, database: database.kind });
    announceOwnerSetup(services, database, logger).catch((error: unknown) =>
      logger.error("owner set-up link failed", { error: String(error) }),
    );
    // Mails left unsent by an earlier run, and reservations that ended while the shop was down.
    services.startBackgroundWork();
  }) as Server;
  // GraphQL subscriptions: WebSocket upgrades of /graphql (anything else is refused).
  server.on("upgrade", live.handleUpgrade);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // Stop accepting, let requests in flight finish, then finish mails and close the database.
    // Live connections are told the server restarts: their clients reconnect to another.
    void live.close();
    server.close(() => {
      shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** WEB_CONCURRENCY above 1: the primary starts the workers, each of which runs main(). */
async function start() {
  const env = parseEnv(process.env);
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    const quiet = env.LOG_LEVEL === "silent" || env.LOG_LEVEL === "error";
    const log = (message: string, fields: Record<string, unknown> = {}) => {
      if (!quiet) console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: message, ...fields }));
    };
    process.exit(await runWorkers(env, log));
  }
  await main();
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("The shop could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
