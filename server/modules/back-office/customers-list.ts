import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { membershipPlans, memberships, newsletterSubscriptions, orders, users } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { SALE_STATUSES } from "./order-facts.ts";
import { customersListInput, paramsOf, type CustomersListParams } from "./schemas.ts";
import { PAGE_SIZE } from "./shared.ts";

/** A row of the back office's customer list. Money in minor units of the shop's currency. */
export interface CustomerRow {
  id: number;
  username: string;
  email: string;
  name: string | null;
  joinedAt: string;
  /** Orders placed with the account, whatever became of them. */
  orders: number;
  /** What the account's paid orders that stand took, less refunds (the dashboard's revenue rule). */
  spent: number;
  /** The membership in force; null: none. */
  membership: { plan: string; active: boolean; endsAt: string | null } | null;
  /** The account's address on the newsletter's list: pending, confirmed or unsubscribed; null: never signed up. */
  newsletter: (typeof newsletterSubscriptions.$inferSelect)["status"] | null;
  blocked: boolean;
  /** Its personal data was erased (ADR 61): an empty shell holding the orders the books keep. */
  erased: boolean;
}

export interface CustomersPage {
  rows: CustomerRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: CustomersListParams;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customer accounts (role customer; staff are on /admin/staff) whose e-mail address, user name,
 * first name, last name or full name starts with `q`, any case.
 */
function customersWhere(q: string | undefined): SQL {
  const customers = eq(users.role, "customer");
  if (!q) return customers;
  const start = `${likeLiteral(q)}%`;
  return and(
    customers,
    or(
      ilike(users.email, start),
      ilike(users.username, start),
      ilike(users.firstName, start),
      ilike(users.lastName, start),
      sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${start}`,
    ),
  )!;
}

/** What accounts spent and how many orders they placed: those of `ids`, or of everyone (a subquery to sort by). */
const spending = (scope: Scope, ids?: number[]) =>
  scope.db
    .select({
      userId: orders.userId,
      orders: count().as("orders"),
      spent:
        sql<string>`coalesce(sum(${orders.total} - ${orders.refunded}) filter (where ${inArray(orders.status, SALE_STATUSES)}), 0)`.as(
          "spent",
        ),
    })
    .from(orders)
    .where(ids ? inArray(orders.userId, ids) : undefined)
    .groupBy(orders.userId);

/** The back office's customer list (issue 24 §5): searched, sorted by joined or spent, 50 a page. */
export async function customersList(scope: Scope, raw: unknown = {}): Promise<CustomersPage> {
  const params = parseInput(customersListInput, paramsOf(raw));
  const where = customersWhere(params.q);
  const by = params.dir === "asc" ? asc : desc;
  // Sorted by what they spent, everyone's spending is summed to sort by; otherwise only the page's.
  const query = scope.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      blocked: users.blocked,
      erasedAt: users.erasedAt,
      plan: membershipPlans.name,
      active: memberships.active,
      endsAt: memberships.endsAt,
      newsletter: newsletterSubscriptions.status,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.active, true)))
    .leftJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .leftJoin(newsletterSubscriptions, eq(newsletterSubscriptions.email, users.email))
    .where(where)
    .$dynamic();
  if (params.sort === "spent") {
    const all = spending(scope).as("spending");
    query.leftJoin(all, eq(all.userId, users.id)).orderBy(by(sql`coalesce(${all.spent}, 0)`), by(users.id));
  } else query.orderBy(by(users.createdAt), by(users.id));
  const [page, [counted]] = await Promise.all([
    query.limit(PAGE_SIZE).offset((params.page - 1) * PAGE_SIZE),
    scope.db.select({ n: count() }).from(users).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const spent = new Map(
    (ids.length > 0 ? await spending(scope, ids) : []).map((row) => [
      row.userId,
      { orders: row.orders, spent: Number(row.spent) },
    ]),
  );
  const rows = page.map((row) => ({ ...row, ...(spent.get(row.id) ?? { orders: 0, spent: 0 }) }));
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
      joinedAt: row.createdAt.toISOString(),
      orders: Number(row.orders ?? 0),
      spent: Number(row.spent ?? 0),
      membership:
        row.plan !== null ? { plan: row.plan, active: row.active ?? false, endsAt: row.endsAt?.toISOString() ?? null } : null,
      newsletter: row.newsletter,
      blocked: row.blocked,
      erased: row.erasedAt !== null,
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
  };
}
