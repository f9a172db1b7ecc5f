import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { ListingResult, ResultSort } from "../../../server/modules/catalog/shared.ts";
import { Filters } from "~/components/listing/filters";
import { LoadMoreGrid } from "~/components/listing/load-more-grid";
import { SortSelect } from "~/components/listing/sort-select";
import { Link } from "~/components/ui/link";
import { currencySymbol } from "~/lib/money";
import { pageHref } from "~/lib/page-href";

export { pageHref } from "~/lib/page-href";

/**
 * Filters beside the results (count, sort, grid with pagination and load more): the body of every
 * listing, of shop pages and of search results alike. `action` is the address the filters apply
 * to; `filterFields` adds hidden fields the filter form must carry (the search text).
 */
export function ListingBody({
  formId,
  action,
  result,
  sort,
  sorts,
  filters,
  activeFilters,
  currency,
  filterFields,
}: {
  formId: string;
  action: string;
  result: ListingResult;
  sort: string;
  sorts: readonly ResultSort[];
  filters: { priceMin?: string; priceMax?: string; inStock: boolean };
  activeFilters: number;
  currency: string;
  filterFields?: ReactNode;
}) {
  const location = useLocation();
  return (
    <div className="listing">
      <aside className="listing-filters">
        <Filters
          formId={formId}
          action={action}
          facets={result.facets}
          priceMin={filters.priceMin}
          priceMax={filters.priceMax}
          inStock={filters.inStock}
          currencySymbol={currencySymbol(currency)}
          activeCount={activeFilters}
        />
        {filterFields}
      </aside>
      <section aria-labelledby="listing-results-title" className="listing-results">
        {/* The cards' headings (h3) sit under a heading of their own, as on the home page. */}
        <h2 id="listing-results-title" className="sr-only">
          Products
        </h2>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-grey-600" role="status">
            {result.total === 1 ? "1 product" : `${result.total} products`}
          </p>
          <SortSelect formId={formId} sort={sort} sorts={sorts} />
        </div>
        {result.total === 0 ? (
          <div className="rounded-lg border border-grey-200 p-8 text-center">
            <p className="font-medium">No products match these filters.</p>
            <Link to={action} className="mt-2 inline-block text-mint-700 underline">
              Clear all filters
            </Link>
          </div>
        ) : (
          <LoadMoreGrid
            key={location.pathname + location.search}
            result={result}
            currency={currency}
            hrefFor={(page) => pageHref(location, page)}
          />
        )}
      </section>
    </div>
  );
}
