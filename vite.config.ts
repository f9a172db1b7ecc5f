import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { chunkReloadGuard } from "./app/lib/chunk-reload-plugin.ts";

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//;
const fromProject = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const ROOT_ROUTE = fromProject("./app/root.tsx");
const fromApp = (path: string) => fromProject(`./app/${path}`);
/**
 * Files named to a chunk. Mostly pieces that the catalogue's pages always load together: a listing
 * otherwise loads fifteen files of its own, and on a phone's connection every file costs a
 * request (measured with Lighthouse, ADR 83). Only pieces that go together on every page that
 * uses one of them: a post's story products take the prices but not the card, and the bag takes
 * the bag form without the card.
 */
const GROUPS: Record<string, string[]> = {
  "product-card": [
    "components/product-card.tsx",
    "components/product-grid.tsx",
    "components/compare-toggle.tsx",
    "components/quick-add.tsx",
  ].map(fromApp),
  price: ["components/price.tsx", "lib/price-rule.ts", "components/card-image.tsx"].map(fromApp),
  pagination: ["components/listing/pagination.tsx", "lib/page-href.ts"].map(fromApp),
  // Beside what the root imports (frameModules): the trail, which nearly every page but home shows,
  // and Vite's helper of every lazy import().
  "site-frame": [fromApp("components/breadcrumbs.tsx"), "\0vite/preload-helper.js"],
  // Rollup's CommonJS interop goes with React, which needs it (the frame imports the framework anyway).
  framework: ["\0commonjsHelpers.js"],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([name, ids]) => ids.map((id) => [id, name] as const)));

const PROJECT = fromProject("./");
/**
 * The shop's own modules that the root route imports statically, directly or through others.
 * Packages and Rollup's helpers stay where Rollup puts them: the framework chunk shares some of
 * them (the CommonJS interop helper), and in the frame's file they would make the two files import
 * each other, which leaves React undefined while the frame runs.
 */
function frameModules(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  const found = new Set<string>();
  const root = getModuleInfo(ROOT_ROUTE);
  if (!root) throw new Error(`vite.config.ts: the root route ${ROOT_ROUTE} is not in the build`);
  const queue = [...root.importedIds];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || id === ROOT_ROUTE || !id.startsWith(PROJECT) || id.includes("/node_modules/")) continue;
    found.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Fails the build when chunks import one another in a loop (the server's too): a module of one file
 * would then run before a binding it takes from the other exists (React undefined in the frame,
 * ADR 83), which only a browser would notice.
 */
function noChunkCycles(): Plugin {
  return {
    name: "shop-no-chunk-cycles",
    apply: "build",
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) if (file.type === "chunk") imports.set(file.fileName, file.imports);
      const done = new Set<string>();
      const visit = (name: string, path: string[]) => {
        if (path.includes(name)) this.error(`chunks import one another: ${[...path, name].join(" -> ")}`);
        if (done.has(name)) return;
        for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
        done.add(name);
      };
      for (const name of imports.keys()) visit(name, []);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkReloadGuard(), noChunkCycles()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
  // The browser's chunks only: the server bundle keeps Rollup's own cut.
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // A group is the files named, not also what they import: the bag's line takes one limit
            // from the cart's module, and would otherwise load the product card for it.
            onlyExplicitManualChunks: true,
            manualChunks: (() => {
              let frame: Set<string> | undefined;
              return (id, { getModuleInfo }) => {
                // React and React Router in one chunk of their own: cached across deploys of the
                // shop's code, and what the benchmark counts as the framework's share of the JavaScript.
                if (FRAMEWORK.test(id)) return "framework";
                const group = GROUP_OF.get(id);
                if (group) return group;
                // What the root route needs is loaded on every page anyway: one file for it rather
                // than the twenty small ones Rollup would cut where pages share a piece with the frame
                // (each file costs its own request, gzip header and import lines).
                frame ??= frameModules(getModuleInfo);
                if (frame.has(id)) return "site-frame";
              };
            })(),
          },
        },
      },
    },
  },
});
