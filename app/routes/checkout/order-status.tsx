import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/order-status";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { OrderDetails } from "~/components/orders/order-details";
import { Link } from "~/components/ui/link";
import { bagRefOf } from "~/lib/auth.server";
import { BAG_NOTICE_COOKIE, BAG_PATH } from "~/lib/bag";
import { flashCookie } from "~/lib/flash";
import { formFailure, formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { asShopError } from "../../../server/lib/shop-error.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import type { PageContext } from "../../../server/context.ts";

/*
 * An order's status page (ADR 37, 38): the confirmation after checkout, where a guest's link
 * leads, and where the card payment page sends the shopper back. Its customer sees it by their
 * session; anyone else needs the link's token; otherwise 404. A card order still waiting for its
 * payment can be paid from here, or given up (its items go back in the bag).
 */

/** How often the page looks again while the provider confirms a payment (no JavaScript needed). */
const CONFIRMING_REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(siteFrom(matches), {
    title: data ? `Order ${data.order.number}` : "Order",
    description: "Your order.",
    path: data ? `/orders/${data.order.number}` : "/orders",
  }),
  { name: "robots", content: "noindex" },
  ...(data?.confirming ? [{ httpEquiv: "refresh", content: String(CONFIRMING_REFRESH_SECONDS) }] : []),
];

// One buyer's order, and its address may carry a token: not cached, never sent to another site as
// a referrer. "same-origin", not "no-referrer": with no referrer at all, browsers send the Pay now
// and Cancel order forms' Origin as "null", and the origin check of form posts would refuse them.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

async function visibleOrder(context: PageContext, request: Request, number: string | undefined) {
  try {
    return await context.services.orders.visibleOrder(context, number, {
      customerId: context.session?.user.id ?? null,
      token: new URL(request.url).searchParams.get("token"),
    });
  } catch (error) {
    // Another's order, an unknown number or a wrong token: 404 alike (formFailure throws it).
    throw formFailure(error, {});
  }
}

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const order = await visibleOrder(context, request, params.number);
  const url = new URL(request.url);
  const payment = url.searchParams.get("payment");
  const awaitingCard = order.payment.card !== null;
  return {
    order,
    placed: url.searchParams.get("placed") === "1" || payment === "done",
    // Back from the payment page having paid: the provider's word (its webhook) is on its way.
    confirming: awaitingCard && payment === "done",
    leftPayment: awaitingCard && payment === "cancelled",
    // A guest (by the link's token) may make an account for the order's address with one click.
    guest: context.session === null,
  };
}

/** "Pay now" (to the card payment page) and "Cancel order" (the payment given up) for a card order still unpaid. */
export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const order = await visibleOrder(context, request, params.number);
  const { intent } = await formFields(request);
  const { payments, accounts } = context.services;
  try {
    if (intent === "account" && context.session === null) {
      const { username } = await accounts.accountFromOrder(context, { email: order.email });
      return data({ formError: null, accountMade: username });
    }
    if (intent === "pay") return redirect(await payments.payPage(context, order.number), 303);
    if (intent !== "cancel")
      return data({ formError: "Choose to pay or to cancel the order.", accountMade: null }, { status: 400 });
    // The items go back in the buyer's bag (a guest without their bag's cookie has none).
    const { cancelled, back } = await payments.abandon(context, order.number, bagRefOf(context));
    // Paid meanwhile, or cancelled already (a second click): the order's page says what it is.
    if (!cancelled) return redirect(new URL(request.url).pathname + new URL(request.url).search, 303);
    const message =
      back.added > 0
        ? `Order ${order.number} is cancelled and its items are back in your bag.`
        : `Order ${order.number} is cancelled.`;
    const notice = { kind: "success" as const, message };
    return redirect(BAG_PATH, { status: 303, headers: { "Set-Cookie": flashCookie(BAG_NOTICE_COOKIE, BAG_PATH, notice) } });
  } catch (error) {
    const shop = asShopError(error);
    if (!shop) throw error;
    const formError =
      shop.code === "ACCOUNT_TAKEN"
        ? `You have an account with ${order.email} already: log in to find this order in your order history.`
        : shop.message;
    return data({ formError, accountMade: null }, { status: shop.status });
  }
}

export default function OrderStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placed, confirming, leftPayment, guest } = loaderData;
  const card = order.payment.card;
  const paidByCard = order.payment.method === "stripe" && order.status === "paid";
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8">
      <header>
        {placed && (
          <p role="status" className="text-lg font-semibold text-mint-800">
            {paidByCard ? "Thank you: your payment has arrived and your order is confirmed!" : "Thank you for your order!"}
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="order-number">
          Order {order.number}
        </h1>
        <p className="text-grey-700">
          Placed on {orderDate(order.createdAt)} · <span data-testid="order-status">{orderStatusLabel(order.status)}</span> ·{" "}
          {card ? `a confirmation goes to ${order.email} once it is paid.` : `a confirmation went to ${order.email}.`}
        </p>
      </header>

      {card &&
        (confirming ? (
          <Confirming />
        ) : (
          <CardPayment payBy={card.payBy} leftPayment={leftPayment} error={actionData?.formError ?? undefined} />
        ))}

      {guest && <OneClickAccount email={order.email} answer={actionData ?? null} />}

      <OrderDetails order={order} />

      <p>
        <Link to="/shop" className="text-link">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}

function Confirming() {
  return (
    <section className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="payment-pending">
      <h2 className="font-semibold">Payment pending</h2>
      <p role="status">
        Thank you! We are waiting for the payment provider to confirm your payment. This page updates by itself.
      </p>
    </section>
  );
}

function CardPayment({ payBy, leftPayment, error }: { payBy: string | null; leftPayment: boolean; error?: string }) {
  return (
    <section aria-labelledby="card-title" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="card-payment">
      <h2 id="card-title" className="font-semibold">
        {leftPayment ? "You left the payment page without paying" : "Your payment is not complete yet"}
      </h2>
      {error && (
        <p role="alert" className="form-error mt-2" data-testid="form-error">
          {error}
        </p>
      )}
      <p className="mt-2">
        {payBy
          ? `We keep your items until ${new Date(payBy).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} (UTC). `
          : ""}
        Pay now, or cancel the order and its items go back in your bag.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {/* Whole page loads: "Pay now" ends on the payment provider's page. */}
        <Form method="post" reloadDocument>
          <button type="submit" name="intent" value="pay" className="button-primary">
            Pay now
          </button>
        </Form>
        <Form method="post" reloadDocument>
          <button type="submit" name="intent" value="cancel" className="button-secondary">
            Cancel order
          </button>
        </Form>
      </div>
    </section>
  );
}

function OneClickAccount({
  email,
  answer,
}: {
  email: string;
  answer: { formError: string | null; accountMade: string | null } | null;
}) {
  if (answer?.accountMade) {
    return (
      <p role="status" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="account-made">
        Your account {answer.accountMade} is made: we sent {email} a link to choose its password. Once you have, this order and
        your next ones are in your order history.
      </p>
    );
  }
  return (
    <section aria-labelledby="account-title" className="rounded-lg border border-grey-200 p-5">
      <h2 id="account-title" className="font-semibold">
        Follow your orders in an account
      </h2>
      <p className="mt-1 text-grey-700">One click makes an account for {email}; we mail you a link to choose its password.</p>
      {answer?.formError && !answer.accountMade && (
        <p role="alert" className="form-error mt-2">
          {answer.formError}
        </p>
      )}
      <Form method="post" reloadDocument className="mt-3">
        <button type="submit" name="intent" value="account" className="button-secondary">
          Create an account
        </button>
      </Form>
    </section>
  );
}
