import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { customerAsRead } from "./customer-as-read.ts";

/*
 * What staff do to a customer's account from the back office (issue 24 §5): block or unblock its
 * login, and end its sessions. Each is audited in its own transaction; a form read before another
 * change to the account is refused (STALE_VERSION) rather than undo that change unseen.
 */

const customerAction = z.object({
  userId: recordIdInput("No such customer."),
  /** The account's updatedAt as the form read it (ISO). */
  version: z.string().optional(),
});
export const blockInput = customerAction.extend({ blocked: z.enum(["true", "false"]).transform((value) => value === "true") });

/** Blocks (or unblocks) the account's login; blocking ends its sessions at once (authenticate refuses a blocked account). */
export async function setBlocked(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(blockInput, raw);
  await withTransaction(scope, async (tx) => {
    const user = await customerAsRead(tx.db, input);
    if (user.blocked === input.blocked) return;
    await tx.db.update(users).set({ blocked: input.blocked, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (input.blocked) await endOpenSessions(tx.db, user.id);
    await recordAudit(tx, {
      action: input.blocked ? "customer.blocked" : "customer.unblocked",
      entityType: "customer",
      entityId: user.id,
      changes: { blocked: [user.blocked, input.blocked] },
    });
  });
}

/** Ends every open session of a customer's account (a lost phone, a shared computer); audited. */
export async function endCustomerSessions(scope: StaffScope, raw: unknown): Promise<number> {
  const input = parseInput(customerAction, raw);
  return withTransaction(scope, async (tx) => {
    await customerAsRead(tx.db, input);
    const ended = await endOpenSessions(tx.db, input.userId);
    await recordAudit(tx, {
      action: "customer.sessions_ended",
      entityType: "customer",
      entityId: input.userId,
      changes: { sessions: [ended, 0] },
    });
    return ended;
  });
}

async function endOpenSessions(db: StaffScope["db"], userId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return ended.length;
}
