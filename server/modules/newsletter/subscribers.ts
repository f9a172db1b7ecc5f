import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { subscribersListInput, type SubscribersListParams } from "./schemas.ts";
import { SUBSCRIBER_STATUSES, SUBSCRIBERS_PAGE_SIZE, type SubscriberStatus } from "./shared.ts";

/*
 * The newsletter's list in the back office (issue 26 §5, ADR 77): who signed up, searched by
 * address, filtered by state, sorted, 50 a page, and how many there are in each state. Read-only.
 */

export interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  /** Where the latest sign-up came from (footer, launch, account, api). */
  source: string;
  signedUpAt: string;
  /** When last confirmed (the consent), or null. */
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** A waiting address whose confirmation link no longer works (expired, or none was sent): it stays waiting until it signs up again. */
  linkExpired: boolean;
}

export interface SubscribersPage {
  rows: SubscriberRow[];
  /** The rows the search and filter match. */
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: SubscribersListParams;
}

/** Raw input as a plain object: a page's URL search params, or a record as it is. */
export function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw instanceof URLSearchParams) return Object.fromEntries(raw);
  return raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
}

/** `%`, `_` and `\` typed in a search are those characters, not LIKE's wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function subscribersWhere(params: SubscribersListParams): SQL | undefined {
  return and(
    params.q ? ilike(newsletterSubscriptions.email, `%${likeLiteral(params.q)}%`) : undefined,
    params.status ? eq(newsletterSubscriptions.status, params.status) : undefined,
  );
}

/** The subscriber list. `raw`: { q?, status?, sort?: signup | email | confirmed, dir?, page? }. */
export async function subscribersList(scope: Scope, raw: unknown = {}, now = new Date()): Promise<SubscribersPage> {
  const params = parseInput(subscribersListInput, paramsOf(raw));
  const where = subscribersWhere(params);
  const by = params.dir === "asc" ? asc : desc;
  const t = newsletterSubscriptions;
  // Never confirmed comes last either way round.
  const order =
    params.sort === "email"
      ? [by(t.email)]
      : params.sort === "confirmed"
        ? [sql`${t.confirmedAt} ${sql.raw(params.dir)} nulls last`]
        : [by(t.createdAt)];
  const [rows, [counted]] = await Promise.all([
    scope.db
      .select()
      .from(t)
      .where(where)
      .orderBy(...order, by(t.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((params.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    scope.db.select({ n: count() }).from(t).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      source: row.source,
      signedUpAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      linkExpired: row.status === "pending" && (row.confirmExpiresAt === null || row.confirmExpiresAt.getTime() <= now.getTime()),
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE)),
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    params,
  };
}

/** How many addresses are in each state now, and in all. */
export async function subscriberTotals(scope: Scope): Promise<Record<SubscriberStatus | "all", number>> {
  const rows = await scope.db
    .select({ status: newsletterSubscriptions.status, n: count() })
    .from(newsletterSubscriptions)
    .groupBy(newsletterSubscriptions.status);
  const totals = { all: 0, ...Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, 0])) } as Record<
    SubscriberStatus | "all",
    number
  >;
  for (const row of rows) {
    totals[row.status] = row.n;
    totals.all += row.n;
  }
  return totals;
}
