import { and, eq } from "drizzle-orm";
import { seededShop } from "./seeded-shop.ts";
import { auditLog, brands, categories, products, slugRedirects, users } from "../../server/db/schema/index.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../../server/modules/audit/index.ts";

/*
 * A small demo shop for the catalogue-structure db tests, an owner to act as, and what a test
 * reads back: redirects, audit entries, products of a record. (Not a test file itself.)
 */

export type TestShop = Awaited<ReturnType<typeof seededShop>>;

export async function structureShop(): Promise<{ shop: TestShop; staff: StaffScope }> {
  const shop = await seededShop(4);
  const { db } = shop.database;
  const [owner] = await db
    .insert(users)
    .values({ username: "olga", email: "olga@example.com", firstName: "Olga", lastName: "Owner", role: "owner" })
    .returning({ id: users.id });
  const staff = staffScopeOf(systemScope(db), { id: owner!.id, email: "olga@example.com", role: "owner" });
  return { shop, staff };
}

export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; message: string; field?: string; details?: Record<string, unknown> },
  );

let serial = 0;
/** A product of that brand and category (no options: enough to be counted and moved). */
export async function productIn(
  shop: TestShop,
  brandId: number,
  categoryId: number,
  subCategoryId: number | null = null,
  attributes: Record<string, string> = {},
) {
  serial += 1;
  const [row] = await shop.database.db
    .insert(products)
    .values({
      slug: `structure-test-${serial}`,
      name: `Structure test ${serial}`,
      brandId,
      categoryId,
      subCategoryId,
      attributes,
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function aBrand(shop: TestShop) {
  const [row] = await shop.database.db.select({ id: brands.id }).from(brands).limit(1);
  return row!.id;
}

export async function redirectsOf(shop: TestShop, kind: "category" | "brand") {
  const rows = await shop.database.db.select().from(slugRedirects).where(eq(slugRedirects.kind, kind));
  return Object.fromEntries(rows.map((row) => [row.fromPath, row.targetId]));
}

export async function auditOf(shop: TestShop, entityType: string, entityId: number) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

export async function categoryRow(shop: TestShop, id: number) {
  const [row] = await shop.database.db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export async function productRow(shop: TestShop, id: number) {
  const [row] = await shop.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}
