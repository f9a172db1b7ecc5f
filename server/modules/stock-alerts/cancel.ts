import { eq } from "drizzle-orm";
import { stockAlerts } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { hashCode, isCodeShaped } from "../accounts/index.ts";
import { unknownCancelLink } from "./errors.ts";
import { optionWords } from "./option.ts";
import { linkTokenInput } from "../mail/index.ts";
import type { OptionWords } from "./words.ts";

export interface Cancelled {
  status: "cancelled";
  /** What the request was for; null when its option has left the shop since. */
  option: OptionWords | null;
}

/**
 * A request's cancel link used (its page's button, or a mail client's one-click POST): the request
 * is deleted, address and all. The token is all the authority needed. A waiting request is never
 * mailed; an answered one (the link of the back-in-stock mail) is forgotten. Used again, or
 * unknown, the link is refused (INVALID_CODE) with words that fit every case.
 */
export async function cancelAlert(scope: Scope, raw: unknown): Promise<Cancelled> {
  const { token } = parseInput(linkTokenInput, raw);
  if (!isCodeShaped(token)) throw unknownCancelLink();
  const [gone] = await scope.db
    .delete(stockAlerts)
    .where(eq(stockAlerts.cancelTokenHash, hashCode(token)))
    .returning({ variantId: stockAlerts.variantId });
  if (!gone) throw unknownCancelLink();
  return { status: "cancelled", option: await optionWords(scope.db, gone.variantId) };
}

export interface AlertOfLink {
  option: OptionWords | null;
  /** False once its back-in-stock mail was written. */
  waiting: boolean;
}

/** What a cancel link names, for its page to ask about before anything changes (GET); null for none. */
export async function alertOfLink(scope: Scope, token: string | null): Promise<AlertOfLink | null> {
  if (!isCodeShaped(token)) return null;
  const [row] = await scope.db
    .select({ variantId: stockAlerts.variantId, notifiedAt: stockAlerts.notifiedAt })
    .from(stockAlerts)
    .where(eq(stockAlerts.cancelTokenHash, hashCode(token)));
  if (!row) return null;
  return { option: await optionWords(scope.db, row.variantId), waiting: row.notifiedAt === null };
}
