import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import routes from "../../app/routes.ts";
import { routeHandlesByPattern, routePattern } from "./page-routes.ts";

/*
 * The page guards find a page's route options by the pattern React Router hands middleware. These
 * tests build the manifest of the shop's real route config and check that every page a URL can
 * reach has its options under the pattern React Router makes from the routes it matched.
 */

type Manifest = ServerBuild["routes"];

/** The server build's route manifest for a route config, each route's handle naming its file. */
function manifestOf(config: RouteConfigEntry[]): Manifest {
  const manifest: Record<string, Manifest[string]> = {
    root: { id: "root", path: "", module: { handle: { file: "root" } } } as unknown as Manifest[string],
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file;
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        module: { handle: { file: entry.file } },
      } as unknown as Manifest[string];
      if (entry.children) add(entry.children, id);
    }
  };
  add(config, "root");
  return manifest as Manifest;
}

/** The route tree React Router matches URLs against, from the same manifest. */
function treeOf(manifest: Manifest): RouteObject[] {
  type Node = { id: string; path?: string; index?: boolean; children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(manifest)) nodes.set(route!.id, { id: route!.id, path: route!.path, index: route!.index });
  for (const route of Object.values(manifest)) {
    if (!route!.parentId) continue;
    const parent = nodes.get(route!.parentId)!;
    (parent.children ??= []).push(nodes.get(route!.id)!);
  }
  return [nodes.get("root")!] as RouteObject[];
}

const manifest = manifestOf(routes as RouteConfigEntry[]);
const byPattern = routeHandlesByPattern(manifest);

describe("route options by pattern", () => {
  test.each([
    ["/", "routes/site/home.tsx"],
    ["/shop/gloves", "routes/shop/listing.tsx"],
    ["/shop/gloves/match-pro-glove", "routes/shop/product.tsx"],
    ["/shop/gloves/sub/finger-save/sale", "routes/shop/listing.tsx"],
    ["/login", "routes/auth/login.tsx"],
    ["/my-account", "routes/account/overview.tsx"],
    ["/my-account/order-history/12/order", "routes/account/order.tsx"],
    ["/anything/else", "routes/site/not-found.tsx"],
  ])("%s finds the options of %s, under React Router's pattern", (url, file) => {
    const matches = matchRoutes(treeOf(manifest), url)!;
    const pattern = routePattern(matches.map((m) => m.route.path));
    const handles = byPattern.get(pattern) as { file: string }[] | undefined;
    expect(handles?.at(-1)?.file).toBe(file);
    expect(handles?.[0]).toEqual({ file: "root" });
  });

  test("an account page carries its layout's options too", () => {
    const handles = byPattern.get(routePattern(["", "my-account", "personal-details"])) as { file: string }[];
    expect(handles.map((h) => h.file)).toEqual(["root", "routes/account/layout.tsx", "routes/account/personal-details.tsx"]);
  });
});
