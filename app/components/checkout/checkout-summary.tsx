import type { ReactNode } from "react";
import { productImageSources } from "~/lib/media";
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
      <SummaryLines summary={summary} currency={currency} />
      <SummaryTotals summary={summary} currency={currency} testIds />
      {children}
    </aside>
  );
}

/**
 * On a phone, the order at the top of the checkout: a disclosure whose closed row says the total,
 * so it is always in view, and opens on the lines (with their pictures) and the totals. The full
 * summary with the Place order button stays at the form's foot; from 1024 px it is beside the
 * form and this one is not shown.
 */
export function CheckoutSummaryToggle({ summary, currency }: { summary: CheckoutSummaryData; currency: string }) {
  const count = summary.lines.reduce((sum, line) => sum + line.quantity, 0) + (summary.membership ? 1 : 0);
  return (
    <details className="checkout-summary-toggle lg:hidden" data-testid="checkout-summary-toggle">
      <summary>
        <span className="flex flex-col">
          <span className="font-semibold">Order summary</span>
          <span className="text-sm text-grey-600">
            {count === 1 ? "1 item" : `${count} items`}
            <span className="checkout-summary-hint"> · show</span>
          </span>
        </span>
        <span className="text-lg font-bold tabular-nums" data-testid="checkout-toggle-total">
          {formatMoney(summary.totals.total, currency)}
        </span>
      </summary>
      <div className="flex flex-col gap-3 pt-3">
        <SummaryLines summary={summary} currency={currency} />
        <SummaryTotals summary={summary} currency={currency} testIds={false} />
      </div>
    </details>
  );
}

function SummaryLines({ summary, currency }: { summary: CheckoutSummaryData; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <ul className="checkout-lines" aria-label="Items">
      {summary.lines.map((line) => (
        <li key={line.variantId} className="items-center">
          <span className="flex min-w-0 items-center gap-3">
            <span className="relative size-14 shrink-0 overflow-hidden rounded-md bg-grey-100">
              {line.image && (
                <img
                  {...productImageSources(line.image, 160, [96, 160])}
                  sizes="3.5rem"
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-full object-cover"
                />
              )}
              {line.quantity > 1 && (
                <span className="absolute top-0.5 right-0.5 rounded-full bg-grey-900 px-1.5 text-xs font-semibold text-white">
                  {line.quantity}
                </span>
              )}
            </span>
            <span className="min-w-0">
              {line.quantity} × {line.name}
              <span className="block text-xs text-grey-600">
                {line.size}, {line.colour}
              </span>
            </span>
          </span>
          <span className="shrink-0 tabular-nums">{money(line.lineTotal)}</span>
        </li>
      ))}
      {summary.membership && (
        <li data-testid="checkout-membership">
          <span>1 × {summary.membership.name}</span>
          <span>{money(summary.membership.price)}</span>
        </li>
      )}
    </ul>
  );
}

function SummaryTotals({ summary, currency, testIds }: { summary: CheckoutSummaryData; currency: string; testIds: boolean }) {
  const money = (minor: number) => formatMoney(minor, currency);
  const { totals } = summary;
  return (
    <dl className="checkout-totals" data-testid={testIds ? "checkout-totals" : undefined}>
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
        <dd data-testid={testIds ? "checkout-total" : undefined}>{money(totals.total)}</dd>
      </div>
      <div className="text-grey-600">
        <dt>Including VAT ({totals.vatRateBasisPoints / 100} %)</dt>
        <dd>{money(totals.tax)}</dd>
      </div>
    </dl>
  );
}
