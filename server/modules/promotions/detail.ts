import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, orders, products, promoCodes, promoCodeTargets, variants, type PromoCode } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { promotionId } from "./schemas.ts";
import type { PromotionKind, PromotionStatus } from "./shared.ts";
import { statusOf } from "./status.ts";
import { usageByCode, usageOf, type PromotionUsage } from "./usage.ts";

/** A promo code as its editor shows it. Money in minor units; moments as ISO text (UTC). */
export interface PromotionDetail {
  id: number;
  code: string;
  kind: PromotionKind;
  /** Basis points (percent), minor units (amount), 0 (free delivery). */
  value: number;
  minimumSpend: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  oncePerCustomer: boolean;
  active: boolean;
  status: PromotionStatus;
  /** The version a form carries back (ADR 63): updatedAt as ISO text. */
  version: string;
  categoryIds: number[];
  /** The targeted products by slug, with a name to show. */
  products: { id: number; slug: string; name: string }[];
  usage: PromotionUsage;
  /** No order ever took it: it may be deleted, and its code changed. */
  unused: boolean;
}

/** A category as the editor's checkboxes list it: sub-categories under their parent. */
export interface CategoryChoice {
  id: number;
  name: string;
  parentId: number | null;
}

export const notFound = () => new ShopError("ENTRY_NOT_FOUND", "No such promo code.");

export const versionOf = (code: Pick<PromoCode, "updatedAt">) => code.updatedAt.toISOString();

/** Whether an order ever used the code: its use count, or an order recording it (a use given back still names it). */
export async function everUsed(db: Db, code: PromoCode): Promise<boolean> {
  if (code.usedCount > 0) return true;
  const [one] = await db.select({ id: orders.id }).from(orders).where(eq(orders.promoCode, code.code)).limit(1);
  return one !== undefined;
}

export async function promotionDetail(scope: Scope, rawId: unknown, now = new Date()): Promise<PromotionDetail> {
  const id = parseInput(promotionId, rawId);
  const [code] = await scope.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!code) throw notFound();
  const usage = usageByCode(scope.db);
  const [[used], targets] = await Promise.all([
    scope.db
      .select({ orders: usage.orders, discount: usage.discount, revenue: usage.revenue })
      .from(usage)
      .where(eq(usage.code, code.code)),
    scope.db.select().from(promoCodeTargets).where(eq(promoCodeTargets.promoCodeId, id)),
  ]);
  const productIds = targets.flatMap((t) => (t.productId !== null ? [t.productId] : []));
  const named =
    productIds.length === 0
      ? []
      : await scope.db
          .select({ id: products.id, slug: products.slug, name: products.name })
          .from(products)
          .where(inArray(products.id, productIds))
          .orderBy(asc(products.slug));
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    minimumSpend: code.minimumSpend,
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    usageLimit: code.usageLimit,
    usedCount: code.usedCount,
    oncePerCustomer: code.oncePerCustomer,
    active: code.active,
    status: statusOf(code, now),
    version: versionOf(code),
    categoryIds: targets.flatMap((t) => (t.categoryId !== null ? [t.categoryId] : [])),
    products: named,
    usage: usageOf(used ?? { orders: 0, discount: "0", revenue: "0" }),
    unused: !(await everUsed(scope.db, code)),
  };
}

/** Every category, parents before their sub-categories, for the editor's targets. */
export async function categoryChoices(scope: Scope): Promise<CategoryChoice[]> {
  const rows = await scope.db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId, position: categories.position })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const top = rows.filter((row) => row.parentId === null);
  return top
    .flatMap((parent) => [parent, ...rows.filter((row) => row.parentId === parent.id)])
    .map(({ id, name, parentId }) => ({ id, name, parentId }));
}

/** The products named by slug or SKU; the names that match none are returned to be shown. */
export async function productsNamed(db: Db, names: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
  if (names.length === 0) return { ids: [], unknown: [] };
  const lower = names.map((name) => name.toLowerCase());
  const [bySlug, bySku] = await Promise.all([
    db.select({ id: products.id, key: products.slug }).from(products).where(inArray(products.slug, lower)),
    db
      .select({ id: variants.productId, key: variants.sku })
      .from(variants)
      .where(inArray(sql`lower(${variants.sku})`, lower)),
  ]);
  const found = new Map<string, number>();
  for (const row of [...bySlug, ...bySku]) found.set(row.key.toLowerCase(), row.id);
  return {
    ids: [...new Set(lower.flatMap((name) => (found.has(name) ? [found.get(name)!] : [])))],
    unknown: names.filter((name) => !found.has(name.toLowerCase())),
  };
}
