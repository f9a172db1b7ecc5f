import type { Route } from "./+types/order";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { formFailure } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { PostalAddress } from "~/components/account/postal-address";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(siteFrom(matches), {
    title: data ? `Order ${data.order.number}` : "Order",
    description: "One of your orders.",
    path: data ? `/my-account/order-history/${data.order.id}/order` : "/my-account/order-history",
  });

export async function loader({ context: router, params }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  try {
    return { order: await context.services.customers.order(context, user.id, params.id) };
  } catch (error) {
    // Another customer's order, or none: 404 either way (formFailure throws it).
    throw formFailure(error, {});
  }
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const money = (amount: number) => formatMoney(amount, order.currency);
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
      <table className="account-table">
        <caption className="sr-only">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.productName}
                <span className="block text-grey-600">{[line.size, line.colour].filter(Boolean).join(", ")}</span>
              </td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPrice)}</td>
              <td>{money(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="account-facts self-end">
        <dt>Sub total</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{money(order.shipping)}</dd>
        <dt>Total</dt>
        <dd className="font-semibold">{money(order.total)}</dd>
      </dl>
      {order.deliveryAddress && (
        <div>
          <h3 className="font-semibold">Delivery address</h3>
          <PostalAddress address={order.deliveryAddress} />
        </div>
      )}
    </section>
  );
}
