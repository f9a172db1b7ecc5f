import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A first page carries only its own routes' part of the route manifest; the routes its links
  // lead to are asked for in one request after it has loaded (the shop's links carry
  // `data-discover`, components/ui/link.tsx). The whole manifest grows with every page the shop
  // and its back office add, and every shopper's first visit would carry it (ADR 44).
  routeDiscovery: { mode: "lazy" },
  // React Router 8's behaviour now, so the upgrade is no surprise. Middleware runs the page guards
  // (app/lib/guards.server.ts) before every loader and action.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
  // The benchmark builds a second copy (with its floor route) beside the real one.
  buildDirectory: process.env.SHOP_BUILD_DIR ?? "build",
} satisfies Config;
