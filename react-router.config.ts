import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The benchmark builds a second copy (with its floor route) beside the real one.
  buildDirectory: process.env.SHOP_BUILD_DIR ?? "build",
} satisfies Config;
