import type { Db } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { BankDetails } from "../orders/index.ts";
import { auditList } from "./audit-list.ts";
import { customerDetail } from "./customer-detail.ts";
import { customersList } from "./customers-list.ts";
import { dashboard } from "./dashboard.ts";
import { demandList } from "./demand.ts";
import { orderVersion } from "../orders/index.ts";
import { orderDetail } from "./order-detail.ts";
import { ordersCsv } from "./orders-csv.ts";
import { ordersList } from "./orders-list.ts";
import { productsCsv } from "./products-csv.ts";
import { productsList } from "./products-list.ts";
import { invoice } from "./invoice.ts";
import { packingSlips } from "./packing-slips.ts";
import { shipOrders, type ShipOne } from "./ship-orders.ts";
import { LOW_STOCK_DEFAULT } from "../stock/index.ts";
import type { Seller } from "./shared.ts";

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
export type { DemandPage, DemandProduct } from "./demand.ts";
export type { WantedOptionRow, WantedProductRow } from "./wanted.ts";
export type { Invoice, NoInvoice } from "./invoice.ts";
export type { OrderDetail } from "./order-detail.ts";
export type { OrderRow, OrdersPage } from "./orders-list.ts";
export type { ProductChoices, ProductRow, ProductsPage } from "./products-list.ts";
export { PRODUCTS_CSV_COLUMNS } from "./products-csv.ts";
export { matchingProductIds } from "./products-list.ts";
export { paramsOf, productsListInput } from "./schemas.ts";
export type { PackingSlip, PackingSlips } from "./packing-slips.ts";
export type { ShipOne, ShippedBatch } from "./ship-orders.ts";
export type {
  AuditListParams,
  CustomersListParams,
  DashboardParams,
  DemandParams,
  OrdersListParams,
  ProductsListParams,
} from "./schemas.ts";
export { CSV_COLUMNS, guardCell } from "./orders-csv.ts";
export { allowedActions } from "./order-detail.ts";
export { auditList, customerDetail, customersList, dashboard, demandList, orderDetail, ordersCsv, ordersList, productsList };
export * from "./shared.ts";

export interface BackOfficeDeps {
  /** The shop's currency: the dashboard sums orders in it. */
  currency: string;
  /** The shop's own address: the products CSV gives absolute image addresses (relative without it). */
  publicUrl?: string;
  /** Whether card payments can be refunded now (the payment provider is set up): the order page offers card refunds only then. */
  cardPayments: boolean;
  /** The shop's low-stock setting now (ADR 68, ADR 74); LOW_STOCK_DEFAULT without one. */
  lowStockAt?: (db: Db) => Promise<number>;
}

/**
 * The back office's reads (issue 24 §3-§6, ADR 60): the dashboard, the order list, page and CSV,
 * the customer list and page, the audit log; the product list (issue 25 §1); back-in-stock demand
 * (issue 26 §5). Read-only; each takes the request's scope first and parses its raw input (a
 * page's URL search params) with one schema of the module. The writes are the other modules' use
 * cases.
 */
export function createBackOffice(deps: BackOfficeDeps) {
  const lowStock = async (scope: Scope) => (deps.lowStockAt ? deps.lowStockAt(scope.db) : LOW_STOCK_DEFAULT);
  return {
    /** `raw`: { queueSize?: 10 }. */
    dashboard: async (scope: Scope, raw: unknown = {}, now = new Date()) =>
      dashboard(scope, deps.currency, now, raw, await lowStock(scope)),
    ordersList: (scope: Scope, raw: unknown = {}) => ordersList(scope, raw),
    orderDetail: (scope: Scope, number: unknown) => orderDetail(scope, number, { cardPayments: deps.cardPayments }),
    /** The order's current version (null: no such order), for an action's stale check (409). */
    orderVersion: (scope: Scope, number: string) => orderVersion(scope.db, number),
    ordersCsv: (scope: Scope, raw: unknown = {}) => ordersCsv(scope, raw),
    customersList: (scope: Scope, raw: unknown = {}) => customersList(scope, raw),
    /** Back-in-stock demand by product and option (ADR 77). `raw`: { sort?: wanted | oldest, dir?, page? }. */
    demand: (scope: Scope, raw: unknown = {}) => demandList(scope, raw),
    customerDetail: (scope: Scope, id: unknown) => customerDetail(scope, id),
    auditList: (scope: Scope, raw: unknown = {}) => auditList(scope, raw),
    /** `raw`: { q?, category?, brand?, status?, access?, stock?, sort?, dir?, page? } (productsListInput). */
    productsList: async (scope: Scope, raw: unknown = {}) => productsList(scope, raw, new Date(), await lowStock(scope)),
    /** The products the list's filters name, one CSV row per option (the import's columns). */
    productsCsv: (scope: Scope, raw: unknown = {}) =>
      productsCsv(scope, raw, { publicUrl: deps.publicUrl, currency: deps.currency, lowStockAt: () => lowStock(scope) }),
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;

export interface DispatchDeps {
  /** Who sells, as the documents print it now (the shop's settings, ADR 68). */
  seller: (db: Db) => Promise<Seller>;
  /** Where a pro forma invoice paid by bank transfer is paid now. */
  bank: (db: Db) => Promise<BankDetails>;
  /** As for the order page (the invoice reads the order as that page does). */
  cardPayments: boolean;
  /** The orders module's ship use case, which the batch runs once per order. */
  ship: ShipOne;
}

/**
 * The back office's dispatch desk (issue 24 §4, ADR 62): packing slips and invoices to print, and
 * marking a batch of orders shipped. Its one write adds no rule: it runs the orders module's ship
 * use case for each order chosen.
 */
export function createDispatch(deps: DispatchDeps) {
  return {
    /** `raw`: { number: one or several order numbers } (or the order list's all-on-this-page form). */
    packingSlips: async (scope: Scope, raw: unknown) => packingSlips(scope, raw, await deps.seller(scope.db)),
    /** The order's invoice, its pro forma while unpaid, or why it has none (cancelled unpaid). */
    invoice: async (scope: Scope, number: unknown) =>
      invoice(scope, number, {
        cardPayments: deps.cardPayments,
        seller: await deps.seller(scope.db),
        bank: await deps.bank(scope.db),
      }),
    /** `raw`: { number, carrier, trackingUrl? } as the order list's form sends them. */
    shipOrders: (scope: StaffScope, raw: unknown) => shipOrders(scope, raw, deps.ship),
  };
}

export type Dispatch = ReturnType<typeof createDispatch>;
