import { useLocation } from "react-router";
import type { Route } from "./+types/promotions";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { promotionValue, shopMoment } from "~/components/admin/promotion-words";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { KIND_LABELS, PROMOTION_KINDS, PROMOTION_STATUSES, STATUS_LABELS } from "../../../server/modules/promotions/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/* The promo codes (issue 25 §5, ADR 67): status, dates, uses and what each code sold; the view is the address. */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Promotions · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    const list = await context.services.promotions.list(context, Object.fromEntries(new URL(request.url).searchParams));
    return { list, currency: context.env.currency, error: null };
  } catch (error) {
    return { list: null, currency: context.env.currency, error: listFailure(error) };
  }
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const { list, error, currency } = loaderData;
  const rows = list?.rows ?? [];
  const path = "/admin/promotions";
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Promotions</h1>
        <Link to="/admin/promotions/new" className="button-primary">
          New promo code
        </Link>
      </div>
      <FilterForm key={search} label="Find promo codes">
        <FilterInput label="Code" name="q" type="search" value={params.get("q") ?? ""} />
        <FilterSelect
          label="Status"
          name="status"
          value={params.get("status") ?? ""}
          options={PROMOTION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        />
        <FilterSelect
          label="Kind"
          name="kind"
          value={params.get("kind") ?? ""}
          options={PROMOTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        />
      </FilterForm>
      <ListResult path={path} search={search} error={error} list={list} noun="promo codes">
        <thead>
          <tr>
            <SortHeader path={path} search={search} column="code" byDefault="created">
              Code
            </SortHeader>
            <th scope="col">Gives</th>
            <th scope="col">Status</th>
            <SortHeader path={path} search={search} column="starts" byDefault="created">
              Starts
            </SortHeader>
            <SortHeader path={path} search={search} column="ends" byDefault="created">
              Ends
            </SortHeader>
            <SortHeader path={path} search={search} column="uses" byDefault="created" className="text-right">
              Uses
            </SortHeader>
            <th scope="col" className="text-right">
              Paid orders
            </th>
            <th scope="col" className="text-right">
              Discount given
            </th>
            <SortHeader path={path} search={search} column="revenue" byDefault="created" className="text-right">
              Revenue
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={9}>No promo codes match.</EmptyRow>}
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link to={`/admin/promotions/${row.id}`} className="font-medium text-link">
                  {row.code}
                </Link>
              </td>
              <td className="whitespace-nowrap">{promotionValue(row, money)}</td>
              <td data-testid="promotion-status">{STATUS_LABELS[row.status]}</td>
              <td className="whitespace-nowrap">{row.startsAt ? shopMoment(row.startsAt) : "—"}</td>
              <td className="whitespace-nowrap">{row.endsAt ? shopMoment(row.endsAt) : "—"}</td>
              <td className="text-right whitespace-nowrap">
                {row.usedCount} / {row.usageLimit ?? "∞"}
              </td>
              <td className="text-right">{row.usage.orders}</td>
              <td className="text-right whitespace-nowrap">{money(row.usage.discount)}</td>
              <td className="text-right whitespace-nowrap">{money(row.usage.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
