import { useRef } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { BatchReport } from "~/components/admin/batch-report";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { FormNotices } from "~/components/admin/form-notices";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { OrderBatchForm, OrderPick, PickAll } from "~/components/admin/order-batch";
import { SortHeader } from "~/components/admin/sort-header";
import { orderDateTime, orderStatusLabel } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { staffScope } from "~/lib/admin-actions.server";
import { listFailure } from "~/lib/admin-lists.server";
import { formContents, formFailure } from "~/lib/forms.server";
import { PAYMENT_STATES, PAYMENT_STATE_WORDS } from "../../../server/modules/back-office/shared.ts";
import { BANK_TRANSFER, CARD } from "../../../server/modules/orders/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The orders (issue 24 §4): the view (filters, search, sort, page) is the address, so a link shares
 * it and Back returns to it; the export takes the same address. Orders ticked in the list are
 * marked shipped together here, or their packing slips printed (ADR 62).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Orders · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    return { list: await context.services.backOffice.ordersList(context, new URL(request.url).searchParams), error: null };
  } catch (error) {
    return { list: null, error: listFailure(error) };
  }
}

/** Marks the ticked orders shipped, each through the ship use case; says which were and which were not, and why. */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  if (fields.intent !== "ship") throw data(null, { status: 400 });
  // The boxes share one name: every value counts, not the last one only.
  const raw = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") raw.append(name, value);
  try {
    return { ok: true as const, batch: await context.services.backOffice.shipOrders(staffScope(context), raw) };
  } catch (error) {
    return formFailure(error, { carrier: fields.carrier ?? "", trackingUrl: fields.trackingUrl ?? "" });
  }
}

const STATUS_OPTIONS = (["awaiting_payment", "paid", "shipped", "delivered", "cancelled", "refunded"] as const).map((value) => ({
  value,
  label: orderStatusLabel(value),
}));
const METHOD_OPTIONS = [
  { value: BANK_TRANSFER, label: "Bank transfer" },
  { value: CARD, label: "Card" },
];
const PAYMENT_OPTIONS = PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_WORDS[value] }));

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  const failure = failureOf(actionData);
  const batch = actionData && "batch" in actionData ? actionData.batch : null;
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { list, error } = loaderData;
  const rows = list?.rows ?? [];
  const path = "/admin/orders";
  return (
    <div ref={page} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
        <a className="button-secondary" href={`/admin/orders/export.csv${search}`} data-reload>
          Export CSV
        </a>
      </div>
      <FilterForm key={search} label="Find orders">
        <FilterInput label="Search" name="q" type="search" value={value("q")} />
        <FilterSelect label="Status" name="status" value={value("status")} options={STATUS_OPTIONS} />
        <FilterSelect label="Payment" name="method" value={value("method")} options={METHOD_OPTIONS} />
        <FilterSelect label="Payment state" name="payment" value={value("payment")} options={PAYMENT_OPTIONS} />
        <FilterInput label="Country" name="country" value={value("country")} />
        <FilterInput label="From" name="from" type="date" value={value("from")} />
        <FilterInput label="To" name="to" type="date" value={value("to")} />
        {params.get("sort") && <input type="hidden" name="sort" value={value("sort")} />}
        {params.get("dir") && <input type="hidden" name="dir" value={value("dir")} />}
      </FilterForm>
      <FormNotices message={null} failure={failure} shown={["carrier", "trackingUrl"]} />
      {batch && <BatchReport batch={batch} />}
      <OrderBatchForm shown={rows.map((order) => order.number)} failure={failure} answer={actionData} />
      <ListResult path={path} search={search} error={error} list={list} noun="orders">
        <thead>
          <tr>
            <th scope="col">
              <PickAll />
            </th>
            <th scope="col">Order</th>
            <SortHeader path={path} search={search} column="date" byDefault="date">
              Placed
            </SortHeader>
            <th scope="col">Customer</th>
            <th scope="col">Country</th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <SortHeader path={path} search={search} column="total" byDefault="date" className="text-right">
              Total
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={8}>No orders match.</EmptyRow>}
          {rows.map((order) => (
            <tr key={order.number}>
              <td>
                <OrderPick number={order.number} />
              </td>
              <td>
                <Link to={`/admin/orders/${order.number}`} className="font-medium text-link">
                  {order.number}
                </Link>
              </td>
              <td className="whitespace-nowrap">{orderDateTime(order.placedAt)}</td>
              <td>
                {order.customerName && <span className="block">{order.customerName}</span>}
                <span className="text-grey-600">{order.email}</span>
              </td>
              <td>{order.country ?? "—"}</td>
              <td>{orderStatusLabel(order.status)}</td>
              <td>
                {order.paymentMethod === CARD ? "Card" : "Transfer"} · {PAYMENT_STATE_WORDS[order.paymentState]}
              </td>
              <td className="text-right whitespace-nowrap">{formatMoney(order.total, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
