import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest comes with the first page: the shop's links are plain anchors
  // (components/ui/link.tsx), so there is nothing to discover routes from link by link, and a
  // first navigation needs no extra round trip for the manifest.
  routeDiscovery: { mode: "initial" },
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
