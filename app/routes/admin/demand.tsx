import { useLocation } from "react-router";
import type { Route } from "./+types/demand";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import { calendarDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * Back-in-stock demand (issue 26 §5, ADR 77): the sold-out options shoppers asked to be told
 * about, grouped by product, most wanted first, with the longest wait; each product links to its
 * stock (to order more and type it in) and its stock history. Stock, so the staff scope's. The
 * figures are the dashboard's "most wanted" queue's.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Back-in-stock demand · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    return { demand: await context.services.backOffice.demand(context, new URL(request.url).searchParams), error: null };
  } catch (error) {
    return { demand: null, error: listFailure(error) };
  }
}

const PATH = "/admin/demand";
const waitingWords = (n: number) => (n === 1 ? "1 request" : `${n.toLocaleString("en")} requests`);

export default function Demand({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const { demand, error } = loaderData;
  const rows = demand?.rows ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Back-in-stock demand</h1>
      <p className="max-w-prose text-sm text-grey-700">
        Sold-out options that shoppers asked to be e-mailed about, by product. When an option&apos;s stock goes above 0, everyone
        waiting for it gets one mail and leaves this list.
      </p>
      <ListResult path={PATH} search={search} error={error} list={demand} noun="products">
        <caption className="sr-only">Products and their sold-out options with the requests waiting for each</caption>
        <thead>
          <tr>
            <th scope="col">Product and option</th>
            <SortHeader path={PATH} search={search} column="wanted" byDefault="wanted" className="text-right">
              Waiting
            </SortHeader>
            <SortHeader path={PATH} search={search} column="oldest" byDefault="wanted">
              Waiting since
            </SortHeader>
          </tr>
        </thead>
        {rows.length === 0 && (
          <tbody>
            <EmptyRow columns={3}>Nobody is waiting for a sold-out option.</EmptyRow>
          </tbody>
        )}
        {rows.map((product) => (
          <tbody key={product.productId} data-testid={`demand-${product.productId}`}>
            <tr className="bg-grey-50">
              <th scope="row" className="text-left font-semibold">
                {product.productName}
                <span className="mt-1 flex flex-wrap gap-x-3 text-xs font-normal">
                  <Link to={`/admin/stock?product=${product.productId}`} className="text-link">
                    Stock<span className="sr-only"> of {product.productName}</span>
                  </Link>
                  <Link to={`/admin/stock/${product.productId}`} className="text-link">
                    Stock history<span className="sr-only"> of {product.productName}</span>
                  </Link>
                </span>
              </th>
              <td className="text-right font-semibold whitespace-nowrap">{waitingWords(product.waiting)}</td>
              <td className="whitespace-nowrap">{calendarDate(product.oldest)}</td>
            </tr>
            {product.wanted.map((option) => (
              <tr key={option.variantId}>
                <td className="pl-6">
                  {[option.colour, option.size].filter(Boolean).join(" · ")}
                  <span className="block text-xs text-grey-600">{option.sku}</span>
                </td>
                <td className="text-right whitespace-nowrap">{waitingWords(option.waiting)}</td>
                <td className="whitespace-nowrap">{calendarDate(option.oldest)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </ListResult>
    </div>
  );
}
