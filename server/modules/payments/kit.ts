import type { Order } from "../../db/schema/index.ts";
import { afterCommit, type Scope } from "../../lib/scope.ts";
import type { BagRef, ItemToAdd } from "../cart/index.ts";
import type { Viewer } from "../catalog/index.ts";
import type { OrderMailShop, StaffOperations } from "../orders/index.ts";
import type { PaymentProvider } from "./provider.ts";

export interface PaymentsDeps {
  /** The card payment provider; null when the shop takes bank transfers only. */
  provider: PaymentProvider | null;
  siteName: string;
  /** How long an async payment (a bank debit that settles later) keeps the order's stock, in days. */
  reservationDays: number;
  /** How long a payment page stays open (minutes; Stripe asks for at least 30). */
  checkoutMinutes: number;
  /** The order's status page, with its access token (the provider sends the shopper back there). */
  orderLink: (number: string) => string;
  money: (minor: number, currency: string) => string;
  staff: StaffOperations;
  /** The buyer's bag: a given-up card order's items go back in it, at the buyer's prices and early access. */
  bags: {
    addLines: (
      scope: Scope,
      bag: BagRef,
      items: readonly ItemToAdd[],
      viewer?: Viewer,
    ) => Promise<{ added: number; missed: string[] }>;
  };
  mailsWritten?: () => void;
}

/** What every use case of the module is handed first: its settings, the provider and a few words. */
export interface PaymentsKit {
  deps: PaymentsDeps;
  provider: PaymentProvider | null;
  /** What the order mails need of the shop. */
  shop: OrderMailShop;
  /** An amount in the order's currency, as the mails and history notes write it. */
  money: (minor: number, order: Pick<Order, "currency">) => string;
  /** The scope's transaction wrote mails: they go out once it commits. */
  written: (scope: Scope) => void;
}

export function createKit(deps: PaymentsDeps): PaymentsKit {
  return {
    deps,
    provider: deps.provider,
    shop: { siteName: deps.siteName, orderLink: deps.orderLink },
    money: (minor, order) => deps.money(minor, order.currency),
    written: (scope) => {
      if (deps.mailsWritten) afterCommit(scope, deps.mailsWritten);
    },
  };
}
