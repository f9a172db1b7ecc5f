import { BANK_TRANSFER, CARD } from "../../../server/modules/orders/shared.ts";

/** How to pay: a card on Stripe's page when the shop takes cards (ADR 38), else bank transfer. */
export function PaymentMethods({ cardPayments, chosen }: { cardPayments: boolean; chosen?: string }) {
  return (
    <>
      {/* One group, named for screen readers as the delivery methods are: the radios' own labels do not say what they choose. */}
      <fieldset className="checkout-choices">
        <legend className="sr-only">Payment method</legend>
        {cardPayments && (
          <label className="checkout-choice">
            <input type="radio" name="paymentMethod" value={CARD} defaultChecked={chosen === CARD} />
            <span>
              Card or wallet
              <span className="block text-sm text-grey-600">
                You pay on Stripe&apos;s secure page right after placing the order, then come back here.
              </span>
            </span>
          </label>
        )}
        <label className="checkout-choice">
          <input type="radio" name="paymentMethod" value={BANK_TRANSFER} defaultChecked={chosen !== CARD} />
          <span>
            Bank transfer
            <span className="block text-sm text-grey-600">
              You get our bank details and a reference once the order is placed; we keep your items for you until it is paid.
            </span>
          </span>
        </label>
      </fieldset>
    </>
  );
}
