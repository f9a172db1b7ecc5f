import { describe, expect, test } from "vitest";
import type { Db } from "../../db/client.ts";
import { createProductSearch } from "./search.ts";

/** A database that answers every search with the given ids, counting the queries it was asked. */
function fakeDb(answer: () => Promise<{ id: number }[]>) {
  const db = {
    queries: 0,
    async execute() {
      db.queries++;
      return { rows: await answer() };
    },
  };
  return db;
}

describe("createProductSearch", () => {
  test("the same words within the time limit reuse one query; later they are searched again", async () => {
    let clock = 0;
    const db = fakeDb(async () => [{ id: 3 }, { id: 1 }]);
    const search = createProductSearch(db as unknown as Db, { ttlMs: 1000, now: () => clock });
    const first = await search.rankedIds("Grip  gloves");
    expect(first).toEqual([3, 1]);
    expect(await search.rankedIds("grip, GLOVES!")).toBe(first);
    expect(db.queries).toBe(1);
    clock = 1000;
    expect(await search.rankedIds("grip gloves")).not.toBe(first);
    expect(db.queries).toBe(2);
  });

  test("a text without words finds nothing without asking the database", async () => {
    const db = fakeDb(async () => [{ id: 1 }]);
    const search = createProductSearch(db as unknown as Db);
    expect(await search.rankedIds("  ?! ")).toEqual([]);
    expect(db.queries).toBe(0);
  });

  test("concurrent identical searches share one query", async () => {
    const db = fakeDb(async () => [{ id: 1 }]);
    const search = createProductSearch(db as unknown as Db);
    const [a, b] = await Promise.all([search.rankedIds("grip"), search.rankedIds("Grip")]);
    expect(a).toBe(b);
    expect(db.queries).toBe(1);
  });

  test("keeps the most recently used searches only", async () => {
    const db = fakeDb(async () => [{ id: 1 }]);
    const search = createProductSearch(db as unknown as Db, { maxEntries: 2 });
    await search.rankedIds("one");
    await search.rankedIds("two");
    await search.rankedIds("one"); // "two" is now the least recently used
    await search.rankedIds("three");
    expect(db.queries).toBe(3);
    await search.rankedIds("one");
    expect(db.queries).toBe(3);
    await search.rankedIds("two");
    expect(db.queries).toBe(4);
  });

  test("a failed search is not kept, and invalidate() forgets every search", async () => {
    let fail = true;
    const db = fakeDb(async () => {
      if (fail) throw new Error("database down");
      return [{ id: 7 }];
    });
    const search = createProductSearch(db as unknown as Db);
    await expect(search.rankedIds("grip")).rejects.toThrow("database down");
    fail = false;
    expect(await search.rankedIds("grip")).toEqual([7]);
    expect(db.queries).toBe(2);
    search.invalidate();
    await search.rankedIds("grip");
    expect(db.queries).toBe(3);
  });
});
