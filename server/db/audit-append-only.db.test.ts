import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "./client.ts";
import { auditLog } from "./schema/index.ts";

/* ADR 58: the database itself refuses to change or remove an audit entry once written. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

test("an audit entry cannot be updated, deleted or truncated away", async () => {
  const [entry] = await database.db
    .insert(auditLog)
    .values({ action: "order.paid", entityType: "order", entityId: "1001", changes: { status: ["awaiting_payment", "paid"] } })
    .returning();
  await expect(
    database.db.execute(sql`update audit_log set action = 'order.refunded' where id = ${entry!.id}`),
  ).rejects.toThrow();
  await expect(database.db.execute(sql`delete from audit_log where id = ${entry!.id}`)).rejects.toThrow();
  await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  const rows = await database.db.select().from(auditLog);
  expect(rows).toEqual([
    expect.objectContaining({ id: entry!.id, action: "order.paid", changes: { status: ["awaiting_payment", "paid"] } }),
  ]);
});
