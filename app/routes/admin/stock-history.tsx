import { data, useLocation } from "react-router";
import type { Route } from "./+types/stock-history";
import { orderDateTime } from "~/components/account/order-table";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { Link } from "~/components/ui/link";
import type { RouteHandle } from "~/lib/route-handle";
import { STOCK_REASON_WORDS } from "../../../server/modules/stock/shared.ts";
import { asShopError } from "../../../server/lib/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A product's stock history (issue 25 §2, ADR 66): every movement of its options' stock, newest
 * first, 50 a page: when, which option, the change, the stock after it, why, who (a staff member
 * or the shop itself) and the order that made it.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.history.product.name ? `Stock history of ${data.history.product.name}` : "Stock history"} · Back office` },
];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    const page = new URL(request.url).searchParams.get("page") ?? undefined;
    return { history: await context.services.stock.history(context, params.productId, page) };
  } catch (error) {
    const code = asShopError(error)?.code;
    if (code === "PRODUCT_NOT_FOUND" || code === "INVALID_INPUT") throw data(null, { status: 404 });
    throw error;
  }
}

const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

export default function StockHistory({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const { history } = loaderData;
  const { product } = history;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Stock history of {product.name}</h1>
      <p className="text-sm">
        <Link to={`/admin/stock?product=${product.id}`} className="text-link">
          Change its stock
        </Link>
      </p>
      <section aria-labelledby="options-now" className="rounded-lg border border-grey-200 bg-white p-3 text-sm">
        <h2 id="options-now" className="mb-2 font-semibold">
          Its options now
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {history.options.map((option) => (
            <li key={option.variantId}>
              {option.size} · {option.colour} <span className="text-grey-600">({option.sku})</span>: {option.stock}
            </li>
          ))}
        </ul>
      </section>
      <ListResult path={`/admin/stock/${product.id}`} search={search} error={null} list={history} noun="movements">
        <caption className="sr-only">Stock movements, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Option</th>
            <th scope="col" className="text-right">
              Change
            </th>
            <th scope="col" className="text-right">
              Stock after
            </th>
            <th scope="col">Reason</th>
            <th scope="col">Who</th>
            <th scope="col">Order</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {history.rows.length === 0 && <EmptyRow columns={8}>No movements yet.</EmptyRow>}
          {history.rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap">{orderDateTime(row.at)}</td>
              <td className="whitespace-nowrap">
                {row.size} · {row.colour}
                <span className="block text-grey-600">{row.sku}</span>
              </td>
              <td className="text-right">{signed(row.change)}</td>
              <td className="text-right">{row.stockAfter}</td>
              <td>{STOCK_REASON_WORDS[row.reason]}</td>
              <td>{row.by ?? "the shop"}</td>
              <td className="whitespace-nowrap">
                {row.orderNumber ? (
                  <Link to={`/admin/orders/${row.orderNumber}`} className="text-link">
                    {row.orderNumber}
                  </Link>
                ) : (
                  <span className="text-grey-600">—</span>
                )}
              </td>
              <td>{row.note}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
