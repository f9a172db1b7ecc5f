import type { Plugin } from "vite";

// React Router reloads the page whenever a route module fails to load, with no limit. The shop
// allows one reload a minute, so this build step routes that reload through the shop's guard
// (app/lib/chunk-reload.ts). The build fails loudly if React Router's code ever changes shape.
const MARKER = "Error loading route module";
const RELOAD = /window\.location\.reload\(\);(\s*return new Promise\(\(\) => \{\s*\}\);)/;

export function chunkReloadGuard(): Plugin {
  return {
    name: "shop-chunk-reload-guard",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/node_modules/react-router/") || !code.includes(MARKER)) return null;
      if (!RELOAD.test(code))
        throw new Error(`${id}: React Router's route module reload was not found; update chunk-reload-plugin.ts`);
      return {
        code: code.replace(
          RELOAD,
          "if (!(window.__shopReloadAfterChunkError ? window.__shopReloadAfterChunkError() : (window.location.reload(), true))) throw error;$1",
        ),
        map: null,
      };
    },
  };
}
