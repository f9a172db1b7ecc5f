import { Link } from "~/components/ui/link";
import { listHref } from "./list-href";

/** Previous and next pages of a list, and where the list is: "Page 2 of 40 · 1,975 orders". */
export function Pager({
  path,
  search,
  page,
  pages,
  total,
  noun,
}: {
  path: string;
  search: string;
  page: number;
  pages: number;
  total: number;
  noun: string;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-grey-600">
        Page {page} of {Math.max(pages, 1)} · {total.toLocaleString("en")} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link className="button-secondary" rel="prev" to={listHref(path, search, { page: page - 1 === 1 ? null : page - 1 })}>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link className="button-secondary" rel="next" to={listHref(path, search, { page: page + 1 })}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
