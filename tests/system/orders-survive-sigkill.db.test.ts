import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { openDatabase, queryRows, type Database } from "../../server/db/client.ts";
import { adminQuery } from "../support/pg-admin.ts";
import { startShop, type RunningShop } from "../support/shop-server.ts";
import { startSmtpPeer, type SmtpPeer } from "../support/smtp-peer.ts";

/*
 * The production server killed (SIGKILL) while it places orders (issue 11 §5), on the embedded
 * database, and on PostgreSQL when TEST_DATABASE_URL is set. After a restart: every order it
 * acknowledged is there, no order lacks its lines, the stock taken is exactly what the orders
 * hold, every bag either became an order (and is empty) or still holds its items, and every
 * order's confirmation mail is sent.
 */

const BAGS = 60;
/** Acknowledged orders before the kill: the rest are in flight, or not yet begun. */
const KILL_AFTER = 12;

let smtp: SmtpPeer;
let shop: RunningShop | null = null;
let databaseUrl: string | null = null;

beforeAll(async () => {
  buildIfStale();
  smtp = await startSmtpPeer();
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `shop_crash_${randomBytes(6).toString("hex")}`;
    await adminQuery(server, `create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
}, 300_000);

afterAll(async () => {
  await shop?.stop("SIGKILL");
  await smtp?.close();
  if (databaseUrl)
    await adminQuery(
      process.env.TEST_DATABASE_URL!,
      `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`,
    );
});

const env = () => ({
  SMTP_URL: smtp.url,
  TRUST_PROXY: "1",
  DEMO_PRODUCTS: "40",
  LOG_LEVEL: "silent",
  // A claimed mail of the killed process is taken over after this long on PostgreSQL (on the
  // embedded database, at once: no other process can hold it).
  MAIL_LEASE_SECONDS: "30",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function call(base: string, path: string, body: unknown, from: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

interface Option {
  id: number;
  stock: number;
}

async function optionsInStock(base: string): Promise<Option[]> {
  const listing = (await (await fetch(`${base}/ecommerce/products?in_stock=1&page_size=40`)).json()) as {
    data: { slug: string }[];
  };
  const options: Option[] = [];
  for (const { slug } of listing.data) {
    const product = (await (await fetch(`${base}/ecommerce/products/${slug}`)).json()) as { data: { variants: Option[] } };
    options.push(...product.data.variants.filter((v) => v.stock >= 10).map(({ id, stock }) => ({ id, stock })));
    if (options.length >= 8) break;
  }
  return options;
}

const ADDRESS = {
  firstName: "Crash",
  lastName: "Test",
  line1: "Damrak 1",
  city: "Amsterdam",
  postalCode: "1012 LG",
  country: "NL",
};

test("orders placed while the server is killed: after a restart nothing is half done and every order's mail goes out", async () => {
  shop = await startShop({ env: env() });
  const options = await optionsInStock(shop.url);
  expect(options.length).toBeGreaterThanOrEqual(4);

  // Bags of one or two options, each from an address of its own (new bags are counted per address).
  const bags: { id: string; from: string; email: string }[] = [];
  for (let i = 0; i < BAGS; i++) {
    const from = `10.9.${i >> 8}.${i & 255}`;
    const created = await call(shop.url, "/ecommerce/carts", {}, from);
    const id = created.body.data.id as string;
    for (const option of [options[i % options.length]!, options[(i + 1) % options.length]!].slice(0, 1 + (i % 2))) {
      const added = await call(shop.url, `/ecommerce/carts/${id}/lines`, { variantId: option.id, quantity: 1 + (i % 3) }, from);
      expect(added.status).toBe(201);
    }
    bags.push({ id, from, email: `crash-${i}@example.com` });
  }

  // All at once; the server dies once a few have been acknowledged.
  const acknowledged: string[] = [];
  const running = shop;
  const killed = new Promise<void>((resolve) => {
    const placements = bags.map((bag, i) =>
      call(
        running.url,
        "/ecommerce/orders",
        { cartId: bag.id, email: bag.email, shippingAddress: ADDRESS, deliveryMethod: "home-standard" },
        bag.from,
        { "idempotency-key": `crash-${i}` },
      ).then(
        (answer) => {
          if (answer.status === 201) acknowledged.push(answer.body.data.number as string);
          if (acknowledged.length === KILL_AFTER) {
            running.process.kill("SIGKILL");
            resolve();
          }
        },
        () => resolve(), // the connection died with the server
      ),
    );
    void Promise.allSettled(placements).then(() => resolve());
  });
  await killed;
  await running.exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // Restarted on the same data.
  shop = await startShop({ env: env(), dataDir: running.dataDir });
  // Every acknowledged order's confirmation arrives.
  for (const number of acknowledged) {
    await expect
      .poll(() => smtp.messages.some((m) => m.subject.includes(number)), { timeout: 90_000, message: `the mail of ${number}` })
      .toBe(true);
  }

  const db = await openDatabaseOf(running.dataDir);
  try {
    // On PostgreSQL the restarted server is still running: wait for its last mails there.
    if (databaseUrl) {
      await expect
        .poll(
          async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from mail_jobs where sent_at is null`))[0]!.n,
          {
            timeout: 90_000,
          },
        )
        .toBe(0);
    }
    const orders = await rows<{ number: string; email: string }>(db, sql`select number, email from orders`);
    expect(orders.map((o) => o.number)).toEqual(expect.arrayContaining(acknowledged));
    // The kill came in the middle: some bags never became orders.
    expect(orders.length).toBeLessThan(BAGS);
    expect(
      await rows(db, sql`select id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`),
    ).toEqual([]);
    // Stock taken is exactly what the orders hold.
    for (const option of options) {
      const [left] = await rows<{ stock: number }>(db, sql`select stock from variants where id = ${option.id}`);
      const [ordered] = await rows<{ n: number }>(
        db,
        sql`select coalesce(sum(quantity), 0)::int as n from order_lines where variant_id = ${option.id}`,
      );
      expect(option.stock - left!.stock, `option ${option.id}`).toBe(ordered!.n);
    }
    // Each bag became an order (and is empty) or still holds its items.
    const [filled] = await rows<{ n: number }>(db, sql`select count(distinct cart_id)::int as n from cart_lines`);
    expect(filled!.n + orders.length).toBe(BAGS);
    // Every order's mail is sent, once the restarted server has had its turn.
    expect(await rows(db, sql`select id from mail_jobs where sent_at is null`)).toEqual([]);
    for (const order of orders) {
      expect(
        smtp.messages.some((m) => m.to.includes(order.email) && m.subject.includes(order.number)),
        order.number,
      ).toBe(true);
    }
  } finally {
    await db.close();
  }
}, 240_000);

/** The shop's database: on PostgreSQL beside the running server; the embedded one only after the server has stopped. */
async function openDatabaseOf(dataDir: string): Promise<Database> {
  if (databaseUrl) return openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
  // The restarted server sends what is due at start and finishes it on SIGTERM.
  expect(await shop!.stop("SIGTERM")).toBe(0);
  shop = null;
  return openDatabase({ kind: "pglite", dataDir: `${dataDir}/db` });
}

async function rows<T = Record<string, unknown>>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(database.db, query);
}
