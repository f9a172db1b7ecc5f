import { useLocation } from "react-router";
import { MEMBER_OPTIONS } from "~/components/admin/editorial/member-options";
import type { Route } from "./+types/news";
import { zonedMoment } from "~/components/admin/editorial/status-line";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import type { RouteHandle } from "~/lib/route-handle";
import { NEWS_STATUSES, NEWS_STATUS_WORDS } from "../../../server/modules/news-editor/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The newsroom (issue 26 §1, ADR 75): every post and exclusive whatever its status, with filters,
 * search and sort in the address (the server renders the view the address names).
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "News · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    const list = await context.services.newsEditor.list(context, new URL(request.url).searchParams);
    return { list, error: null, timeZone: context.services.newsEditor.timeZone };
  } catch (error) {
    return { list: null, error: listFailure(error), timeZone: context.services.newsEditor.timeZone };
  }
}

const STATUS_OPTIONS = NEWS_STATUSES.map((value) => ({ value, label: NEWS_STATUS_WORDS[value] }));
const SECTION_OPTIONS = [
  { value: "news", label: "News" },
  { value: "exclusives", label: "Exclusives" },
];

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { list, error, timeZone } = loaderData;
  const path = "/admin/news";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">News</h1>
        <Link to="/admin/news/new" className="button-primary">
          New post
        </Link>
      </div>
      <FilterForm key={search} label="Find posts">
        <FilterInput label="Title, address or author" name="q" type="search" value={value("q")} />
        <FilterSelect label="Status" name="status" value={value("status")} options={STATUS_OPTIONS} />
        <FilterSelect label="Section" name="section" value={value("section")} options={SECTION_OPTIONS} />
        <FilterSelect
          label="Category"
          name="category"
          value={value("category")}
          options={(list?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <FilterSelect label="Who may read" name="members" value={value("members")} options={MEMBER_OPTIONS} />
        {params.get("sort") && <input type="hidden" name="sort" value={value("sort")} />}
        {params.get("dir") && <input type="hidden" name="dir" value={value("dir")} />}
      </FilterForm>
      <ListResult path={path} search={search} error={error} list={list} noun="posts">
        <thead>
          <tr>
            <SortHeader path={path} search={search} column="title" byDefault="updated">
              Title
            </SortHeader>
            <th scope="col">Section</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col">Who may read</th>
            <th scope="col">Author</th>
            <SortHeader path={path} search={search} column="published" byDefault="updated">
              Appears
            </SortHeader>
            <SortHeader path={path} search={search} column="updated" byDefault="updated">
              Updated
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {list?.rows.length === 0 && <EmptyRow columns={8}>No posts match.</EmptyRow>}
          {list?.rows.map((post) => (
            <tr key={post.id}>
              <td>
                <Link to={`/admin/news/${post.id}`} className="font-medium text-link">
                  {post.title}
                </Link>
                {post.status === "published" && (
                  <Link to={post.path} className="block text-xs text-link">
                    On the site<span className="sr-only">: {post.title}</span>
                  </Link>
                )}
              </td>
              <td>{post.section === "news" ? "News" : "Exclusives"}</td>
              <td>{post.category ?? "—"}</td>
              <td>{NEWS_STATUS_WORDS[post.status]}</td>
              <td>{post.membersOnly ? "Members only" : "Everyone"}</td>
              <td>{post.author || "—"}</td>
              <td className="whitespace-nowrap">{post.publishedAt ? zonedMoment(post.publishedAt, timeZone) : "—"}</td>
              <td className="whitespace-nowrap">{zonedMoment(post.updatedAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
