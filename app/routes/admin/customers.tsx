import { useLocation } from "react-router";
import type { Route } from "./+types/customers";
import { FilterForm, FilterInput } from "~/components/admin/filter-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { orderDate } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/* The customers (issue 24 §5): search by name, e-mail or user name; the view is the address. */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Customers · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    const list = await context.services.backOffice.customersList(context, new URL(request.url).searchParams);
    return { list, currency: context.env.currency, error: null };
  } catch (error) {
    return { list: null, currency: context.env.currency, error: listFailure(error) };
  }
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const { list, error, currency } = loaderData;
  const rows = list?.rows ?? [];
  const path = "/admin/customers";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Customers</h1>
      <FilterForm key={search} label="Find customers">
        <FilterInput label="Name, e-mail or user name" name="q" type="search" value={params.get("q") ?? ""} />
      </FilterForm>
      <ListResult path={path} search={search} error={error} list={list} noun="customers">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <SortHeader path={path} search={search} column="joined" byDefault="joined">
              Joined
            </SortHeader>
            <th scope="col" className="text-right">
              Orders
            </th>
            <SortHeader path={path} search={search} column="spent" byDefault="joined" className="text-right">
              Spent
            </SortHeader>
            <th scope="col">Membership</th>
            <th scope="col">Newsletter</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={6}>No customers match.</EmptyRow>}
          {rows.map((customer) => (
            <tr key={customer.id}>
              <td>
                <Link to={`/admin/customers/${customer.id}`} className="font-medium text-link">
                  {customer.name ?? customer.username}
                </Link>
                <span className="block text-grey-600">{customer.email}</span>
                {customer.erased ? (
                  <span className="text-xs text-grey-600">erased</span>
                ) : (
                  customer.blocked && <span className="text-xs text-danger-700">blocked</span>
                )}
              </td>
              <td className="whitespace-nowrap">{orderDate(customer.joinedAt)}</td>
              <td className="text-right">{customer.orders}</td>
              <td className="text-right whitespace-nowrap">{formatMoney(customer.spent, currency)}</td>
              <td>{customer.membership ? `${customer.membership.plan}${customer.membership.active ? "" : " (ended)"}` : "—"}</td>
              <td>{customer.newsletter ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
