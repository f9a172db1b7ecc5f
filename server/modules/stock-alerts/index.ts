import type { ShopEvents } from "../../lib/events.ts";
import { createWakeLoop } from "../../lib/wake-loop.ts";
import type { Scope } from "../../lib/scope.ts";
import { alertOfLink, cancelAlert } from "./cancel.ts";
import { createKit, type StockAlertsDeps } from "./kit.ts";
import { notifyDue } from "./notify.ts";
import { requestAlert, type Asker } from "./request.ts";

export { STOCK_ALERT_RULES, type StockAlertsDeps } from "./kit.ts";
export { NOTIFY_BATCH } from "./notify.ts";
export { optionName, type OptionWords } from "./words.ts";
export type { AlertOfLink, Cancelled } from "./cancel.ts";
export type { Asker, RequestAnswer } from "./request.ts";

/** How long a wake waits before the sweep runs. */
const WAKE_DELAY_MS = 200;

/**
 * Back-in-stock requests (issue 13 §1, ADR 47): a shopper asks to be mailed when a sold-out option
 * returns; one mail, then the request ends; its cancel link stops it at any time. Use cases take
 * the request's scope first and parse raw input with the module's schemas. Mails go through the
 * mail outbox: the confirmation in the request's transaction, the notices by a claimed sweep over
 * the waiting requests (notifyDue), run every minute and soon after stock comes back.
 */
export function createStockAlerts(deps: StockAlertsDeps) {
  const kit = createKit(deps);
  const sweep = (now = new Date()) => notifyDue(kit, deps.db, now);
  // A wake sweeps shortly: a burst of stock coming back (a batch of cancellations) is one sweep.
  // A failed sweep is reported and left for the next wake (the background schedule's, every minute).
  const sweeper = createWakeLoop(
    async () => {
      await sweep();
      return null;
    },
    { delayMs: WAKE_DELAY_MS, onError: deps.onBackgroundError },
  );
  return {
    request: (scope: Scope, raw: unknown, asker: Asker) => requestAlert(kit, scope, raw, asker),
    cancel: (scope: Scope, raw: unknown) => cancelAlert(scope, raw),
    /** What a cancel link names, without changing anything (the link's page). */
    ofLink: (scope: Scope, token: string | null) => alertOfLink(scope, token),
    /** The sweep, now: mails every waiting request whose option is back; answers how many. */
    notifyDue: sweep,
    /** Sweeps shortly, once for a burst of wakes; a failure goes to onBackgroundError. */
    wake: sweeper.wake,
    /**
     * Wakes the sweep whenever an option comes back in stock ("stock-back", told after the commit
     * by every process when events travel through Redis; their sweeps share the work). Answers
     * how to stop listening.
     */
    wakeOnStockBack(events: ShopEvents): () => void {
      const told = events.subscribe("stock-back");
      void (async () => {
        for await (const _ of told) sweeper.wake();
      })().catch((error: unknown) => deps.onBackgroundError?.(error));
      return () => void told.return();
    },
    /** Resolves once no sweep is due or running in this process (tests, shutdown). */
    settled: sweeper.settled,
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
