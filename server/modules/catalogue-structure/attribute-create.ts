import { eq, sql } from "drizzle-orm";
import { catalogueAttributes } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { CreateAttributeInput } from "./schemas.ts";

const keyTaken = () => invalidInput("key", "Another filter attribute has that key already.");

/**
 * A new filter attribute, placed after the others: the key products' attributes use (it does not
 * change later: products name it), the name shoppers read, its kind and its values in order.
 */
export async function createAttribute(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(CreateAttributeInput, raw);
  const values = [...new Set(input.values)];
  return inChange(scope, deps, async (tx) => {
    const [clash] = await tx.db
      .select({ id: catalogueAttributes.id })
      .from(catalogueAttributes)
      .where(eq(catalogueAttributes.key, input.key));
    if (clash) throw keyTaken();
    const [row] = await tx.db
      .insert(catalogueAttributes)
      .values({
        key: input.key,
        name: input.name,
        kind: input.kind,
        values,
        position: sql`(select coalesce(max(position) + 1, 0) from catalogue_attributes)`,
      })
      .returning({ id: catalogueAttributes.id })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? keyTaken() : error;
      });
    await audit(tx, {
      action: "attribute.created",
      entityType: "attribute",
      entityId: row!.id,
      changes: { key: [null, input.key], name: [null, input.name], kind: [null, input.kind], values: [null, values] },
    });
    return { id: row!.id };
  });
}
