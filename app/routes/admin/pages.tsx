import { useLocation } from "react-router";
import { MEMBER_OPTIONS } from "~/components/admin/editorial/member-options";
import type { Route } from "./+types/pages";
import { zonedMoment } from "~/components/admin/editorial/status-line";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import type { RouteHandle } from "~/lib/route-handle";
import { EDITORIAL_STATUSES, EDITORIAL_STATUS_WORDS } from "../../../server/modules/editorial/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The shop's pages (issue 26 §1 and §3, ADR 75): about, the policies, the launch page and any
 * other, whatever their status, with filters, search and sort in the address.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Pages · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const editor = context.services.pagesEditor;
  try {
    return { list: await editor.list(context, new URL(request.url).searchParams), error: null, timeZone: editor.timeZone };
  } catch (error) {
    return { list: null, error: listFailure(error), timeZone: editor.timeZone };
  }
}

const STATUS_OPTIONS = EDITORIAL_STATUSES.map((value) => ({ value, label: EDITORIAL_STATUS_WORDS[value] }));

export default function PagesList({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { list, error, timeZone } = loaderData;
  const path = "/admin/pages";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Pages</h1>
        <Link to="/admin/pages/new" className="button-primary">
          New page
        </Link>
      </div>
      <FilterForm key={search} label="Find pages">
        <FilterInput label="Title or address" name="q" type="search" value={value("q")} />
        <FilterSelect label="Status" name="status" value={value("status")} options={STATUS_OPTIONS} />
        <FilterSelect label="Who may read" name="members" value={value("members")} options={MEMBER_OPTIONS} />
        {params.get("sort") && <input type="hidden" name="sort" value={value("sort")} />}
        {params.get("dir") && <input type="hidden" name="dir" value={value("dir")} />}
      </FilterForm>
      <ListResult path={path} search={search} error={error} list={list} noun="pages">
        <thead>
          <tr>
            <SortHeader path={path} search={search} column="title" byDefault="updated">
              Title
            </SortHeader>
            <th scope="col">Address</th>
            <th scope="col">Status</th>
            <th scope="col">Who may read</th>
            <SortHeader path={path} search={search} column="published" byDefault="updated">
              Appears
            </SortHeader>
            <SortHeader path={path} search={search} column="updated" byDefault="updated">
              Updated
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {list?.rows.length === 0 && <EmptyRow columns={6}>No pages match.</EmptyRow>}
          {list?.rows.map((page) => (
            <tr key={page.id}>
              <td>
                <Link to={`/admin/pages/${page.id}`} className="font-medium text-link">
                  {page.title}
                </Link>
              </td>
              <td>{page.status === "published" ? <Link to={page.path}>{page.path}</Link> : page.path}</td>
              <td>{EDITORIAL_STATUS_WORDS[page.status]}</td>
              <td>{page.membersOnly ? "Members only" : "Everyone"}</td>
              <td className="whitespace-nowrap">{page.publishedAt ? zonedMoment(page.publishedAt, timeZone) : "—"}</td>
              <td className="whitespace-nowrap">{zonedMoment(page.updatedAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
