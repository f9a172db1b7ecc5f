// Builds the shop: the React Router app (browser assets + server render bundle), then the
// server process itself, bundled into <build>/server/main.js. SHOP_BUILD_DIR picks the folder.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { rootDir, buildDir } from "./paths.mjs";

const bin = join(rootDir, "node_modules/.bin/react-router");
const result = spawnSync(bin, ["build"], { cwd: rootDir, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
if (result.status !== 0) process.exit(result.status ?? 1);

await build({
  entryPoints: [join(rootDir, "server/main.ts")],
  outfile: join(buildDir, "server/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// Pre-compressed copies of the browser assets, at the highest settings (once per build, not per
// request): the server sends the .br or .gz copy to a browser that accepts it (serveStatic's
// `precompressed` in server/app.ts). Fonts (woff2) and images are compressed already.
const assets = join(buildDir, "client/assets");
for (const name of readdirSync(assets)) {
  if (/\.(js|css|svg)$/.test(name)) {
    const file = join(assets, name);
    const bytes = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
  }
}

writeFileSync(join(buildDir, "build-stamp.json"), JSON.stringify({ builtAt: new Date().toISOString() }));
console.log(`Built into ${buildDir}`);
