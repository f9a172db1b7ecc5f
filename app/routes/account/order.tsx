import type { Route } from "./+types/order";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { OrderDetails } from "~/components/orders/order-details";
import { Link } from "~/components/ui/link";
import { formFailure } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

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

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
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
      <OrderDetails order={order} />
    </section>
  );
}
