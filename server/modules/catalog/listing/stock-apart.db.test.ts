import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import { queryRows, type Database } from "../../../db/client.ts";
import { createListing } from "./index.ts";
import { request } from "../../../../tests/support/listing-catalogue.ts";

/*
 * ADR 31: orders that lower stock must not make the listing re-read the catalogue (a catalogue of
 * 20,000 products takes 1.5 s to read on the embedded database, during which the server answers
 * nothing); only a variant selling out or coming back may. The listing answering with the very
 * same snapshot object shows it was not re-read, whatever the catalogue's size: the demo shop's
 * 60 products are enough, and its template is made once per run.
 */

const CHECK_MS = 100;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ products: 60 });
});

afterAll(async () => {
  await database?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("orders lowering stock leave the catalogue in memory as it is; a sell-out reloads it", async () => {
  const listing = createListing(database.db, { cacheMs: CHECK_MS });
  const everything = request({}, {}, { pageSize: 48 });
  const first = await listing.list(everything);
  expect(first.total).toBeGreaterThan(40);

  // Orders, each taking one of an option that has more than one left, until one is left.
  const [option] = await queryRows<{ id: number; stock: number }>(
    database.db,
    sql`select id, stock from variants where stock > 1 order by stock desc, id limit 1`,
  );
  const variantId = option!.id;
  const before = await listing.list(everything);
  expect(before).toBe(first);
  for (let order = 1; order < option!.stock; order++) {
    await database.db.execute(sql`update variants set stock = stock - 1 where id = ${variantId}`);
    // Each listing past the check interval has the catalogue's revision checked.
    await pause(CHECK_MS / 4);
    await listing.list(everything);
  }
  // The same answer object: the same snapshot, never re-read.
  expect(await listing.list(everything)).toBe(before);

  // The last ten sell: the option is sold out, which listings show ("in stock" filter).
  await database.db.execute(sql`update variants set stock = 0 where id = ${variantId}`);
  await vi.waitFor(async () => expect(await listing.list(everything)).not.toBe(before), { timeout: 30_000, interval: 50 });
}, 120_000);
