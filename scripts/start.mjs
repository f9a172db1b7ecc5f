// `npm start`: builds when the build is missing or older than the sources, then runs the
// production server (which migrates the database and loads the demo shop on first start).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

let dir;
try {
  dir = buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(join(dir, "server/main.js")).href);
