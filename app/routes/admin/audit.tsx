import { useLocation } from "react-router";
import type { Route } from "./+types/audit";
import { FilterForm, FilterInput } from "~/components/admin/filter-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { orderDateTime } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/* The audit log (issue 24 §6): every back-office and staff-API change, newest first; read-only. */

export const handle: RouteHandle = { backOffice: "owner" };

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    return { list: await context.services.backOffice.auditList(context, new URL(request.url).searchParams), error: null };
  } catch (error) {
    return { list: null, error: listFailure(error) };
  }
}

/** A change as "status: paid → shipped". */
function describe(changes: Record<string, [unknown, unknown]>): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${String(before ?? "—")} → ${String(after ?? "—")}`)
    .join("; ");
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { list, error } = loaderData;
  const rows = list?.rows ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <FilterForm key={search} label="Filter the audit log">
        <FilterInput label="Who (e-mail or id)" name="actor" value={value("actor")} />
        <FilterInput label="Entity" name="entityType" value={value("entityType")} />
        <FilterInput label="Entity id" name="entityId" value={value("entityId")} />
        <FilterInput label="Action" name="action" value={value("action")} />
        <FilterInput label="From" name="from" type="date" value={value("from")} />
        <FilterInput label="To" name="to" type="date" value={value("to")} />
      </FilterForm>
      <ListResult path="/admin/audit" search={search} error={error} list={list} noun="entries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Change</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={5}>No entries match.</EmptyRow>}
          {rows.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className="whitespace-nowrap">{orderDateTime(entry.at)}</td>
              <td>
                {entry.actorEmail ?? "—"}
                {entry.actorRole && <span className="block text-xs text-grey-600">{entry.actorRole}</span>}
              </td>
              <td>
                {entry.action}{" "}
                {entry.link ? (
                  <Link to={entry.link} className="text-link">
                    {entry.entityType} {entry.entityId}
                  </Link>
                ) : (
                  <span>
                    {entry.entityType} {entry.entityId}
                  </span>
                )}
              </td>
              <td>
                {describe(entry.changes)}
                {entry.moreChanges > 0 && ` … and ${entry.moreChanges.toLocaleString("en")} more`}
              </td>
              <td className="text-xs text-grey-600">
                {entry.clientAddress}
                {entry.requestId && <span className="block">{entry.requestId}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
