import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database, Db } from "../db/client.ts";
import { createShopEvents, publishAfterCommit, type ShopEvents, type StockChange } from "./events.ts";
import { createRedisEvents } from "./redis-events.ts";
import { systemScope, withTransaction } from "./scope.ts";

/*
 * The event bus (ADR 45): an event is told once its transaction has committed, never for one
 * rolled back; with Redis (TEST_REDIS_URL, as .ci/run sets it when Redis answers), what one
 * process tells, another hears.
 */

let database: Database;
let events: ShopEvents;

beforeAll(async () => {
  database = await createTestDatabase();
  events = createShopEvents(database.db);
});

afterAll(async () => {
  await database?.close();
});

/** What a subscriber of `productId`'s stock hears from now on. */
function listen(bus: ShopEvents, productId: number) {
  const heard: StockChange[] = [];
  const stream = bus.subscribe("stock-changed", productId);
  void (async () => {
    for await (const change of stream) heard.push(change);
  })();
  return { heard, stop: () => void stream.return() };
}

describe("told after the commit", () => {
  test("a change's event waits for its transaction to commit, and one rolled back is told to nobody", async () => {
    const listener = listen(events, 1);
    await withTransaction(systemScope(database.db), async ({ db }) => {
      publishAfterCommit(db, "stock-changed", 1, { variantId: 10, stock: 4 });
      await db.execute(sql`select 1`);
      expect(listener.heard).toEqual([]);
    });
    await vi.waitFor(() => expect(listener.heard).toEqual([{ variantId: 10, stock: 4 }]));

    await expect(
      withTransaction(systemScope(database.db), async ({ db }) => {
        publishAfterCommit(db, "stock-changed", 1, { variantId: 10, stock: 3 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // Outside a transaction it is told at once; it comes after the first, and the rolled-back one never.
    publishAfterCommit(database.db, "stock-changed", 1, { variantId: 10, stock: 2 });
    await vi.waitFor(() => expect(listener.heard).toHaveLength(2));
    expect(listener.heard).toEqual([
      { variantId: 10, stock: 4 },
      { variantId: 10, stock: 2 },
    ]);
    listener.stop();
  });

  test("a subscriber that does not read keeps only the latest events, and the publisher never fails for it", async () => {
    const stream = events.subscribe("stock-changed", 2);
    const first = stream.next();
    for (let stock = 2000; stock > 0; stock--) events.publish("stock-changed", 2, { variantId: 20, stock });
    expect((await first).value).toEqual({ variantId: 20, stock: 2000 });
    const kept: number[] = [];
    for (let i = 0; i < 64; i++) kept.push(((await stream.next()).value as StockChange).stock);
    expect(kept.at(-1)).toBe(1);
    await stream.return();
  });

  test("a transaction not begun by withTransaction cannot say when it commits: refused", async () => {
    await expect(
      database.db.transaction(async (tx) => publishAfterCommit(tx, "stock-changed", 1, { variantId: 10, stock: 1 })),
    ).rejects.toThrow("must run in withTransaction");
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Only where Redis answers (.ci/run sets TEST_REDIS_URL then); there is no Redis to test otherwise.
const redisSuites = redisUrl ? ["Redis"] : [];

describe.each(redisSuites)("across processes, through %s", () => {
  test("what one process tells, a subscriber of another hears; other shops on the same Redis hear nothing", async () => {
    const channelPrefix = `shop:events:test:${randomUUID()}:`;
    const a = createRedisEvents({ url: redisUrl!, channelPrefix });
    const b = createRedisEvents({ url: redisUrl!, channelPrefix });
    const other = createRedisEvents({ url: redisUrl!, channelPrefix: `${channelPrefix}other:` });
    try {
      // Each "process" has its own bus over its own connections to Redis.
      const busA = createShopEvents({} as Db, a.eventTarget);
      const busB = createShopEvents({} as Db, b.eventTarget);
      const busOther = createShopEvents({} as Db, other.eventTarget);
      const onB = listen(busB, 7);
      const onOther = listen(busOther, 7);
      // Redis tells only those subscribed when it publishes: told until B has subscribed.
      await vi.waitFor(
        () => {
          busA.publish("stock-changed", 7, { variantId: 70, stock: 5 });
          expect(onB.heard.length).toBeGreaterThan(0);
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(onB.heard[0]).toEqual({ variantId: 70, stock: 5 });
      expect(onOther.heard).toEqual([]);
      onB.stop();
      onOther.stop();
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
