import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { lockMember } from "./activate.ts";
import { inForce } from "./status.ts";

/** What stopping did: a paid membership runs to its end; a free one (no end) ends now. */
export type Stopped = { ended: "now" } | { ended: "at-end"; until: string };

/**
 * Cancels the membership's renewal (SPEC §3: cancelling stops the renewal). A paid membership
 * keeps its benefits until the end of what was paid for; a free one, which never ends, ends now.
 */
export function stopMembership(scope: Scope, userId: number): Promise<Stopped> {
  return withTransaction(scope, async ({ db }) => {
    await lockMember(db, userId);
    const [current] = await queryRows<{ id: number; until: string | null }>(
      db,
      sql`select m.id, ${isoUtc(sql`m.ends_at`)} as until
          from memberships m where m.user_id = ${userId} and ${inForce(sql`m`)} for update`,
    );
    if (!current) throw new ShopError("NOT_A_MEMBER", "You have no membership to cancel.");
    if (current.until === null) {
      await db.execute(sql`update memberships set active = false, renews = false, ends_at = now() where id = ${current.id}`);
      return { ended: "now" };
    }
    await db.execute(sql`update memberships set renews = false where id = ${current.id}`);
    return { ended: "at-end", until: current.until };
  });
}

/** Takes back a cancellation while the paid membership still runs: it is offered for renewal again. */
export function resumeMembership(scope: Scope, userId: number): Promise<void> {
  return withTransaction(scope, async ({ db }) => {
    await lockMember(db, userId);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update memberships m set renews = true
          where m.user_id = ${userId} and ${inForce(sql`m`)} and m.ends_at is not null returning m.id`,
    );
    if (rows.length === 0) throw new ShopError("NOT_A_MEMBER", "You have no membership to renew.");
  });
}
