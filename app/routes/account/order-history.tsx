import type { Route } from "./+types/order-history";
import { OrderTable } from "~/components/account/order-table";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Order history", description: "Your orders.", path: "/my-account/order-history" });

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  return { orders: await context.services.customers.orders(context, user.id, { first: 100 }) };
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="orders-title" className="account-section">
      <h2 id="orders-title">Order history</h2>
      <OrderTable orders={loaderData.orders} />
    </section>
  );
}
