import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockAlerts } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { hashCode, newCode } from "../accounts/index.ts";
import type { Viewer } from "../catalog/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { addressKey, mailboxKey } from "../rate-limit/index.ts";
import { optionInStock, optionNotFound, tooManyForAddress, tooManyForShop, tooManyFromVisitor } from "./errors.ts";
import { ALL_CONFIRMATIONS, type StockAlertsKit } from "./kit.ts";
import { requestConfirmationMail } from "./mails.ts";
import { sellableOption, type OptionFacts } from "./option.ts";
import { requestInput } from "./schemas.ts";
import type { OptionWords } from "./words.ts";

/** Who asks: a logged-in customer asks for their account's address, whatever was typed. */
export interface Asker {
  customer: { id: number; email: string } | null;
  /** What the shop shows them (members-only products to members with early access, ADR 41). */
  viewer: Pick<Viewer, "earlyAccess">;
}

export interface RequestAnswer {
  /**
   * `already-waiting`: a customer's address was on the list for this option before, and nothing
   * was sent. A guest is never told so (whoever types an address may not own it): their answer is
   * `waiting` either way, and only a new request mails a confirmation.
   */
  status: "waiting" | "already-waiting";
  email: string;
  variantId: number;
  option: OptionWords;
}

/**
 * A shopper asks to be mailed when a sold-out option is back (ADR 47): only for an option the shop
 * sells them that is sold out now. The request waits with the address (the account's, for a
 * customer) and a confirmation mail with its cancel link goes out in the same transaction. Asking
 * again while the request waits sends nothing. Refused (429): too many requests from one
 * connection, too many new ones for one mailbox (its spellings counted as one, mailboxKey), or
 * too many confirmations from the whole shop this hour. A request that then mails nothing (it
 * was already there, the option came back meanwhile, the transaction failed) is not counted
 * against the mailbox or the shop.
 */
export async function requestAlert(kit: StockAlertsKit, scope: Scope, raw: unknown, asker: Asker): Promise<RequestAnswer> {
  const fields = raw !== null && typeof raw === "object" ? raw : {};
  const { email, variantId } = parseInput(requestInput, asker.customer ? { ...fields, email: asker.customer.email } : fields);
  const from = await kit.limits.fromVisitor.hit(addressKey(scope.visitor.ip));
  if (from.limited) throw tooManyFromVisitor(from.retryAfterSeconds);
  const answer = (option: OptionWords, isNew: boolean): RequestAnswer => ({
    status: isNew || !asker.customer ? "waiting" : "already-waiting",
    email,
    variantId,
    option: wordsOf(option),
  });

  const seen = await soldOutOption(scope.db, variantId, asker.viewer);
  // Counted before anything else, whether or not the address already waits, so the answer and
  // the refusals are the same either way (a guest learns nothing of who waits). Outside the
  // transaction (the store is not the database's); given back below when nothing is mailed.
  const { toMailbox, confirmations } = kit.limits;
  const mailbox = mailboxKey(email);
  const to = await toMailbox.hit(mailbox);
  if (to.limited) throw tooManyForAddress(to.retryAfterSeconds);
  let mailed = false;
  let counted = false;
  try {
    const all = await confirmations.hit(ALL_CONFIRMATIONS);
    counted = true;
    // Only confirmations sent count toward the shop's ceiling: a flood refused there does not
    // keep it shut, nor does it count against the mailbox it named.
    if (all.limited) throw tooManyForShop(all.retryAfterSeconds);
    if (await isWaiting(scope.db, variantId, email)) return answer(seen, false);
    return await withTransaction(scope, async (tx) => {
      // Checked again with the option's row share-locked: stock given back from now on waits for
      // this request's commit, and the sweep it wakes then mails it; stock given back before
      // this shows here.
      const option = await soldOutOption(tx.db, variantId, asker.viewer, { lock: true });
      const token = newCode();
      const [made] = await tx.db
        .insert(stockAlerts)
        .values({ variantId, email, userId: asker.customer?.id ?? null, cancelTokenHash: hashCode(token) })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      // The same request at the same moment (a double click): the other one mailed.
      if (!made) return answer(option, false);
      const { siteName } = kit.deps;
      await enqueueMail(
        tx.db,
        requestConfirmationMail({
          siteName,
          to: email,
          option,
          productLink: kit.productLink(option),
          cancelLink: kit.cancelLink(token),
        }),
      );
      kit.mailsWritten(tx);
      mailed = true;
      return answer(option, true);
    });
  } catch (error) {
    mailed = false;
    throw error;
  } finally {
    if (!mailed) {
      await Promise.all([toMailbox.release(mailbox), counted ? confirmations.release(ALL_CONFIRMATIONS) : null]);
    }
  }
}

/** The option, when the shop sells it to `viewer` and it is sold out; refused otherwise. */
async function soldOutOption(
  db: Db,
  variantId: number,
  viewer: Pick<Viewer, "earlyAccess">,
  options: { lock?: boolean } = {},
): Promise<OptionFacts> {
  const option = await sellableOption(db, variantId, viewer, options);
  if (!option) throw optionNotFound();
  if (option.stock > 0) throw optionInStock(option.stock);
  return option;
}

async function isWaiting(db: Db, variantId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)))
    .limit(1);
  return row !== undefined;
}

const wordsOf = ({ productName, size, colour }: OptionWords): OptionWords => ({ productName, size, colour });
