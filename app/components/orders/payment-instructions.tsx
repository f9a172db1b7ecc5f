import { orderDate } from "~/components/account/order-table";
import { formatMoney } from "~/lib/money";
import type { OrderView } from "../../../server/modules/orders/index.ts";
import { CopyValue } from "./copy-value";

/**
 * How to pay an order awaiting a bank transfer: the first thing its page shows, with the IBAN and
 * the reference ready to copy into a banking app. Nothing when the order waits for no transfer.
 */
export function PaymentInstructions({ order }: { order: OrderView }) {
  const transfer = order.payment.transfer;
  if (!transfer) return null;
  return (
    <section aria-labelledby="pay-title" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="bank-details">
      <h2 id="pay-title" className="font-semibold">
        What happens next: please pay by bank transfer
      </h2>
      <dl className="payment-facts mt-3">
        <div>
          <dt>Amount</dt>
          <dd className="font-semibold">{formatMoney(order.totals.total, order.currency)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{transfer.accountHolder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd>
            <CopyValue value={transfer.iban} label="IBAN" />
          </dd>
        </div>
        <div>
          <dt>BIC</dt>
          <dd>{transfer.bic}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>
            <CopyValue value={transfer.reference} label="reference" testId="payment-reference" />
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm">
        Quote the reference, so we know the payment is for this order.
        {transfer.payBy && ` We keep your items until ${orderDate(transfer.payBy)} and send them as soon as the payment arrives.`}
      </p>
    </section>
  );
}
