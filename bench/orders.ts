// The order bench (issue 11 §6), run by `npm run bench` after the pages (or alone with
// `npm run bench -- --orders`): orders per second through POST /ecommerce/orders, with their
// latencies, on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL; and a
// launch: 1,000 buyers at once for the last 100 units of one option, which must make exactly 100
// orders. Bags are filled before the clock starts; the database is seeded by the bench itself so
// it can give the options the stock the runs need.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrate.ts";
import { products, variants } from "../server/db/schema/index.ts";
import { seedDemoShop } from "../server/db/seed/index.ts";
import { CART_COOKIE } from "../server/modules/cart/cookie.ts";
import { firstVisitJs } from "./first-visit-js.ts";
import { assertLocal } from "./local-http.ts";
import { DUTCH_ADDRESS } from "../tests/support/orders.ts";
import { adminQuery } from "../tests/support/pg-admin.ts";
import { startServer, type BenchServer } from "./server.ts";

const PRODUCTS = 320;
/** Orders timed per database, and how many are sent at once. */
const ORDERS = 2_000;
const CONCURRENCY = 32;
const LAUNCH_BUYERS = 1_000;
const LAUNCH_UNITS = 100;
/** The target on PostgreSQL (issue 11 §6). */
export const ORDERS_PER_SECOND_TARGET = 200;
/** The checkout page's own JavaScript on a first visit, at most (issue 11 §6). */
export const CHECKOUT_JS_KB_TARGET = 20;

export interface OrderBenchResult {
  database: "PGlite" | "PostgreSQL";
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** The shop's JavaScript (gzip, KB) a first visit to /checkout loads, framework aside. */
  checkoutShopJsKb: number;
  launch: {
    buyers: number;
    units: number;
    ordersMade: number;
    soldOut: number;
    otherFailures: number;
    sellOutMs: number;
    p99Ms: number;
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Each bag from an address of its own: the shop counts new bags per address (NEW_BAGS_RULE). */
let buyers = 0;
const nextAddress = () => {
  buyers += 1;
  return `10.${(buyers >> 16) & 255}.${(buyers >> 8) & 255}.${buyers & 255}`;
};

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(assertLocal(url), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, body: text };
}

/** A guest bag holding one unit of `variantId`, made through the shop API. */
async function bag(base: string, variantId: number): Promise<{ cartId: string; address: string }> {
  const address = nextAddress();
  const headers = { "x-forwarded-for": address };
  const created = await post(`${base}/ecommerce/carts`, {}, headers);
  if (created.status !== 201) throw new Error(`POST /ecommerce/carts answered ${created.status}: ${created.body.slice(0, 200)}`);
  const cartId = (JSON.parse(created.body) as { data: { id: string } }).data.id;
  const added = await post(`${base}/ecommerce/carts/${cartId}/lines`, { variantId, quantity: 1 }, headers);
  if (added.status !== 201) throw new Error(`adding to a bag answered ${added.status}: ${added.body.slice(0, 200)}`);
  return { cartId, address };
}

async function inBatches<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

function order(base: string, buyer: { cartId: string; address: string }, n: number) {
  const started = performance.now();
  return post(
    `${base}/ecommerce/orders`,
    { cartId: buyer.cartId, email: `bench${n}@example.com`, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" },
    { "idempotency-key": `bench-${n}-${buyer.cartId.slice(0, 12)}`, "x-forwarded-for": buyer.address },
  ).then((answer) => ({ ...answer, ms: performance.now() - started }));
}

/**
 * Seeds the demo shop into the database and gives its options the stock the runs need: plenty for
 * the timed orders, exactly LAUNCH_UNITS for the launch's option. Returns those options.
 */
async function prepare(target: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string }, mediaDir: string) {
  const database = await openDatabase(target);
  try {
    await applyMigrations(database);
    await seedDemoShop(database.db, { products: PRODUCTS, mediaDir });
    const buyable = await database.db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`${products.published} and not ${products.membersOnly}`)
      .orderBy(variants.id);
    const [launch, ...rest] = buyable.map((row) => row.id);
    await database.db.update(variants).set({ stock: 100_000 });
    await database.db.update(variants).set({ stock: LAUNCH_UNITS }).where(eq(variants.id, launch!));
    return { launch: launch!, options: rest };
  } finally {
    await database.close();
  }
}

async function runOn(
  name: OrderBenchResult["database"],
  server: BenchServer,
  prepared: { launch: number; options: number[] },
): Promise<OrderBenchResult> {
  const base = server.url;
  process.stdout.write(`   ${name}: filling ${ORDERS} bags... `);
  const bags = await inBatches(
    Array.from({ length: ORDERS }, (_, i) => prepared.options[i % prepared.options.length]!),
    CONCURRENCY,
    (variantId) => bag(base, variantId),
  );
  // The checkout page as a shopper with one of these bags first sees it: the shop JS it loads.
  const checkout = await fetch(assertLocal(`${base}/checkout`), { headers: { cookie: `${CART_COOKIE}=${bags[0]!.cartId}` } });
  if (checkout.status !== 200) throw new Error(`GET /checkout answered ${checkout.status}`);
  const checkoutJs = await firstVisitJs(await checkout.text(), `${base}/checkout`);
  const checkoutShopJsKb = checkoutJs.shopGzipBytes / 1024;
  process.stdout.write(`checkout page ${checkoutShopJsKb.toFixed(1)} KB shop JS; placing them, ${CONCURRENCY} at a time... `);
  const started = performance.now();
  const answers = await inBatches(
    bags.map((b, i) => [b, i] as const),
    CONCURRENCY,
    ([b, i]) => order(base, b, i),
  );
  const seconds = (performance.now() - started) / 1000;
  const made = answers.filter((a) => a.status === 201);
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const failed = answers.length - made.length;
  if (failed > 0)
    console.log(`\n   !!! ${failed} orders failed, e.g. ${answers.find((a) => a.status !== 201)?.body.slice(0, 200)}`);
  const ordersPerSecond = made.length / seconds;
  console.log(`${ordersPerSecond.toFixed(0)} orders/s`);

  process.stdout.write(`   ${name}: launch, ${LAUNCH_BUYERS} buyers for the last ${LAUNCH_UNITS} units... `);
  const launchBags = await inBatches(
    Array.from({ length: LAUNCH_BUYERS }, () => prepared.launch),
    CONCURRENCY,
    (id) => bag(base, id),
  );
  const launchStarted = performance.now();
  let sellOutMs = 0;
  let made201 = 0;
  const launchAnswers = await Promise.all(
    launchBags.map((b, i) =>
      order(base, b, ORDERS + i).then((answer) => {
        if (answer.status === 201 && ++made201 === LAUNCH_UNITS) sellOutMs = performance.now() - launchStarted;
        return answer;
      }),
    ),
  );
  const launchLatencies = launchAnswers.map((a) => a.ms).sort((a, b) => a - b);
  const launch = {
    buyers: LAUNCH_BUYERS,
    units: LAUNCH_UNITS,
    ordersMade: launchAnswers.filter((a) => a.status === 201).length,
    soldOut: launchAnswers.filter((a) => a.status === 409).length,
    otherFailures: launchAnswers.filter((a) => a.status !== 201 && a.status !== 409).length,
    sellOutMs,
    p99Ms: percentile(launchLatencies, 99),
  };
  console.log(`${launch.ordersMade} orders, ${launch.soldOut} told sold out, sold out in ${launch.sellOutMs.toFixed(0)} ms`);
  return {
    database: name,
    orders: made.length,
    ordersPerSecond,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failed,
    checkoutShopJsKb,
    launch,
  };
}

/** Runs the order bench on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. */
export async function benchOrders(options: { rootDir: string; buildDir: string; onServer: (server: BenchServer) => () => void }) {
  const results: OrderBenchResult[] = [];
  const targets: {
    name: OrderBenchResult["database"];
    make: () => Promise<{
      dataDir: string;
      env: Record<string, string>;
      prepared: { launch: number; options: number[] };
      drop?: () => Promise<void>;
    }>;
  }[] = [
    {
      name: "PGlite",
      make: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-orders-"));
        mkdirSync(join(dataDir, "media"), { recursive: true });
        const prepared = await prepare({ kind: "pglite", dataDir: join(dataDir, "db") }, join(dataDir, "media"));
        return { dataDir, env: {}, prepared };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    targets.push({
      name: "PostgreSQL",
      make: async () => {
        const name = `shop_bench_${randomBytes(5).toString("hex")}`;
        await adminQuery(serverUrl, `create database ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-orders-"));
        mkdirSync(join(dataDir, "media"), { recursive: true });
        const prepared = await prepare({ kind: "postgres", url: url.toString() }, join(dataDir, "media"));
        return {
          dataDir,
          env: { DATABASE_URL: url.toString() },
          prepared,
          drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
        };
      },
    });
  }
  for (const target of targets) {
    console.log(`\n== Orders on ${target.name}: seeding ${PRODUCTS} products...`);
    const made = await target.make();
    // The bench speaks from many addresses (one per buyer) through one trusted proxy hop.
    const server = await startServer({
      ...options,
      products: PRODUCTS,
      startTimeoutMs: 120_000,
      dataDir: made.dataDir,
      env: { ...made.env, TRUST_PROXY: "1" },
    });
    const forget = options.onServer(server);
    try {
      results.push(await runOn(target.name, server, made.prepared));
    } finally {
      await server.stop();
      forget();
      await made.drop?.();
    }
  }
  return results;
}

/** The lines the report prints for the order bench. */
export function ordersReport(results: OrderBenchResult[]): string[] {
  const lines = ["", "Orders (POST /ecommerce/orders, bags filled beforehand, 32 at a time):"];
  for (const r of results) {
    const target =
      r.database === "PostgreSQL"
        ? ` (target >= ${ORDERS_PER_SECOND_TARGET}: ${r.ordersPerSecond >= ORDERS_PER_SECOND_TARGET ? "ok" : "FAIL"})`
        : "";
    lines.push(
      `  ${r.database}: ${r.ordersPerSecond.toFixed(0)} orders/s${target}, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.failed} failed of ${r.orders + r.failed}`,
    );
    const js = r.checkoutShopJsKb <= CHECKOUT_JS_KB_TARGET ? "ok" : "FAIL";
    lines.push(
      `  ${r.database} checkout page: ${r.checkoutShopJsKb.toFixed(1)} KB shop JS gz on a first visit (target <= ${CHECKOUT_JS_KB_TARGET}: ${js})`,
    );
    const l = r.launch;
    const exact = l.ordersMade === l.units && l.otherFailures === 0 ? "ok" : "FAIL";
    lines.push(
      `  ${r.database} launch: ${l.buyers} buyers for ${l.units} units -> ${l.ordersMade} orders (must be exactly ${l.units}: ${exact}), ${l.soldOut} told sold out, sold out in ${l.sellOutMs.toFixed(0)} ms, p99 ${l.p99Ms.toFixed(0)} ms`,
    );
  }
  return lines;
}
