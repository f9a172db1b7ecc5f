import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { membershipPlans, type MembershipPlan } from "../../db/schema/index.ts";
import { readAmount } from "../../lib/money.ts";
import { percentToBasisPoints } from "../../lib/percent.ts";
import { recordIdInput } from "../../lib/record-id.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { diffFields, isStaffScope, recordAudit, type StaffScope } from "../audit/index.ts";

/*
 * The owner changes a membership plan (issue 25 §5, ADR 68): its price, length, benefits, the
 * member discount it gives, free delivery, early access, its order, and whether it is on sale
 * (published). One use case for the back office's form and the content API's PUT /memberships
 * (ADR 39's shape stays there): both write through updatePlan, which moves the plan's version and,
 * for staff, writes the audit entry in the same transaction.
 *
 * A price change never alters a purchase: an order keeps the plan's price and months it was
 * placed with (its line and orders.membership_months), and a membership runs on its own dates.
 * What gives member prices: the plan's discount on every product, unless an option has its own
 * member price (set in the product editor), which then wins.
 */

/** The plan's columns a change may set (the content API's fields by the same names). */
export interface PlanValues {
  name?: string;
  description?: string;
  price?: number;
  months?: number | null;
  benefits?: string[];
  discountBasisPoints?: number;
  freeDelivery?: boolean;
  earlyAccess?: boolean;
  position?: number;
}

const PLAN_FIELDS = [
  "name",
  "description",
  "price",
  "months",
  "benefits",
  "discountBasisPoints",
  "freeDelivery",
  "earlyAccess",
  "position",
  "publishedAt",
] as const;

export const versionOfPlan = (plan: Pick<MembershipPlan, "updatedAt">) => plan.updatedAt.toISOString();

/**
 * Writes `values` (and `publishedAt` unless undefined: null takes the plan off sale) to the plan,
 * in the scope's transaction; the plan read and locked first. Audited as membership-plan.changed
 * when a staff member makes the change.
 */
export async function updatePlan(
  scope: Scope,
  id: number,
  values: PlanValues,
  publishedAt: Date | null | undefined,
  version?: string,
): Promise<void> {
  await withTransaction(scope, async (tx) => {
    const [plan] = await tx.db.select().from(membershipPlans).where(eq(membershipPlans.id, id)).for("update");
    if (!plan) throw new ShopError("PLAN_NOT_FOUND", "There is no such plan.");
    if (version !== undefined && versionOfPlan(plan) !== version)
      throw new ShopError("STALE_VERSION", `The plan ${plan.name} changed since the page was read.`, {
        details: { changedAt: plan.updatedAt.toISOString() },
      });
    const next = { ...values, ...(publishedAt === undefined ? {} : { publishedAt }) };
    await tx.db
      .update(membershipPlans)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(membershipPlans.id, id));
    if (isStaffScope(tx)) {
      const changes = diffFields(plan, next, PLAN_FIELDS);
      // On sale or not, rather than the moment it went on sale.
      if (changes.publishedAt) changes.publishedAt = [plan.publishedAt !== null, next.publishedAt !== null];
      if (changes.publishedAt && changes.publishedAt[0] === changes.publishedAt[1]) delete changes.publishedAt;
      await recordAudit(tx, { action: "membership-plan.changed", entityType: "membership_plan", entityId: plan.id, changes });
    }
  });
}

const blank = (value: unknown) => (value === "" ? undefined : value);
const ticked = z.preprocess((value) => value === "on" || value === "true", z.boolean());

/** The most a plan may cost, in the currency's main unit. */
const MAX_PLAN_PRICE = 10_000;

/** The back office's plan form, every field as text; the price is read in the shop's `currency` (ADR 74). */
export const planForm = (currency: string) =>
  z.object({
    planId: recordIdInput("There is no such plan."),
    version: z.string({ error: "The form is missing its version: reload the page." }).max(40),
    name: z.string().trim().min(1, "Give the plan a name.").max(80, "At most 80 characters."),
    description: z.string().trim().max(2000, "At most 2,000 characters.").default(""),
    /** 0 is a free plan. */
    price: z.string().transform((text, ctx) => {
      const read = readAmount(text, currency, MAX_PLAN_PRICE);
      if (!read.ok) {
        ctx.addIssue({ code: "custom", message: read.message });
        return z.NEVER;
      }
      return read.minor;
    }),
    /** Empty: the plan never ends. */
    months: z.preprocess(
      blank,
      z.coerce
        .number({ error: "Give the months as a whole number, or leave it empty." })
        .int("Give the months as a whole number.")
        .min(1, "Give 1 to 120 months, or leave it empty.")
        .max(120, "Give 1 to 120 months, or leave it empty.")
        .nullable()
        .default(null),
    ),
    /** One benefit a line. */
    benefits: z
      .string()
      .max(5000)
      .default("")
      .transform((text) =>
        text
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== ""),
      )
      .pipe(z.array(z.string().max(200, "Each benefit may have at most 200 characters.")).max(20, "At most 20 benefits.")),
    /** The member discount as a percentage ("10", "12.5"). */
    discountPercent: z.string().transform((text, ctx) => {
      const points = percentToBasisPoints(text.trim() || "0");
      if (points === null) {
        ctx.addIssue({ code: "custom", message: "Give the discount as a percentage from 0 to 100." });
        return z.NEVER;
      }
      return points;
    }),
    freeDelivery: ticked,
    earlyAccess: ticked,
    onSale: ticked,
    position: z.preprocess(
      blank,
      z.coerce.number({ error: "Give the order as a whole number." }).int().min(0).max(10_000).default(0),
    ),
  });

/** The back office saves a plan's form: refused when the plan changed since the page was read. */
export async function changePlanByStaff(scope: StaffScope, currency: string, raw: unknown): Promise<void> {
  const { planId, version, discountPercent, onSale, ...values } = parseInput(planForm(currency), raw);
  await updatePlan(scope, planId, { ...values, discountBasisPoints: discountPercent }, onSale ? new Date() : null, version);
}

/** Every plan, on sale or not, in the owner's order: the back office's plans page. */
export async function plansForStaff(db: Db): Promise<(MembershipPlan & { version: string; members: number })[]> {
  const plans = await db
    .select({
      plan: membershipPlans,
      members: sql<number>`(select count(*)::int from memberships m where m.plan_id = ${membershipPlans.id} and m.active)`,
    })
    .from(membershipPlans)
    .orderBy(asc(membershipPlans.position), asc(membershipPlans.price), asc(membershipPlans.id));
  return plans.map(({ plan, members }) => ({ ...plan, version: versionOfPlan(plan), members }));
}
