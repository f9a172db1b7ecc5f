import type { OrderSummary } from "../../../server/modules/customers/index.ts";
import { Link } from "~/components/ui/link";
import { calendarDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

const STATUS_LABELS: Record<OrderSummary["status"], string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export function orderStatusLabel(status: OrderSummary["status"]): string {
  return STATUS_LABELS[status];
}

export const orderDate = calendarDate;

/**
 * A moment with its date ("3 Mar 2025, 14:05 UTC"): a deadline that may be days away (a delayed
 * card payment extends how long the items are held). Put together from the date and the time
 * rather than one format with both, whose joining word differs between ICU versions: the server's
 * Node and the browser must render the same text, or hydration fails.
 */
export function orderDateTime(iso: string): string {
  const at = new Date(iso);
  return `${calendarDate(iso)}, ${TIME.format(at)} UTC`;
}

/** SPEC §2's order table: date, status, sub total, view order; an empty state when there are none. */
export function OrderTable({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="orders-empty">
        <p className="text-grey-700">You have not ordered anything yet.</p>
        <Link to="/shop" className="button-primary">
          Start shopping
        </Link>
      </div>
    );
  }
  return (
    <div className="sm:overflow-x-auto">
      <table className="stack-table">
        <caption className="sr-only">Your orders</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Sub total</th>
            <th scope="col">
              <span className="sr-only">View order</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <td data-label="Date" className="cell-nowrap">
                {orderDate(order.createdAt)}
              </td>
              <td data-label="Status">{orderStatusLabel(order.status)}</td>
              <td data-label="Sub total" className="cell-nowrap">
                {formatMoney(order.subtotal, order.currency)}
              </td>
              <td className="cell-action">
                <Link to={`/my-account/order-history/${order.id}/order`} className="text-link">
                  View order<span className="sr-only"> {order.number}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
