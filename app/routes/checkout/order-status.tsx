import { data, redirect } from "react-router";
import type { Route } from "./+types/order-status";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { CardPayment, type OrderIntent } from "~/components/orders/card-payment";
import { OneClickAccount } from "~/components/orders/one-click-account";
import { Confirming, LOOKS } from "~/components/orders/payment-pending";
import { OrderDetails } from "~/components/orders/order-details";
import { PaymentInstructions } from "~/components/orders/payment-instructions";
import { StatusTracker } from "~/components/orders/status-tracker";
import { Link } from "~/components/ui/link";
import { whoseBag } from "../../../server/modules/cart/shared.ts";
import { BAG_NOTICE_COOKIE, BAG_PATH } from "~/lib/bag";
import { bagRefillNotice } from "~/lib/bag-refill-notice";
import { flashCookie } from "~/lib/flash";
import { formFailure, formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { asShopError } from "../../../server/lib/shared.ts";
import { isCardOrder } from "../../../server/modules/orders/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import type { PageContext } from "../../../server/context.ts";
import { useLiveOrder } from "~/components/orders/use-live-order";

/*
 * An order's status page (ADR 37, 38): the confirmation after checkout, where a guest's link
 * leads, and where the card payment page sends the shopper back. Its customer sees it by their
 * session; anyone else needs the link's token; otherwise 404. A card order still waiting for its
 * payment can be paid from here, or given up (its items go back in the bag).
 */

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(siteFrom(matches), {
    title: data ? `Order ${data.order.number}` : "Order",
    description: "Your order.",
    path: data ? `/orders/${data.order.number}` : "/orders",
  }),
  { name: "robots", content: "noindex" },
];

// One buyer's order, and its address may carry a token: not cached. Never sent to another site as a
// referrer either: the shop-wide Referrer-Policy (server/http/security-headers.ts) is "same-origin",
// which this page needs as it is ("no-referrer" would make browsers send the Pay now and Cancel
// order forms' Origin as "null", and the origin check of form posts would refuse them).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

async function visibleOrder(context: PageContext, url: URL, number: string | undefined) {
  try {
    return await context.services.orders.visibleOrder(context, number, {
      customerId: context.session?.user.id ?? null,
      token: url.searchParams.get("token"),
    });
  } catch (error) {
    // Another's order, an unknown number or a wrong token: 404 alike (formFailure throws it).
    throw formFailure(error, {});
  }
}

/** How many times the page has looked again already (the address's `check`, 0 to LOOKS). */
function looksSoFar(url: URL): number {
  const check = Number.parseInt(url.searchParams.get("check") ?? "", 10);
  return Number.isFinite(check) ? Math.min(Math.max(check, 0), LOOKS) : 0;
}

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  const order = await visibleOrder(context, url, params.number);
  const payment = url.searchParams.get("payment");
  const awaitingCard = order.payment.card !== null;
  // The payment page sends the shopper back with payment=done after a failed payment too (one that
  // settles later and then fails): its webhook has cancelled the order, and nothing was charged.
  const cancelled = order.status === "cancelled";
  // Back from the payment page having paid: the provider's word (its webhook) is on its way.
  const confirming = awaitingCard && payment === "done";
  return {
    order,
    placed: !cancelled && (url.searchParams.get("placed") === "1" || payment === "done"),
    paymentFailed: cancelled && payment === "done",
    confirming: confirming ? { looked: looksSoFar(url) } : null,
    leftPayment: awaitingCard && payment === "cancelled",
    // A guest (by the link's token) may make an account for the order's address with one click.
    guest: context.session === null,
  };
}

type Intent = OrderIntent;

/** The answer to a form of the page that did not lead elsewhere: its error is shown beside that form only. */
interface Answer {
  intent: Intent | null;
  formError: string | null;
  accountMade: string | null;
}

/**
 * "Create an account" (a guest), and for a card order still unpaid "Pay now" (to the card payment
 * page) and "Cancel order" (the payment given up).
 */
export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const order = await visibleOrder(context, url, params.number);
  const fields = await formFields(request);
  const intent = (["account", "pay", "cancel"] as const).find((known) => known === fields.intent) ?? null;
  const { payments, accounts } = context.services;
  const answer = (formError: string | null, accountMade: string | null = null): Answer => ({ intent, formError, accountMade });
  try {
    if (intent === "account") {
      // Logged in meanwhile (another tab): they have an account, and the page no longer offers one.
      if (context.session !== null) return redirect(here, 303);
      const { username } = await accounts.accountFromOrder(context, { email: order.email });
      return data(answer(null, username));
    }
    if (intent === "pay") {
      // Paid, failed or given up meanwhile (another tab, a late webhook): the order's page says what it is.
      if (order.payment.card === null) return redirect(here, 303);
      return redirect(await payments.payPage(context, order.number), 303);
    }
    if (intent !== "cancel") return data(answer("Choose to pay or to cancel the order."), { status: 400 });
    // The items go back in the buyer's bag (a guest without their bag's cookie has none), as the
    // buyer may buy them (a member's early access).
    const { cancelled, back } = await payments.abandon(context, order.number, whoseBag(context), await context.viewer());
    // Paid meanwhile, or cancelled already (a second click): the order's page says what it is.
    if (!cancelled) return redirect(here, 303);
    const notice = bagRefillNotice(order.number, back, "cancelled");
    return redirect(BAG_PATH, { status: 303, headers: { "Set-Cookie": flashCookie(BAG_NOTICE_COOKIE, BAG_PATH, notice) } });
  } catch (error) {
    const shop = asShopError(error);
    if (!shop) throw error;
    const formError =
      shop.code === "ACCOUNT_TAKEN"
        ? `You have an account with ${order.email} already: log in to find this order in your order history.`
        : shop.message;
    return data(answer(formError), { status: shop.status });
  }
}

export default function OrderStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placed, paymentFailed, confirming, leftPayment, guest } = loaderData;
  useLiveOrder(order.number, !guest);
  const answer: Answer | null = actionData ?? null;
  const card = order.payment.card;
  const paidByCard = isCardOrder({ paymentMethod: order.payment.method }) && order.status === "paid";
  const headline = paymentFailed
    ? "Your payment did not go through; nothing was charged."
    : placed
      ? paidByCard
        ? "Thank you: your payment has arrived and your order is confirmed!"
        : "Thank you for your order!"
      : null;
  const errorOf = (intent: Intent | null) => (answer?.intent === intent ? (answer.formError ?? undefined) : undefined);
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8">
      <header>
        {/* Always there, so that a screen reader hears it change when a payment is confirmed or fails while the page looks again. */}
        <p
          role="status"
          className={`text-lg font-semibold ${paymentFailed ? "text-danger-700" : "text-mint-800"}`}
          data-testid="order-headline"
        >
          {headline}
        </p>
        {errorOf(null) && (
          <p role="alert" className="form-error my-2" data-testid="form-error">
            {errorOf(null)}
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
          // A form's answer is not reloaded away: the shopper reads it, then checks again.
          <Confirming email={order.email} looked={confirming.looked} paused={answer !== null} />
        ) : (
          <CardPayment payBy={card.payBy} leftPayment={leftPayment} payError={errorOf("pay")} cancelError={errorOf("cancel")} />
        ))}

      {/* How to pay first, then where the order is, then a guest's account offer (ADR 81). */}
      <PaymentInstructions order={order} />

      <StatusTracker order={order} />

      {guest && <OneClickAccount email={order.email} accountMade={answer?.accountMade ?? null} error={errorOf("account")} />}

      <OrderDetails order={order} transferShown />

      <p>
        <Link to="/shop" className="text-link">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
