import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const buildDir = join(rootDir, process.env.SHOP_BUILD_DIR ?? "build");
