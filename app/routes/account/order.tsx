import { Form, redirect } from "react-router";
import type { Route } from "./+types/order";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { OrderDetails } from "~/components/orders/order-details";
import { Link } from "~/components/ui/link";
import { BAG_NOTICE_COOKIE, BAG_PATH } from "~/lib/bag";
import { bagRefillNotice } from "~/lib/bag-refill-notice";
import { flashCookie } from "~/lib/flash";
import { formFailure } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";
import { useLiveOrder } from "~/components/orders/use-live-order";

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  pageMeta(siteFrom(matches), {
    title: data ? `Order ${data.order.number}` : "Order",
    description: "One of your orders.",
    path: `/my-account/order-history/${params.id}/order`,
  });

export async function loader({ context: router, params }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  try {
    return { order: await context.services.orders.customerOrderById(context, user.id, params.id) };
  } catch (error) {
    // Another customer's order, or none: 404 either way (formFailure throws it).
    throw formFailure(error, {});
  }
}

/**
 * "Buy again": the order's options go back in the bag, each as many as were ordered, as far as
 * the stock and the bag's limits allow; what could not be added is said on the bag page.
 */
export async function action({ context: router, params }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  let order;
  try {
    order = await context.services.orders.customerOrderById(context, user.id, params.id);
  } catch (error) {
    throw formFailure(error, {});
  }
  const back = await context.services.cart.addLines(context, { customerId: user.id }, order.lines, await context.viewer());
  const notice = bagRefillNotice(order.number, back, "buy-again");
  return redirect(BAG_PATH, { status: 303, headers: { "Set-Cookie": flashCookie(BAG_NOTICE_COOKIE, BAG_PATH, notice) } });
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  useLiveOrder(order.number, true);
  return (
    <section aria-labelledby="order-title" className="account-section">
      <p>
        <Link to="/my-account/order-history" className="text-link">
          Back to your orders
        </Link>
      </p>
      <h2 id="order-title">Order {order.number}</h2>
      <dl className="account-facts">
        <dt>Date</dt>
        <dd>{orderDate(order.createdAt)}</dd>
        <dt>Status</dt>
        <dd>{orderStatusLabel(order.status)}</dd>
      </dl>
      {/* A whole page load: the bag's notice travels in a cookie of the bag's own path (lib/flash.ts). */}
      <Form method="post" reloadDocument>
        <button type="submit" className="button-secondary self-start">
          Buy again
        </button>
      </Form>
      <OrderDetails order={order} payLink />
    </section>
  );
}
