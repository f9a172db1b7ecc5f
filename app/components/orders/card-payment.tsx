import { Form } from "react-router";
import { orderDateTime } from "~/components/account/order-table";

/** The order page's forms: make an account (a guest), pay a card order now, or give it up. */
export type OrderIntent = "account" | "pay" | "cancel";

/** A card order still unpaid: pay now, or cancel it (its items go back in the bag); each with its own error. */
export function CardPayment({
  payBy,
  leftPayment,
  payError,
  cancelError,
}: {
  payBy: string | null;
  leftPayment: boolean;
  payError?: string;
  cancelError?: string;
}) {
  return (
    <section aria-labelledby="card-title" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="card-payment">
      <h2 id="card-title" className="font-semibold">
        {leftPayment ? "You left the payment page without paying" : "Your payment is not complete yet"}
      </h2>
      <p className="mt-2">
        {/* The date too: a payment that settles later keeps the items for days. */}
        {payBy ? `We keep your items until ${orderDateTime(payBy)}. ` : ""}
        Pay now, or cancel the order and its items go back in your bag.
      </p>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        {/* Whole page loads: "Pay now" ends on the payment provider's page. */}
        <IntentForm intent="pay" label="Pay now" error={payError} primary />
        <IntentForm intent="cancel" label="Cancel order" error={cancelError} />
      </div>
    </section>
  );
}

export function FormError({ error, id }: { error?: string; id: string }) {
  if (!error) return null;
  return (
    <p role="alert" id={id} className="form-error" data-testid="form-error">
      {error}
    </p>
  );
}

/** One button of the card payment's choices, with its own error beside it. */
function IntentForm({
  intent,
  label,
  error,
  primary = false,
}: {
  intent: OrderIntent;
  label: string;
  error?: string;
  primary?: boolean;
}) {
  const errorId = `${intent}-error`;
  return (
    <Form method="post" reloadDocument className="flex max-w-sm flex-col gap-2">
      <FormError error={error} id={errorId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`${primary ? "button-primary" : "button-secondary"} self-start`}
        aria-describedby={error ? errorId : undefined}
      >
        {label}
      </button>
    </Form>
  );
}
