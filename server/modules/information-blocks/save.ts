import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, customInformation, products } from "../../db/schema/index.ts";
import { MAX_RECORD_ID } from "../../lib/record-id.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedBlock, staleBlock } from "./rows.ts";
import { InformationInput, type InformationChange } from "./schemas.ts";

const FIELDS = ["kind", "title", "body", "published", "categoryId", "productId"] as const;

/** Where the block shows, as the table holds it: a category's id, a product's id, or neither (every product). */
async function targetOf(db: Db, input: InformationChange): Promise<{ categoryId: number | null; productId: number | null }> {
  if (input.target === "category") {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, Number(input.categoryId) <= MAX_RECORD_ID ? Number(input.categoryId) : -1));
    if (!row) throw invalidInput("categoryId", "This category no longer exists: choose another.");
    return { categoryId: row.id, productId: null };
  }
  if (input.target === "product") {
    // A record id in range, or none: a larger number would make the database refuse the query.
    const byId = /^\d{1,10}$/.test(input.product) && Number(input.product) <= MAX_RECORD_ID ? Number(input.product) : -1;
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(or(eq(products.slug, input.product.toLowerCase()), eq(products.id, byId)));
    if (!row) throw invalidInput("product", "No product has this address name (the last part of its page's address).");
    return { categoryId: null, productId: row.id };
  }
  return { categoryId: null, productId: null };
}

/**
 * Creates a product information block (at the end of the order) or changes one (issue 26 §3, ADR
 * 76): refused with STALE_VERSION when it changed since the form was read; audited in the same
 * transaction (information.created / information.changed with the fields that changed).
 * `committed` runs once it has committed: product pages show it at the next request.
 */
export async function saveInformation(
  scope: StaffScope,
  raw: unknown,
  committed: () => void,
): Promise<{ id: number; created: boolean; changed: string[] }> {
  const input = parseInput(InformationInput, raw);
  const result = await withTransaction(scope, async (tx) => {
    const values = {
      kind: input.kind,
      title: input.title,
      body: input.body,
      published: input.published,
      ...(await targetOf(tx.db, input)),
    };
    if (input.id === undefined) {
      const [last] = await tx.db
        .select({ next: sql<number>`coalesce(max(${customInformation.position}) + 1, 0)::int` })
        .from(customInformation);
      const [made] = await tx.db
        .insert(customInformation)
        .values({ ...values, position: last?.next ?? 0 })
        .returning({ id: customInformation.id });
      const changes = Object.fromEntries(FIELDS.map((field) => [field, [null, values[field]]])) as Record<
        string,
        [unknown, unknown]
      >;
      await recordAudit(tx, { action: "information.created", entityType: "information", entityId: made!.id, changes });
      return { id: made!.id, created: true, changed: [...FIELDS] as string[] };
    }
    const row = await lockedBlock(tx.db, input.id);
    if (row.updatedAt.toISOString() !== input.version) throw staleBlock(row.updatedAt);
    const changes = diffFields(row, values, FIELDS);
    if (Object.keys(changes).length === 0) return { id: row.id, created: false, changed: [] };
    await tx.db
      .update(customInformation)
      .set({ ...values, updatedAt: sql`greatest(now(), ${customInformation.updatedAt} + interval '1 millisecond')` })
      .where(eq(customInformation.id, row.id));
    await recordAudit(tx, { action: "information.changed", entityType: "information", entityId: row.id, changes });
    return { id: row.id, created: false, changed: Object.keys(changes) };
  });
  if (result.changed.length > 0) afterCommit(scope, committed);
  return result;
}
