import { data } from "react-router";
import type { Route } from "./+types/order-history";
import { Pagination } from "~/components/listing/pagination";
import { OrderTable } from "~/components/account/order-table";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Order history", description: "Your orders.", path: "/my-account/order-history" });

const PER_PAGE = 20;

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const { customers } = context.services;
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const pageCount = Math.max(1, Math.ceil((await customers.orderCount(context, user.id)) / PER_PAGE));
  // A page past the last, or not a page at all, does not exist.
  if (!Number.isInteger(asked) || asked < 1 || asked > pageCount) throw data(null, { status: 404 });
  return { orders: await customers.orders(context, user.id, { first: PER_PAGE, page: asked }), page: asked, pageCount };
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="orders-title" className="account-section">
      <h2 id="orders-title">Order history</h2>
      <OrderTable orders={loaderData.orders} />
      <Pagination
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        hrefFor={(page) => (page === 1 ? "/my-account/order-history" : `/my-account/order-history?page=${page}`)}
      />
    </section>
  );
}
