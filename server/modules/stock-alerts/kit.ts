import type { Db } from "../../db/client.ts";
import { afterCommit, type Scope } from "../../lib/scope.ts";
import { rateLimit, type RateLimitRule, type RateLimitStore } from "../rate-limit/index.ts";

/*
 * What every use case of the back-in-stock requests shares (ADR 47): the settings, the rate
 * limits, the links the mails carry and the wake-up of the mail runner. Built once by
 * createStockAlerts; each use case file takes it first.
 */

export interface StockAlertsDeps {
  /** The process's database: the sweep runs its own transactions on it. */
  db: Db;
  siteName: string;
  publicUrl: string;
  rateLimits: RateLimitStore;
  /** Wakes the mail outbox's runner once mails written in a transaction have committed. */
  mailsWritten?: () => void;
  /** A sweep that failed when woken (it is tried again by the next wake, or within a minute). */
  onBackgroundError?: (error: unknown) => void;
}

const MINUTE = 60_000;

/**
 * Requests from one connection: beyond this, 429 (a script filling in addresses). New requests
 * for one mailbox (mailboxKey: `+tags`, and Gmail's dots, make no new one): each mails a
 * confirmation, so beyond this nobody can flood a mailbox through the form (a customer asking for
 * a few sizes stays far below it). Confirmations from the whole shop: a ceiling for a flood spread
 * over many mailboxes and connections, far above what shoppers ask for (ADR 47).
 */
export const STOCK_ALERT_RULES = {
  fromVisitor: { name: "stock-alert-from", limit: 10, windowMs: 15 * MINUTE },
  toMailbox: { name: "stock-alert-to", limit: 5, windowMs: 60 * MINUTE },
  confirmations: { name: "stock-alert-all", limit: 500, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** The one id the shop-wide count of confirmations is kept under. */
export const ALL_CONFIRMATIONS = "shop";

/** Where a mail sends the shopper: the product page, opened on the option asked about. */
export interface OptionPlace {
  variantId: number;
  productSlug: string;
  categorySlug: string;
}

export type StockAlertsKit = ReturnType<typeof createKit>;

export function createKit(deps: StockAlertsDeps) {
  const wake = () => deps.mailsWritten?.();
  return {
    deps,
    limits: {
      fromVisitor: rateLimit(deps.rateLimits, STOCK_ALERT_RULES.fromVisitor),
      toMailbox: rateLimit(deps.rateLimits, STOCK_ALERT_RULES.toMailbox),
      confirmations: rateLimit(deps.rateLimits, STOCK_ALERT_RULES.confirmations),
    },
    cancelLink: (token: string) => `${deps.publicUrl}/back-in-stock/cancel?token=${encodeURIComponent(token)}`,
    productLink: (place: OptionPlace) =>
      `${deps.publicUrl}/shop/${encodeURIComponent(place.categorySlug)}/${encodeURIComponent(place.productSlug)}?variant=${place.variantId}`,
    /** The outbox is sent once the scope's transaction commits. */
    mailsWritten(scope: Scope) {
      afterCommit(scope, wake);
    },
  };
}
