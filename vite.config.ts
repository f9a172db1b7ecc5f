import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkReloadGuard } from "./app/lib/chunk-reload-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkReloadGuard()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // React and React Router in one chunk of their own: cached across deploys of the shop's
        // code, and what the benchmark counts as the framework's share of the JavaScript.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//.test(id))
            return "framework";
        },
      },
    },
  },
});
