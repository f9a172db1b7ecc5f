import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { unpaidLimit } from "./errors.ts";
import { UNPAID_UNITS } from "./limits.ts";

/** Whom an order's held stock counts against (ADR 50). */
export interface Holder {
  /** The client address it is placed from (addressKey). */
  address: string;
  /** The mailbox of its e-mail address (mailboxKey). */
  mailbox: string;
  customerId: number | null;
}

/** A lock id for `name` (64 bits of its SHA-256): one per holder, so holders wait only for themselves. */
function lockId(name: string): bigint {
  return createHash("sha256").update(`holding:${name}`).digest().readBigInt64BE(0);
}

/**
 * Refuses an order of `units` of goods when the unpaid orders of its holder would then hold more
 * than they may at once: per buyer (the mailbox; and the account, for a customer) and per client
 * address (UNPAID_UNITS). Runs inside the order's transaction, after the bag's lock and before any
 * stock is taken: it first takes a transaction lock per holder, in one order, so that ten orders
 * at once from one address queue here and each counts the ones committed before it (the lock and
 * the count are two statements: one statement's snapshot would predate the wait).
 */
export async function assertMayHold(db: Db, holder: Holder, units: number): Promise<void> {
  const names = [`address:${holder.address}`, `mailbox:${holder.mailbox}`];
  if (holder.customerId !== null) names.push(`customer:${holder.customerId}`);
  const ids = names.map(lockId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await db.execute(
    sql`select ${sql.join(
      ids.map((id) => sql`pg_advisory_xact_lock(${id.toString()}::bigint)`),
      sql`, `,
    )}`,
  );
  const [held] = await queryRows<{
    address: number;
    mailbox: number;
    customer: number;
    firstFree: number | null;
  }>(
    db,
    sql`select coalesce(sum(l.quantity) filter (where o.placed_from = ${holder.address}), 0)::int as address,
               coalesce(sum(l.quantity) filter (where o.mailbox = ${holder.mailbox}), 0)::int as mailbox,
               coalesce(sum(l.quantity) filter (where o.user_id = ${holder.customerId}), 0)::int as customer,
               ceil(extract(epoch from min(o.reserved_until) - now()))::int as "firstFree"
        from orders o join order_lines l on l.order_id = o.id
        where o.status = 'awaiting_payment' and l.variant_id is not null
          and (o.placed_from = ${holder.address} or o.mailbox = ${holder.mailbox}
               ${holder.customerId !== null ? sql`or o.user_id = ${holder.customerId}` : sql``})`,
  );
  const buyer = Math.max(held?.mailbox ?? 0, held?.customer ?? 0);
  const address = held?.address ?? 0;
  // Until the earliest of them stops holding its stock, should nothing be paid (at least a minute).
  const wait = Math.max(60, held?.firstFree ?? 60);
  if (buyer + units > UNPAID_UNITS.perBuyer) throw unpaidLimit("buyer", buyer, UNPAID_UNITS.perBuyer, wait);
  if (address + units > UNPAID_UNITS.perAddress) throw unpaidLimit("address", address, UNPAID_UNITS.perAddress, wait);
}
