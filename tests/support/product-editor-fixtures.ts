import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { auditLog, brands, catalogueAttributes, categories } from "../../server/db/schema/index.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../../server/modules/audit/index.ts";

/** A staff member's scope, as the back office's forms act. */
export function editorStaff(db: Db): StaffScope {
  return staffScopeOf(systemScope(db, { ip: "203.0.113.25" }), { id: 25, email: "editor@example.com", role: "staff" });
}

/** Places of the seeded shop: a brand, a category with a sub-category of its own, and another category. */
export async function editorPlaces(db: Db) {
  const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
  const [sub] = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .orderBy(asc(categories.id))
    .limit(1);
  const tops = await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(isNull(categories.parentId));
  const category = tops.find((c) => c.id === sub!.parentId)!;
  const another = tops.find((c) => c.id !== category.id)!;
  return { brandId: brand!.id, category, subCategoryId: sub!.id, another };
}

/** Filter attributes of the tests' own: one value of "t-cut", any of "t-extras". */
export async function editorAttributes(db: Db) {
  await db
    .insert(catalogueAttributes)
    .values([
      { key: "t-cut", name: "Test cut", kind: "choice", values: ["Flat", "Negative", "Roll"], position: 90 },
      { key: "t-extras", name: "Test extras", kind: "multiple", values: ["Finger saves", "Wrist strap", "Vented"], position: 91 },
    ])
    .onConflictDoNothing();
}

/** The audit entries of a product, oldest first. */
export function productAudit(db: Db, id: number) {
  return db
    .select({ action: auditLog.action, changes: auditLog.changes, actor: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}
