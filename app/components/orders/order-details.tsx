import { PostalAddress } from "~/components/account/postal-address";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import type { OrderView } from "../../../server/modules/orders/index.ts";
import { PaymentInstructions } from "./payment-instructions";

/**
 * An order as its buyer reads it, on the order status page and in the account area: how to pay
 * while it waits for a transfer, the items, the totals with the VAT they include, the address,
 * and its history with the parcel's tracking link once it is on its way.
 */
export function OrderDetails({
  order,
  payLink = false,
  transferShown = false,
}: {
  order: OrderView;
  payLink?: boolean;
  /** The page shows how to pay already, first of all (the order status page): not again here. */
  transferShown?: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const address = order.shippingAddress;
  return (
    <>
      {payLink && order.payment.card && (
        <p className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="card-payment-link">
          This order is waiting for your card payment.{" "}
          <Link to={`/orders/${order.number}`} className="text-link">
            Pay or cancel it
          </Link>
        </p>
      )}
      {!transferShown && <PaymentInstructions order={order} />}

      <section aria-labelledby="items-title">
        <h2 id="items-title" className="font-semibold">
          Items
        </h2>
        <table className="stack-table">
          <caption className="sr-only">Items in this order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={i}>
                <td className="cell-lead">
                  {line.name}
                  <span className="block text-grey-600">{[line.size, line.colour].filter(Boolean).join(", ")}</span>
                </td>
                <td data-label="Quantity">{line.quantity}</td>
                <td data-label="Price" className="cell-nowrap">
                  {money(line.unitPrice)}
                </td>
                <td data-label="Total" className="cell-nowrap">
                  {money(line.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="account-facts mt-3" data-testid="order-totals">
          <dt>Items</dt>
          <dd>{money(order.totals.subtotal)}</dd>
          {order.totals.memberSavings > 0 && (
            <>
              <dt>Member prices saved you</dt>
              <dd className="price-sale" data-testid="order-member-savings">
                {money(order.totals.memberSavings)}
              </dd>
            </>
          )}
          {order.totals.discount > 0 && (
            <>
              <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ""}</dt>
              <dd>−{money(order.totals.discount)}</dd>
            </>
          )}
          {/* An order of a membership alone is not delivered (ADR 42). */}
          {(order.deliveryMethod.id !== null || order.totals.delivery > 0) && (
            <>
              <dt>{order.deliveryMethod.name ?? "Delivery"}</dt>
              {/* A code that took nothing off the items made the delivery free (checkout refuses a code that saves nothing). */}
              <dd>
                {order.totals.delivery > 0
                  ? money(order.totals.delivery)
                  : order.promoCode && order.totals.discount === 0
                    ? `Free (${order.promoCode})`
                    : "Free"}
              </dd>
            </>
          )}
          <dt>Total</dt>
          <dd className="font-semibold">{money(order.totals.total)}</dd>
          <dt>Including VAT ({order.totals.vatRate} %)</dt>
          <dd>{money(order.totals.tax)}</dd>
        </dl>
      </section>

      {address && (
        <section aria-labelledby="address-title">
          <h2 id="address-title" className="font-semibold">
            Delivery address
          </h2>
          <PostalAddress address={address} />
        </section>
      )}

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="font-semibold">
          History
        </h2>
        <ol className="text-sm" data-testid="order-history">
          {order.history.map((event, i) => (
            <li key={i}>
              {orderDate(event.at)}: {orderStatusLabel(event.status)}
              {event.note ? ` (${event.note})` : ""}
            </li>
          ))}
        </ol>
        {order.trackingUrl && (
          <p>
            <a href={order.trackingUrl} className="text-link" rel="noreferrer">
              Track your parcel{order.carrier ? ` with ${order.carrier}` : ""}
            </a>
          </p>
        )}
      </section>
    </>
  );
}
