import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { useFocusOnFailure } from "~/components/account-page";
import { AddressChoice } from "~/components/checkout/address-choice";
import { CheckoutSummary, CheckoutSummaryToggle } from "~/components/checkout/checkout-summary";
import { DeliveryMethods } from "~/components/checkout/delivery-methods";
import { PaymentMethods } from "~/components/checkout/payment-methods";
import { TextField } from "~/components/ui/text-field";
import { whoseBag } from "../../../server/modules/cart/shared.ts";
import { checkoutCountry, checkoutFailure, checkoutSummary, orderAddressInput, pricedForPage } from "~/lib/checkout.server";
import { addressFormatOr, formatAsked } from "~/lib/address-format.server";
import { formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { pageContext } from "../../../server/http/page-context.ts";
import type { PageContext } from "../../../server/context.ts";
import type { Buyer } from "../../../server/modules/checkout/index.ts";

const PATH = "/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), { title: "Checkout", description: "Place your order.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

async function buyerOf(context: PageContext): Promise<Buyer> {
  return { customerId: context.session?.user.id ?? null, bag: whoseBag(context, null, "order"), viewer: await context.viewer() };
}

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { customers, checkout } = context.services;
  const asked = formatAsked(request, customers);
  if (asked) return asked;
  const session = context.session;
  const addresses = session ? await customers.listAddresses(context, session.user.id) : [];
  const saved = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
  const country = saved?.country ?? context.env.defaultCountry;
  const values: Record<string, string> = {
    email: session?.user.email ?? "",
    addressChoice: saved ? `saved:${saved.id}` : "new",
    country,
  };
  const quote = await checkout.quote(context, await buyerOf(context), { country, email: values.email });
  // Nothing to check out: back to the bag, which says so.
  if (quote.lines.length === 0 && !quote.membership) throw redirect("/bag");
  return data({
    kind: "page" as const,
    customer: session !== null,
    addresses,
    countries: customers.countryNames(),
    format: addressFormatOr(customers, country, context.env.defaultCountry),
    values,
    summary: checkoutSummary(quote),
    // Made when the form is rendered: a second click or a resent form places no second order.
    key: crypto.randomUUID(),
    currency: context.env.currency,
    cardPayments: context.services.payments.enabled,
  });
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { customers, checkout, orders } = context.services;
  const fields = await formFields(request);
  const session = context.session;
  const buyer = await buyerOf(context);
  const chosen = await checkoutCountry(context, fields);
  const country = chosen && /^[A-Za-z]{2}$/.test(chosen) ? chosen : context.env.defaultCountry;
  const quoteNow = () =>
    pricedForPage(context, buyer, {
      country,
      deliveryMethod: fields.deliveryMethod || undefined,
      promoCode: fields.promoCode,
      email: fields.email,
    });
  const answer = async (extra: { formError?: string | null; fieldErrors?: Record<string, string> } = {}, status = 200) => {
    const priced = await quoteNow();
    return data(
      {
        kind: "form" as const,
        values: fields,
        summary: priced.summary,
        format: addressFormatOr(customers, fields.country ?? country, context.env.defaultCountry),
        formError: extra.formError ?? null,
        fieldErrors: { ...priced.fieldErrors, ...extra.fieldErrors },
      },
      { status },
    );
  };

  if (fields.intent !== "place") return answer();
  let placedNumber: string;
  let paymentUrl: string | null;
  try {
    const placed = await checkout.placeOrder(
      context,
      buyer,
      {
        email: fields.email,
        ...orderAddressInput(fields, session !== null),
        deliveryMethod: fields.deliveryMethod,
        paymentMethod: fields.paymentMethod,
        promoCode: fields.promoCode,
      },
      { idempotencyKey: fields.key || null, seen: fields.seen ?? "" },
    );
    placedNumber = placed.order.number;
    paymentUrl = placed.paymentUrl;
  } catch (error) {
    const failure = checkoutFailure(error, fields);
    return answer(failure, failure.status);
  }
  // A card order goes on to the provider's payment page (or, if it could not be opened, to its
  // own page, which offers to try again).
  if (paymentUrl) return redirect(paymentUrl, 303);
  return redirect(session ? `/orders/${placedNumber}?placed=1` : `${orders.statusPath(placedNumber)}&placed=1`);
}

type PageData = Extract<Route.ComponentProps["loaderData"], { kind: "page" }>;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind !== "page") return null;
  return <CheckoutForm page={loaderData} answer={actionData ?? null} />;
}

function CheckoutForm({ page, answer }: { page: PageData; answer: Route.ComponentProps["actionData"] | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = answer?.values ?? page.values;
  const summary = answer?.summary ?? page.summary;
  const fieldErrors = answer?.fieldErrors ?? {};
  const update = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusOnFailure(container, answer?.formError || Object.keys(fieldErrors).length > 0 ? answer : null);
  const money = (minor: number) => formatMoney(minor, page.currency);
  // With JavaScript, a change that alters the price (address, delivery) updates the summary at once.
  const reprice = () => update.current?.form?.requestSubmit(update.current);

  return (
    <div className="container-page py-8" ref={container}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      {/* A phone's shopper sees what they are paying for first; wider screens have the summary beside the form. */}
      <CheckoutSummaryToggle summary={summary} currency={page.currency} />
      {answer?.formError && (
        <p role="alert" className="form-error mt-4" data-testid="form-error" tabIndex={-1}>
          {answer.formError}
        </p>
      )}
      <Form method="post" noValidate className="checkout">
        {/* First, so Enter in a field updates the summary: only the button below places the order. */}
        <button type="submit" name="intent" value="quote" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="key" value={page.key} />
        <input type="hidden" name="seen" value={summary.fingerprint} />
        <div className="checkout-steps">
          <section aria-labelledby="checkout-contact" className="checkout-step">
            <h2 id="checkout-contact">Contact</h2>
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              error={fieldErrors.email}
              hint="Your order confirmation goes here."
            />
          </section>

          <AddressChoice
            addresses={page.addresses}
            countries={page.countries}
            format={answer?.format ?? page.format}
            values={values}
            fieldErrors={fieldErrors}
            customer={page.customer}
            needsDelivery={summary.needsDelivery}
            formatPath={PATH}
            onReprice={reprice}
          />

          {/* A membership alone is not delivered: no method to choose (the address sets the VAT country). */}
          <section aria-labelledby="checkout-delivery" className="checkout-step" hidden={!summary.needsDelivery}>
            <h2 id="checkout-delivery">Delivery</h2>
            {summary.needsDelivery && <DeliveryMethods summary={summary} currency={page.currency} onReprice={reprice} />}
            {fieldErrors.deliveryMethod && <p className="field-error">{fieldErrors.deliveryMethod}</p>}
            <button type="submit" name="intent" value="quote" className="button-secondary self-start" ref={update} formNoValidate>
              Update delivery and total
            </button>
          </section>

          <section aria-labelledby="checkout-promo" className="checkout-step">
            <h2 id="checkout-promo">Promo code</h2>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <TextField
                  label="Promo code (optional)"
                  name="promoCode"
                  autoComplete="off"
                  defaultValue={values.promoCode ?? ""}
                  error={fieldErrors.promoCode ?? summary.promoError}
                />
              </div>
              <button type="submit" name="intent" value="quote" className="button-secondary mb-1" formNoValidate>
                Apply
              </button>
            </div>
            {summary.promoCode && !summary.promoError && (
              <p role="status" className="text-sm text-mint-800">
                {summary.promoFreeDelivery
                  ? `${summary.promoCode} makes delivery free.`
                  : `${summary.promoCode} takes ${money(summary.totals.discount)} off.`}
              </p>
            )}
          </section>

          <section aria-labelledby="checkout-payment" className="checkout-step">
            <h2 id="checkout-payment">Payment</h2>
            <PaymentMethods cardPayments={page.cardPayments} chosen={values.paymentMethod} />
          </section>
        </div>

        <CheckoutSummary summary={summary} currency={page.currency}>
          <button
            type="submit"
            name="intent"
            value="place"
            className="button-primary w-full"
            disabled={busy || summary.problems.length > 0}
          >
            {busy && navigation.formData?.get("intent") === "place" ? "Placing your order…" : "Place order"}
          </button>
          <p className="text-xs text-grey-600">By placing the order you agree to pay {money(summary.totals.total)}.</p>
        </CheckoutSummary>
      </Form>
    </div>
  );
}
