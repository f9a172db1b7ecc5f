import { useEffect, useState } from "react";
import { data, Form, redirect, useLocation, useRevalidator } from "react-router";
import type { Route } from "./+types/order-status";
import { orderDate, orderDateTime, orderStatusLabel } from "~/components/account/order-table";
import { OrderDetails } from "~/components/orders/order-details";
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

/**
 * While the provider confirms a payment the page looks again every few seconds, a limited number
 * of times: some payments stay "processing" for days (a bank debit), and a page that reloads for
 * ever is one the shopper cannot read in peace (WCAG 2.2.1). After that it says we will mail them.
 * With JavaScript it revalidates its data in place; without, it reloads itself (a refresh inside
 * <noscript>, so it never runs beside the script), counting its looks in the address (`check`).
 */
const LOOK_AGAIN_SECONDS = 3;
const LOOKS = 10;

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

type Intent = "account" | "pay" | "cancel";

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

      {guest && <OneClickAccount email={order.email} accountMade={answer?.accountMade ?? null} error={errorOf("account")} />}

      <OrderDetails order={order} />

      <p>
        <Link to="/shop" className="text-link">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}

/**
 * Looks again every LOOK_AGAIN_SECONDS, `times` times at most, while the page shows and nothing
 * else is loading; answers whether it still does. Revalidating keeps what the page holds (a
 * form's answer, the scroll position), unlike a reload.
 */
function useLookingAgain(times: number): boolean {
  const { revalidate, state } = useRevalidator();
  const [looks, setLooks] = useState(0);
  useEffect(() => {
    if (looks >= times || state !== "idle") return;
    const timer = window.setTimeout(() => {
      setLooks((n) => n + 1);
      void revalidate();
    }, LOOK_AGAIN_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [looks, times, state, revalidate]);
  // The last look counts until its answer is in.
  return looks < times || (times > 0 && state !== "idle");
}

function Confirming({ email, looked, paused }: { email: string; looked: number; paused: boolean }) {
  const times = paused ? 0 : LOOKS - looked;
  const looking = useLookingAgain(times);
  // The page's own address with one more look: from the location, not the loader's request, which
  // is the data request's (".data?…&_routes=…") when JavaScript revalidates.
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("check", String(Math.min(looked + 1, LOOKS)));
  const next = `${pathname}?${params.toString()}`;
  const waiting = paused && looked < LOOKS;
  return (
    <section
      aria-labelledby="pending-title"
      className="rounded-lg border border-mint-300 bg-mint-50 p-5"
      data-testid="payment-pending"
    >
      {/* Without JavaScript only: with it, useLookingAgain looks again in place. */}
      {times > 0 && (
        <noscript>
          <meta httpEquiv="refresh" content={`${LOOK_AGAIN_SECONDS};url=${next}`} />
        </noscript>
      )}
      <h2 id="pending-title" className="font-semibold">
        Payment pending
      </h2>
      <p role="status" className="mt-1">
        {looking
          ? "Thank you! We are waiting for the payment provider to confirm your payment. This page updates by itself."
          : waiting
            ? "We are waiting for the payment provider to confirm your payment."
            : `Your payment is being processed. Some ways of paying take a few days: we will mail ${email} as soon as it is confirmed.`}
      </p>
      {/* Any time, the shopper may look for themselves (a whole page load without JavaScript). */}
      <p className="mt-2">
        <Link to={next} className="text-link" preventScrollReset>
          Check again
        </Link>
      </p>
    </section>
  );
}

function CardPayment({
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

function FormError({ error, id }: { error?: string; id: string }) {
  if (!error) return null;
  return (
    <p role="alert" id={id} className="form-error" data-testid="form-error">
      {error}
    </p>
  );
}

function OneClickAccount({ email, accountMade, error }: { email: string; accountMade: string | null; error?: string }) {
  if (accountMade) {
    return (
      <p role="status" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="account-made">
        Your account {accountMade} is made: we sent {email} a link to choose its password. Once you have, this order and your next
        ones are in your order history.
      </p>
    );
  }
  return (
    <section aria-labelledby="account-title" className="rounded-lg border border-grey-200 p-5">
      <h2 id="account-title" className="font-semibold">
        Follow your orders in an account
      </h2>
      <p className="mt-1 text-grey-700">One click makes an account for {email}; we mail you a link to choose its password.</p>
      {error && (
        <p role="alert" className="form-error mt-2" data-testid="form-error">
          {error}
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

/** One button of the card payment's choices, with its own error beside it. */
function IntentForm({
  intent,
  label,
  error,
  primary = false,
}: {
  intent: Intent;
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
