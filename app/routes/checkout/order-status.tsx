import type { Route } from "./+types/order-status";
import { orderDate, orderStatusLabel } from "~/components/account/order-table";
import { OrderDetails } from "~/components/orders/order-details";
import { Link } from "~/components/ui/link";
import { formFailure } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * An order's status page (ADR 37): the confirmation after checkout, and where a guest's link
 * leads. Its customer sees it by their session; anyone else needs the link's token; otherwise 404.
 */

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(siteFrom(matches), {
    title: data ? `Order ${data.order.number}` : "Order",
    description: "Your order.",
    path: data ? `/orders/${data.order.number}` : "/orders",
  }),
  { name: "robots", content: "noindex" },
];

// One buyer's order, and its address may carry a token: not cached, not sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  try {
    const order = await context.services.orders.visibleOrder(context, params.number, {
      customerId: context.session?.user.id ?? null,
      token: url.searchParams.get("token"),
    });
    return { order, placed: url.searchParams.get("placed") === "1" };
  } catch (error) {
    // Another's order, an unknown number or a wrong token: 404 alike (formFailure throws it).
    throw formFailure(error, {});
  }
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order, placed } = loaderData;
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8">
      <header>
        {placed && (
          <p role="status" className="text-lg font-semibold text-mint-800">
            Thank you for your order!
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="order-number">
          Order {order.number}
        </h1>
        <p className="text-grey-700">
          Placed on {orderDate(order.createdAt)} · <span data-testid="order-status">{orderStatusLabel(order.status)}</span> · a
          confirmation went to {order.email}.
        </p>
      </header>

      <OrderDetails order={order} />

      <p>
        <Link to="/shop" className="text-link">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
