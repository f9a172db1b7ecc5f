import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { startShop } from "./shop-server.ts";

/** Builds the shop if needed and starts one production server that the browser tests share. */
export default async function globalSetup() {
  buildIfStale();
  const shop = await startShop();
  process.env.SHOP_URL = shop.url;
  return async () => {
    await shop.stop("SIGTERM");
  };
}
