import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import type { CheckoutSummaryData } from "~/lib/checkout";

/** The order's summary beside the checkout form: the lines, and items, discount, delivery, VAT, total. */
export function CheckoutSummary({
  summary,
  currency,
  children,
}: {
  summary: CheckoutSummaryData;
  currency: string;
  children: ReactNode;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const { totals } = summary;
  return (
    <aside className="bag-summary checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="font-semibold">
        Your order
      </h2>
      {summary.problems.length > 0 && (
        <ul role="alert" className="bag-line-problem flex flex-col gap-1" data-testid="checkout-problems">
          {summary.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <ul className="checkout-lines" aria-label="Items">
        {summary.lines.map((line) => (
          <li key={line.variantId}>
            <span>
              {line.quantity} × {line.name}
              <span className="block text-xs text-grey-600">
                {line.size}, {line.colour}
              </span>
            </span>
            <span>{money(line.lineTotal)}</span>
          </li>
        ))}
        {summary.membership && (
          <li data-testid="checkout-membership">
            <span>1 × {summary.membership.name}</span>
            <span>{money(summary.membership.price)}</span>
          </li>
        )}
      </ul>
      <dl data-testid="checkout-totals">
        <div>
          <dt>Items</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div>
            <dt>Discount{summary.promoCode ? ` (${summary.promoCode})` : ""}</dt>
            <dd className="price-sale">−{money(totals.discount)}</dd>
          </div>
        )}
        {summary.needsDelivery && (
          <div>
            <dt>Delivery</dt>
            <dd>
              {summary.methodId === null
                ? "—"
                : totals.delivery === 0
                  ? summary.promoFreeDelivery
                    ? `Free (${summary.promoCode})`
                    : "Free"
                  : money(totals.delivery)}
            </dd>
          </div>
        )}
        <div className="bag-subtotal">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{money(totals.total)}</dd>
        </div>
        <div className="text-grey-600">
          <dt>Including VAT ({totals.vatRateBasisPoints / 100} %)</dt>
          <dd>{money(totals.tax)}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
