import type { Scope } from "../../lib/scope.ts";
import { auditList } from "./audit-list.ts";
import { customerDetail } from "./customer-detail.ts";
import { customersList } from "./customers-list.ts";
import { dashboard } from "./dashboard.ts";
import { orderVersion } from "../orders/index.ts";
import { orderDetail } from "./order-detail.ts";
import { ordersCsv } from "./orders-csv.ts";
import { ordersList } from "./orders-list.ts";

export type { AuditPage, AuditRow } from "./audit-list.ts";
export type { CustomerDetail, MembershipRow } from "./customer-detail.ts";
export type { CustomerRow, CustomersPage } from "./customers-list.ts";
export type {
  AwaitingTransfer,
  Dashboard,
  DayRevenue,
  PaymentAttention,
  PeriodFigures,
  Queue,
  QueuedOrder,
  StockOption,
  WantedOption,
} from "./dashboard.ts";
export type { OrderDetail } from "./order-detail.ts";
export type { OrderRow, OrdersPage } from "./orders-list.ts";
export type { AuditListParams, CustomersListParams, DashboardParams, OrdersListParams } from "./schemas.ts";
export { CSV_COLUMNS, guardCell } from "./orders-csv.ts";
export { allowedActions } from "./order-detail.ts";
export { auditList, customerDetail, customersList, dashboard, orderDetail, ordersCsv, ordersList };
export * from "./shared.ts";

export interface BackOfficeDeps {
  /** The shop's currency: the dashboard sums orders in it. */
  currency: string;
  /** Whether card payments can be refunded now (the payment provider is set up): the order page offers card refunds only then. */
  cardPayments: boolean;
}

/**
 * The back office's reads (issue 24 §3-§6, ADR 60): the dashboard, the order list, page and CSV,
 * the customer list and page, the audit log. Read-only; each takes the request's scope first and
 * parses its raw input (a page's URL search params) with one schema of the module. The writes
 * are the other modules' use cases.
 */
export function createBackOffice(deps: BackOfficeDeps) {
  return {
    /** `raw`: { lowStockBelow?: 5, queueSize?: 10 }. */
    dashboard: (scope: Scope, raw: unknown = {}, now = new Date()) => dashboard(scope, deps.currency, now, raw),
    ordersList: (scope: Scope, raw: unknown = {}) => ordersList(scope, raw),
    orderDetail: (scope: Scope, number: unknown) => orderDetail(scope, number, { cardPayments: deps.cardPayments }),
    /** The order's current version (null: no such order), for an action's stale check (409). */
    orderVersion: (scope: Scope, number: string) => orderVersion(scope.db, number),
    ordersCsv: (scope: Scope, raw: unknown = {}) => ordersCsv(scope, raw),
    customersList: (scope: Scope, raw: unknown = {}) => customersList(scope, raw),
    customerDetail: (scope: Scope, id: unknown) => customerDetail(scope, id),
    auditList: (scope: Scope, raw: unknown = {}) => auditList(scope, raw),
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
