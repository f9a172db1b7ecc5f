import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { categories, promoCodes, promoCodeTargets, type PromoCode } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { everUsed, notFound, productsNamed, versionOf } from "./detail.ts";
import { promotionId, promotionInput, versionInput, type PromotionInput } from "./schemas.ts";

/*
 * The back office's changes to promo codes (issue 25 §5, ADR 67): create, edit, pause and resume,
 * delete one no order used. Each runs in one transaction with its audit entry; an edit, pause or
 * delete names the version its page read, and is refused (STALE_VERSION, 409) when the code
 * changed since. Checkout reads the code afresh for every bag, so a change applies at once.
 */

const target = { id: promotionId, version: versionInput };
const editInput = (currency: string) => z.object(target).and(promotionInput(currency));
const pauseInput = z.object({ ...target, active: z.preprocess((v) => v === true || v === "true", z.boolean()) });
const deleteInput = z.object(target);

const fieldError = (field: string, message: string) => new ShopError("INVALID_INPUT", message, { field });

/** The fields of a code an edit sets, as the audit entry compares them. */
const FIELDS = ["code", "kind", "value", "minimumSpend", "startsAt", "endsAt", "usageLimit", "oncePerCustomer"] as const;

/** The row's values of a form, and its targets' ids (unknown slugs, SKUs or categories refused by field). */
async function valuesOf(db: Db, input: PromotionInput) {
  const named = await productsNamed(db, input.products);
  if (named.unknown.length > 0) {
    throw fieldError("products", `No product has the slug or SKU ${named.unknown.slice(0, 5).join(", ")}.`);
  }
  const known =
    input.categories.length === 0
      ? []
      : await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categories));
  if (known.length !== new Set(input.categories).size) throw fieldError("categories", "Choose categories from the list.");
  return {
    row: {
      code: input.code,
      kind: input.kind,
      value: input.value,
      minimumSpend: input.minimumSpend,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      usageLimit: input.usageLimit ?? null,
      oncePerCustomer: input.oncePerCustomer,
    },
    productIds: named.ids,
    categoryIds: [...new Set(input.categories)],
  };
}

async function codeTaken(db: Db, code: string, exceptId?: number): Promise<void> {
  const [other] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
  if (other && other.id !== exceptId) throw fieldError("code", `There is a code ${code} already: choose another.`);
}

async function setTargets(db: Db, promoCodeId: number, productIds: number[], categoryIds: number[]) {
  await db.delete(promoCodeTargets).where(eq(promoCodeTargets.promoCodeId, promoCodeId));
  const rows = [
    ...productIds.map((productId) => ({ promoCodeId, productId })),
    ...categoryIds.map((categoryId) => ({ promoCodeId, categoryId })),
  ];
  if (rows.length > 0) await db.insert(promoCodeTargets).values(rows);
}

const targetsOf = async (db: Db, promoCodeId: number) => {
  const rows = await db.select().from(promoCodeTargets).where(eq(promoCodeTargets.promoCodeId, promoCodeId));
  return {
    products: rows.flatMap((r) => (r.productId !== null ? [r.productId] : [])).sort((a, b) => a - b),
    categories: rows.flatMap((r) => (r.categoryId !== null ? [r.categoryId] : [])).sort((a, b) => a - b),
  };
};

const auditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Creates a code, active; answers its id. */
export async function createPromotion(scope: StaffScope, currency: string, raw: unknown): Promise<number> {
  const input = parseInput(promotionInput(currency), raw);
  return withTransaction(scope, async (tx) => {
    const { row, productIds, categoryIds } = await valuesOf(tx.db, input);
    await codeTaken(tx.db, row.code);
    const [created] = await tx.db.insert(promoCodes).values(row).onConflictDoNothing().returning();
    // Another code of that name made at the same moment.
    if (!created) throw fieldError("code", `There is a code ${row.code} already: choose another.`);
    await setTargets(tx.db, created.id, productIds, categoryIds);
    await recordAudit(tx, {
      action: "promotion.created",
      entityType: "promotion",
      entityId: created.id,
      changes: {
        ...Object.fromEntries(FIELDS.map((field) => [field, [null, auditValue(row[field])]])),
        products: [null, productIds],
        categories: [null, categoryIds],
      },
    });
    return created.id;
  });
}

/** The code locked for a change, when still at the version the page read. */
async function lockedAt(db: Db, id: number, version: string): Promise<PromoCode> {
  const [code] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  if (!code) throw notFound();
  if (versionOf(code) !== version) {
    throw new ShopError("STALE_VERSION", `The code ${code.code} changed since the page was read.`, {
      details: { changedAt: code.updatedAt.toISOString() },
    });
  }
  return code;
}

/**
 * Edits a code. A code an order used keeps its text (orders record it, and its usage is read by
 * it); its limit cannot go below the uses taken.
 */
export async function updatePromotion(scope: StaffScope, currency: string, raw: unknown): Promise<void> {
  const input = parseInput(editInput(currency), raw);
  await withTransaction(scope, async (tx) => {
    const before = await lockedAt(tx.db, input.id, input.version);
    const { row, productIds, categoryIds } = await valuesOf(tx.db, input);
    if (row.code !== before.code) {
      if (await everUsed(tx.db, before)) {
        throw fieldError("code", "Orders used this code, so it keeps its name: make a new code instead.");
      }
      await codeTaken(tx.db, row.code, before.id);
    }
    if (row.usageLimit !== null && row.usageLimit < before.usedCount) {
      throw fieldError("usageLimit", `The code was used ${before.usedCount} times already: allow at least that many.`);
    }
    const targetsBefore = await targetsOf(tx.db, before.id);
    await tx.db
      .update(promoCodes)
      .set({ ...row, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, before.id));
    await setTargets(tx.db, before.id, productIds, categoryIds);
    await recordAudit(tx, {
      action: "promotion.updated",
      entityType: "promotion",
      entityId: before.id,
      changes: {
        ...Object.fromEntries(FIELDS.map((field) => [field, [auditValue(before[field]), auditValue(row[field])]])),
        products: [targetsBefore.products, [...productIds].sort((a, b) => a - b)],
        categories: [targetsBefore.categories, [...categoryIds].sort((a, b) => a - b)],
      },
    });
  });
}

/** Pauses (active false: checkout refuses it, saying so) or resumes a code. */
export async function setPromotionActive(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(pauseInput, raw);
  await withTransaction(scope, async (tx) => {
    const before = await lockedAt(tx.db, input.id, input.version);
    if (before.active === input.active) return;
    await tx.db
      .update(promoCodes)
      .set({ active: input.active, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, before.id));
    await recordAudit(tx, {
      action: input.active ? "promotion.resumed" : "promotion.paused",
      entityType: "promotion",
      entityId: before.id,
      changes: { active: [before.active, input.active] },
    });
  });
}

/** Deletes a code no order ever used; one that was used is kept for its orders' sake (pause it). */
export async function deletePromotion(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(deleteInput, raw);
  await withTransaction(scope, async (tx) => {
    const before = await lockedAt(tx.db, input.id, input.version);
    if (await everUsed(tx.db, before)) {
      throw new ShopError("ENTRY_IN_USE", `Orders used ${before.code}, so it stays for their sake: pause it instead.`);
    }
    await tx.db.delete(promoCodes).where(eq(promoCodes.id, before.id));
    await recordAudit(tx, {
      action: "promotion.deleted",
      entityType: "promotion",
      entityId: before.id,
      changes: { code: [before.code, null] },
    });
  });
}
