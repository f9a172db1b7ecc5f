import type { Db } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { alertOfLink, cancelAlert } from "./cancel.ts";
import { createKit, type StockAlertsDeps } from "./kit.ts";
import { notifyBackInStock } from "./notify.ts";
import { requestAlert, type Asker } from "./request.ts";

export { STOCK_ALERT_RULES, type StockAlertsDeps } from "./kit.ts";
export { optionName, type OptionWords } from "./words.ts";
export type { AlertOfLink, Cancelled } from "./cancel.ts";
export type { Asker, RequestAnswer } from "./request.ts";

/**
 * Back-in-stock requests (issue 13 §1, ADR 47): a shopper asks to be mailed when a sold-out option
 * returns; one mail, then the request ends; its cancel link stops it at any time. Use cases take
 * the request's scope first and parse raw input with the module's schemas. Mails go through the
 * mail outbox, written in the change's transaction.
 */
export function createStockAlerts(deps: StockAlertsDeps) {
  const kit = createKit(deps);
  return {
    request: (scope: Scope, raw: unknown, asker: Asker) => requestAlert(kit, scope, raw, asker),
    cancel: (scope: Scope, raw: unknown) => cancelAlert(scope, raw),
    /** What a cancel link names, without changing anything (the link's page). */
    ofLink: (scope: Scope, token: string | null) => alertOfLink(scope, token),
    /**
     * The orders module's stock-back listener (orders/release.ts onStockBack): runs inside the
     * transaction that gave the stock back.
     */
    notify: (db: Db, variantIds: readonly number[]) => notifyBackInStock(kit, db, variantIds).then(() => undefined),
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
