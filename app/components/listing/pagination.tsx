import { Link } from "../ui/link";

/** Page links that work without JavaScript; `hrefFor` keeps the listing's other parameters. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-1 text-sm">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev" className="pagination-link">
          Previous
        </Link>
      )}
      {pages.map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-2 text-grey-400">
            …
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} className="pagination-link" aria-current={p === page ? "page" : undefined}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link to={hrefFor(page + 1)} rel="next" className="pagination-link">
          Next
        </Link>
      )}
    </nav>
  );
}

/** First, last, and the pages around the current one; null marks a gap. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && p - last > 1) result.push(null);
    result.push(p);
  }
  return result;
}
