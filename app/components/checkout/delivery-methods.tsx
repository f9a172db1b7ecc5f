import type { CheckoutSummaryData } from "~/lib/checkout";
import { formatMoney } from "~/lib/money";

/** The delivery methods to the address's country, each with its days and price; said when there is none. */
export function DeliveryMethods({
  summary,
  currency,
  onReprice,
}: {
  summary: CheckoutSummaryData;
  currency: string;
  /** Prices the summary again for the method chosen. */
  onReprice: () => void;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return summary.methods.length === 0 ? (
    <p className="field-error" data-testid="no-delivery">
      Sorry, we do not deliver to this country yet.
    </p>
  ) : (
    <fieldset className="checkout-choices">
      <legend className="sr-only">Delivery method</legend>
      {summary.methods.map((method) => (
        <label key={method.id} className="checkout-choice">
          <input
            type="radio"
            name="deliveryMethod"
            value={method.id}
            defaultChecked={method.id === summary.methodId}
            onChange={onReprice}
          />
          <span className="flex-1">
            {method.name}
            <span className="block text-sm text-grey-600">
              {method.minDays === method.maxDays
                ? `${method.minDays} working day${method.minDays === 1 ? "" : "s"}`
                : `${method.minDays} to ${method.maxDays} working days`}
              {method.freeFrom !== null && method.price > 0 && ` · free from ${money(method.freeFrom)}`}
            </span>
          </span>
          <span className="font-medium">{method.price === 0 ? "Free" : money(method.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}
