import { sql } from "drizzle-orm";
import { z } from "zod";
import { membershipPlans } from "../../../db/schema/index.ts";
import { updatePlan } from "../../membership/index.ts";
import { field, type CollectionDef } from "../collection.ts";
import { present, tableWriter } from "../write.ts";
import { slug } from "./common.ts";

/** The membership plans (the spec's `memberships`): what a plan costs and what its members get. */
export const membershipsCollection: CollectionDef = {
  apiId: "memberships",
  from: sql`membership_plans`,
  fields: {
    slug: field("string", "slug"),
    name: field("string", "name"),
    description: field("text", "description"),
    price: field("integer", "price"),
    currency: field("string", "currency"),
    months: field("integer", "months"),
    benefits: field("json", "benefits"),
    discountBasisPoints: field("integer", "discount_basis_points"),
    freeDelivery: field("boolean", "free_delivery"),
    earlyAccess: field("boolean", "early_access"),
    position: field("integer", "position"),
    createdAt: field("datetime", "created_at"),
    updatedAt: field("datetime", "updated_at"),
  },
  draftAndPublish: true,
  publishedAt: (row) => sql`${row}.published_at`,
  writeScope: "settings",
  write: planWriter({
    slug,
    name: z.string().trim().min(1).max(80),
    description: z.string().max(2000).optional(),
    price: z.number().int().min(0).max(10_000_00).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "A currency code such as EUR")
      .optional(),
    months: z.number().int().min(1).max(120).nullable().optional(),
    benefits: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
    discountBasisPoints: z.number().int().min(0).max(10_000).optional(),
    freeDelivery: z.boolean().optional(),
    earlyAccess: z.boolean().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  }),
};

/**
 * Plans are created and removed as one table's rows; a change goes through the membership
 * module's one use case, the back office's too (ADR 68). The slug and currency are the API's own.
 */
function planWriter<Shape extends z.ZodRawShape>(shape: Shape) {
  const table = tableWriter(membershipPlans, shape);
  return {
    ...table,
    async update(scope, id, input, publishedAt) {
      const { slug, currency, ...values } = input as Record<string, unknown>;
      if (slug !== undefined || currency !== undefined) await table.update(scope, id, { slug, currency } as never, undefined);
      await updatePlan(scope, id, present(values), publishedAt);
    },
  } satisfies typeof table;
}
