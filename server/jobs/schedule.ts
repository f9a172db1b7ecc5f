import type { Database } from "../db/client.ts";
import type { ShopEvents } from "../lib/events.ts";
import { systemScope } from "../lib/scope.ts";
import type { WakeLoop } from "../lib/wake-loop.ts";
import { takeOverClaims } from "../modules/mail/index.ts";
import type { CatalogueImport } from "../modules/catalogue-import/index.ts";
import type { MembershipService } from "../modules/membership/index.ts";
import { expireReservations, type OrderMailShop } from "../modules/orders/index.ts";
import type { Payments } from "../modules/payments/index.ts";
import type { StockAlerts } from "../modules/stock-alerts/index.ts";
import { createRunner, type Runner, type Sweep } from "./runner.ts";

/*
 * The shop's background work, in one list (ADR 48, ADR 54): what runs every minute in every
 * process, and at start. Each sweep is safe to run in several processes at once; the mails a
 * sweep writes wake the mail sender when they commit, as every other use case's do.
 */

const MINUTE = 60_000;

export interface ScheduleDeps {
  database: Database;
  /** What the order mails need of the shop. */
  shop: OrderMailShop;
  mails: WakeLoop;
  payments: Payments;
  membership: MembershipService;
  stockAlerts: StockAlerts;
  catalogueImport: CatalogueImport;
  /** Where stock coming back is heard (from every process, through Redis). */
  events: ShopEvents;
}

/** In the order the runner settles them on stop: the sweeps that write mails before the mail sender. */
export function shopSchedule(deps: ScheduleDeps): Sweep[] {
  const { database, payments, stockAlerts, mails } = deps;
  return [
    {
      // Unpaid orders whose reservation ended; card orders too while the shop takes no cards
      // (otherwise the card sweep asks their provider first).
      name: "reservations",
      every: MINUTE,
      run: (now) =>
        expireReservations(database.db, { ...deps.shop, mailsWritten: mails.wake }, now, { cardOrders: !payments.enabled }),
    },
    {
      // Card payment pages that ended unseen, and refunds the provider did not take.
      name: "card payments",
      every: MINUTE,
      run: (now) => payments.sweep(systemScope(database.db), now),
    },
    { name: "membership reminders", every: MINUTE, run: (now) => deps.membership.remind(now) },
    {
      // Import jobs whose process ended (a restart) are marked failed, never left running (ADR 72);
      // on the embedded database this process is the only one, so at start all of them are.
      name: "catalogue imports",
      every: MINUTE,
      run: (now) => deps.catalogueImport.sweepInterrupted(database.db, now, { onlyProcess: database.kind === "pglite" }),
      settled: deps.catalogueImport.settled,
    },
    {
      // Back-in-stock requests: every minute, and as soon as stock comes back here or in another process.
      name: "back in stock",
      every: MINUTE,
      run: () => stockAlerts.wake(),
      listen: () => stockAlerts.wakeOnStockBack(deps.events),
      settled: stockAlerts.settled,
    },
    // Mails due again after a failure (those written by a change are sent when it commits).
    { name: "mails", every: MINUTE, run: () => mails.wake(), settled: mails.settled },
  ];
}

/** The runner of the shop's schedule (the server process starts it; shutdown stops it). */
export function createBackgroundWork(deps: ScheduleDeps & { onError: (error: unknown, task: string) => void }): Runner {
  return createRunner(shopSchedule(deps), {
    onError: deps.onError,
    // On the embedded database this is the only process: mails a crashed run had claimed go now.
    beforeFirstRun: deps.database.kind === "pglite" ? () => takeOverClaims(deps.database.db) : undefined,
  });
}
