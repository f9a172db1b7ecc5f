import type { ServerBuild } from "react-router";

type RouteManifest = ServerBuild["routes"];

/**
 * The `handle` exports of the routes a page's URL pattern matches, root first, keyed by the
 * pattern React Router hands middleware (`pattern`: the matched routes' paths joined, as
 * React Router joins them). The page guards (app/lib/guards.server.ts) read a page's options
 * (`auth`, ...) here, before any loader runs, whichever route module the page is.
 */
export function routeHandlesByPattern(routes: RouteManifest): Map<string, readonly unknown[]> {
  const byPattern = new Map<string, readonly unknown[]>();
  const depth = new Map<string, number>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const chain = [];
    for (
      let current: typeof route | undefined = route;
      current;
      current = current.parentId ? routes[current.parentId] : undefined
    ) {
      chain.unshift(current);
    }
    const pattern = routePattern(chain.map((r) => r.path));
    // A layout and its index route share a pattern; the URL matches the index (the deeper chain).
    if ((depth.get(pattern) ?? -1) >= chain.length) continue;
    depth.set(pattern, chain.length);
    byPattern.set(
      pattern,
      chain.map((r) => r.module.handle),
    );
  }
  return byPattern;
}

/** The pattern React Router gives middleware for matched routes with these paths. */
export function routePattern(paths: readonly (string | undefined)[]): string {
  return paths.filter(Boolean).join("/").replace(/\/\/+/g, "/") || "/";
}
