import { and, desc, eq, like } from "drizzle-orm";
import { z } from "zod";
import { mailJobs } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { lockOrder } from "./transitions.ts";

/*
 * What staff add to an order besides moving it (issue 24 §4): an internal note, which the customer
 * never sees (kept as an audit entry of the order: append-only, with who wrote it and when), and
 * the order's last mail sent again (to the order's address, as it was written).
 */

export const internalNoteInput = z.object({
  note: z.string().trim().min(1, "Write the note.").max(2000, "Keep the note under 2,000 characters."),
});

export async function addInternalNote(scope: StaffScope, number: unknown, raw: unknown): Promise<void> {
  const { note } = parseInput(internalNoteInput, raw);
  await withTransaction(scope, async (tx) => {
    const order = await lockOrder(tx.db, number);
    await recordAudit(tx, { action: "order.note", entityType: "order", entityId: order.number, changes: { note: [null, note] } });
  });
}

/** The order's newest mail, written again to be sent; audited. ORDER_NOT_FOUND, or INVALID_INPUT when it has none. */
export async function resendLastMail(
  scope: StaffScope,
  number: unknown,
  mailsWritten?: () => void,
): Promise<{ subject: string }> {
  return withTransaction(scope, async (tx) => {
    const order = await lockOrder(tx.db, number);
    // The mails to the order's address that name its number as a whole word (KS-100001, not KS-1000010).
    const mails = await tx.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.to, order.email), like(mailJobs.subject, `%${order.number}%`)))
      .orderBy(desc(mailJobs.id))
      .limit(50);
    const named = new RegExp(`(^|[^\\w-])${order.number}($|[^\\w-])`);
    const last = mails.find((mail) => named.test(mail.subject));
    if (!last) throw new ShopError("INVALID_INPUT", `No mail was written for order ${order.number}.`);
    await enqueueMail(tx.db, {
      to: last.to,
      subject: last.subject,
      text: last.text,
      html: last.html,
      headers: last.headers ?? undefined,
    });
    await recordAudit(tx, {
      action: "order.mail_resent",
      entityType: "order",
      entityId: order.number,
      changes: { mail: [null, last.subject] },
    });
    if (mailsWritten) afterCommit(tx, mailsWritten);
    return { subject: last.subject };
  });
}
