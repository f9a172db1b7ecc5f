import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app.ts";
import { announceOwnerSetup, boot } from "./boot.ts";
import { ConfigError, parseEnv } from "./env.ts";
import { pageHandler } from "./http/page-handler.ts";

/** `npm run dev`: the same app, with Vite serving the pages and assets with hot reload. */
async function dev() {
  const env = parseEnv({ NODE_ENV: "development", ...process.env });
  const { logger, database, services, rateLimits, apqStore, shutdown } = await boot(env);
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const { app, live } = createApp({
    env,
    database,
    services,
    rateLimits,
    apqStore,
    logger,
    // Loaded per request, so edits to routes take effect without a restart.
    renderPage: async (request, page) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return pageHandler(build, "development")(request, page);
    },
  });
  const honoListener = getRequestListener(app.fetch);
  const server = createHttpServer((req, res) => vite.middlewares(req, res, () => honoListener(req, res)));
  // GraphQL subscriptions on /graphql (Vite's hot-reload socket has its own port in middleware mode).
  server.on("upgrade", live.handleUpgrade);
  server.listen(env.PORT, env.HOST, () => {
    logger.info("dev server listening", { url: env.PUBLIC_URL });
    announceOwnerSetup(services, database, logger).catch((error: unknown) =>
      logger.error("owner set-up link failed", { error: String(error) }),
    );
    services.startBackgroundWork();
  });
  const stop = () => {
    // Open pages keep their live connections: closed first, or the server would wait for them.
    void live.close();
    server.close(() => void Promise.all([vite.close(), shutdown()]).then(() => process.exit(0)));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

dev().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
