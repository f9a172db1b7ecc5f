import { useState } from "react";
import { data, redirect, useFetcher, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/shop-listing";
import { parseListingParams, wholeUnits } from "../../server/modules/catalog/listing/params.ts";
import { LISTING_SORTS, UnknownScopeError, type ListingFilters } from "../../server/modules/catalog/listing/types.ts";
import type { ProductCard as Card } from "../../server/modules/catalog/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Filters } from "~/components/listing/filters";
import { Pagination } from "~/components/listing/pagination";
import { ProductGrid } from "~/components/product-grid";
import { Link } from "~/components/ui/link";
import { describePlace, scopeFromPath } from "~/lib/listing-place";
import { mediaUrl } from "~/lib/media";
import { pageMeta, siteFrom } from "~/lib/meta";
import { currencySymbol } from "~/lib/money";
import { readLoadedPages, writeLoadedPages, type LoadedPage } from "~/lib/loaded-pages";
import { useHydrated } from "~/lib/use-hydrated";

const PAGE_SIZE = 24;
const FORM_ID = "listing-filters";
const SORT_LABELS: Record<(typeof LISTING_SORTS)[number], string> = {
  featured: "Featured",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
};

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(siteFrom(matches), { title: data.place.title, description: data.place.description, path: data.place.path })
    : [];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const scope = scopeFromPath(params, url.pathname);
  const { filters, sort, page } = parseListingParams(url.searchParams, "lenient");
  const { catalog } = context.services;
  const [categories, brands] = await Promise.all([catalog.categories(), catalog.brandDetails()]);
  const place = describePlace(scope, categories, brands);
  if (!place) throw data(null, { status: 404 });
  try {
    const result = await catalog.listing.list({ scope, filters, sort, page, pageSize: PAGE_SIZE });
    if (result.page !== page) {
      // A page past the end (an old link, a shorter listing): send the visitor to the last one.
      const last = new URLSearchParams(url.search);
      if (result.page > 1) last.set("page", String(result.page));
      else last.delete("page");
      const query = last.toString();
      throw redirect(query ? `${url.pathname}?${query}` : url.pathname);
    }
    return {
      place,
      result,
      sort,
      filters: {
        priceMin: filters.priceMin === undefined ? undefined : wholeUnits(filters.priceMin),
        priceMax: filters.priceMax === undefined ? undefined : wholeUnits(filters.priceMax),
        inStock: filters.inStock,
      },
      activeFilters: countActive(filters),
      currency: context.env.currency,
      categories: scope.category ? [] : categories.map((c) => ({ slug: c.slug, name: c.name })),
    };
  } catch (error) {
    if (error instanceof UnknownScopeError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function ShopListing({ loaderData }: Route.ComponentProps) {
  const { place, result, sort, filters, activeFilters, currency, categories } = loaderData;
  const location = useLocation();
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page > 1) params.set("page", String(page));
    else params.delete("page");
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };

  return (
    <div className="container-page py-8">
      <Breadcrumbs trail={place.trail} />
      <header className="mt-4 mb-6">
        <div className="flex items-center gap-4">
          {place.brand?.logoPath && (
            <img src={mediaUrl(place.brand.logoPath)} alt="" width={64} height={64} className="size-16" />
          )}
          <h1 className="text-3xl font-bold tracking-tight">{place.title}</h1>
        </div>
        <p className="mt-2 max-w-2xl text-grey-600">{place.description}</p>
        {place.category && (
          <p className="mt-3 flex gap-4 text-sm">
            <Link to={`/shop/${place.category.slug}/sub`} className="text-mint-700 underline">
              {place.category.name} by type
            </Link>
            <Link to={`/shop/${place.category.slug}/brand`} className="text-mint-700 underline">
              {place.category.name} by brand
            </Link>
            <Link to={`/shop/${place.category.slug}/sale`} className="text-mint-700 underline">
              Sale
            </Link>
          </p>
        )}
        {categories.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categories">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/shop/${c.slug}`} className="chip">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </header>

      <div className="listing">
        <aside className="listing-filters">
          <Filters
            formId={FORM_ID}
            action={place.path}
            facets={result.facets}
            priceMin={filters.priceMin}
            priceMax={filters.priceMax}
            inStock={filters.inStock}
            currencySymbol={currencySymbol(currency)}
            activeCount={activeFilters}
          />
        </aside>
        <section aria-label="Products" className="listing-results">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-grey-600" role="status">
              {result.total === 1 ? "1 product" : `${result.total} products`}
            </p>
            <SortSelect sort={sort} />
          </div>
          {result.total === 0 ? (
            <div className="rounded-lg border border-grey-200 p-8 text-center">
              <p className="font-medium">No products match these filters.</p>
              <Link to={place.path} className="mt-2 inline-block text-mint-700 underline">
                Clear all filters
              </Link>
            </div>
          ) : (
            <MoreableGrid key={location.pathname + location.search} result={result} currency={currency} hrefFor={hrefFor} />
          )}
        </section>
      </div>
    </div>
  );
}

function SortSelect({ sort }: { sort: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <label className="flex items-center gap-2 text-sm">
      Sort by
      <select
        name="sort"
        form={FORM_ID}
        defaultValue={sort}
        className="rounded-md border border-grey-300 px-2 py-1"
        onChange={(e) => e.currentTarget.form && void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" form={FORM_ID} className="rounded-md border border-grey-300 px-2 py-1">
          Sort
        </button>
      )}
    </label>
  );
}

/**
 * The grid and its paging: page links without JavaScript, a "Load more" button with it that
 * appends the next page in place.
 */
function MoreableGrid({
  result,
  currency,
  hrefFor,
}: {
  result: Awaited<ReturnType<typeof loader>>["result"];
  currency: string;
  hrefFor: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const { key: historyKey } = useLocation();
  const fetcher = useFetcher<typeof loader>();
  const [added, setAdded] = useState<LoadedPage<Card>[] | null>(null);
  // Pages added earlier in this history entry come back after hydration (the server cannot
  // know them) or at once on a client-side Back.
  const more = added ?? (hydrated ? readLoadedPages<Card>(historyKey) : []);
  const lastPage = more.length > 0 ? more[more.length - 1]!.page : result.page;
  const next = fetcher.data?.result;
  // A newly fetched page joins the list during render (React's pattern for state that follows
  // other data), so it never shows a frame without it.
  if (next && next.page > lastPage) {
    const grown = [...more, { page: next.page, products: next.products }];
    writeLoadedPages(historyKey, grown);
    setAdded(grown);
  }
  const products = [...result.products, ...more.flatMap((p) => p.products)];

  return (
    <>
      <ProductGrid products={products} currency={currency} />
      {hydrated ? (
        lastPage < result.pageCount && (
          <div className="mt-10 text-center">
            <button
              type="button"
              className="load-more"
              disabled={fetcher.state !== "idle"}
              onClick={() => fetcher.load(hrefFor(lastPage + 1))}
            >
              {fetcher.state !== "idle" ? "Loading…" : "Load more"}
            </button>
            <p className="mt-2 text-sm text-grey-500">
              Showing {products.length} of {result.total}
            </p>
          </div>
        )
      ) : (
        <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
      )}
    </>
  );
}

function countActive(filters: ListingFilters) {
  return (
    (filters.priceMin !== undefined ? 1 : 0) +
    (filters.priceMax !== undefined ? 1 : 0) +
    filters.sizes.length +
    filters.colours.length +
    filters.brands.length +
    filters.subCategories.length +
    Object.values(filters.attributes).reduce((n, values) => n + values.length, 0) +
    (filters.inStock ? 1 : 0)
  );
}
