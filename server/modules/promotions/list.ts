import { asc, count, desc, eq, ilike, and, sql, type SQL } from "drizzle-orm";
import { promoCodes } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { promotionsListInput, type PromotionsListParams } from "./schemas.ts";
import type { PromotionKind, PromotionStatus } from "./shared.ts";
import { statusOf, statusWhere } from "./status.ts";
import { usageByCode, usageOf, type PromotionUsage } from "./usage.ts";

export const PAGE_SIZE = 50;

/** A row of the back office's promo code list. Money in minor units; `value` as stored (basis points or minor units). */
export interface PromotionRow {
  id: number;
  code: string;
  kind: PromotionKind;
  value: number;
  status: PromotionStatus;
  startsAt: string | null;
  endsAt: string | null;
  usedCount: number;
  usageLimit: number | null;
  usage: PromotionUsage;
}

export interface PromotionsPage {
  rows: PromotionRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: PromotionsListParams;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The promo codes (issue 25 §5): searched by the start of the code, filtered by status and kind, sorted, 50 a page. */
export async function promotionsList(scope: Scope, raw: unknown = {}, now = new Date()): Promise<PromotionsPage> {
  const params = parseInput(promotionsListInput, raw);
  const filters: SQL[] = [];
  if (params.q) filters.push(ilike(promoCodes.code, `${likeLiteral(params.q)}%`));
  if (params.status) filters.push(statusWhere(params.status, now));
  if (params.kind) filters.push(eq(promoCodes.kind, params.kind));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const usage = usageByCode(scope.db);
  const by = params.dir === "asc" ? asc : desc;
  // Codes without a date sort after those with one, whichever way.
  const order: Record<PromotionsListParams["sort"], SQL> = {
    created: by(promoCodes.createdAt),
    code: by(promoCodes.code),
    starts: sql`${promoCodes.startsAt} ${sql.raw(params.dir)} nulls last`,
    ends: sql`${promoCodes.endsAt} ${sql.raw(params.dir)} nulls last`,
    uses: by(promoCodes.usedCount),
    revenue: by(sql`coalesce(${usage.revenue}, 0)`),
  };
  const [page, [counted]] = await Promise.all([
    scope.db
      .select({ code: promoCodes, orders: usage.orders, discount: usage.discount, revenue: usage.revenue })
      .from(promoCodes)
      .leftJoin(usage, eq(usage.code, promoCodes.code))
      .where(where)
      .orderBy(order[params.sort], by(promoCodes.id))
      .limit(PAGE_SIZE)
      .offset((params.page - 1) * PAGE_SIZE),
    scope.db.select({ n: count() }).from(promoCodes).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: page.map(({ code, ...used }) => ({
      id: code.id,
      code: code.code,
      kind: code.kind,
      value: code.value,
      status: statusOf(code, now),
      startsAt: code.startsAt?.toISOString() ?? null,
      endsAt: code.endsAt?.toISOString() ?? null,
      usedCount: code.usedCount,
      usageLimit: code.usageLimit,
      usage: usageOf(used),
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
  };
}
