import type { ReactNode } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/search";
import { RESULT_SORTS } from "../../../server/modules/catalog/shared.ts";
import { parseListingParams } from "~/lib/listing-params.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/listing/category-chips";
import { ListingBody, pageHref } from "~/components/listing/listing-body";
import { Link } from "~/components/ui/link";
import { countActiveFilters, filterFormValues } from "~/lib/listing-filters";
import { pageMeta, siteFrom } from "~/lib/meta";
import { deserialize, serialize } from "~/lib/serialized";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * /search?q=...: the products a search finds, with the listings' filters, sort, pagination and
 * "Load more" (the same read model, see docs/decisions/0017-product-search.md). The header's
 * search box sends its form here. Bad parameters are ignored; result pages are not indexed.
 */

const PAGE_SIZE = 24;
const FORM_ID = "search-filters";

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(siteFrom(matches), {
    title: data?.query ? `Search results for "${data.query}"` : "Search",
    description: data?.query ? `Products matching "${data.query}".` : "Search the shop's products, brands and categories.",
    path: "/search",
  }),
  // Results pages are endless and thin; the shop's own pages are what search engines should list.
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  const { query = "", filters, sort, page } = parseListingParams(url.searchParams, "lenient");
  const { catalog } = context.services;
  const currency = context.env.currency;
  const result = query
    ? await catalog.listing.list({ scope: {}, query, filters, sort, page, pageSize: PAGE_SIZE }, await context.viewer())
    : null;
  if (result && result.page !== page) {
    // A page past the end (an old link, fewer results now): the last page.
    throw redirect(pageHref(url, result.page));
  }
  // Without a query or a result, the page suggests browsing the shop instead.
  const browse = !result || result.total === 0 ? (await catalog.categories()).map((c) => ({ slug: c.slug, name: c.name })) : [];
  return {
    query,
    // The same form as the shop's listings, which "Load more" reads (lib/serialized.ts).
    result: result && serialize(result),
    sort,
    filters: filterFormValues(filters),
    activeFilters: countActiveFilters(filters),
    currency,
    browse,
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, sort, filters, activeFilters, currency, browse } = loaderData;
  const result = loaderData.result && deserialize(loaderData.result);
  const searchPath = `/search?${new URLSearchParams({ q: query })}`;
  return (
    <div className="container-page py-8">
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "Search" }]} />
      <header className="mt-4 mb-6">
        <h1 className="text-3xl font-bold tracking-tight break-words">{query ? `Search results for "${query}"` : "Search"}</h1>
      </header>

      {!result ? (
        <Browse categories={browse}>
          <p className="font-medium">What are you looking for?</p>
          <p className="mt-1 text-grey-600">Type a product, a brand or a kind of kit in the search box above.</p>
        </Browse>
      ) : result.total === 0 && activeFilters === 0 ? (
        <Browse categories={browse}>
          <p className="font-medium break-words">No products match &ldquo;{query}&rdquo;.</p>
          <p className="mt-1 text-grey-600">Check the spelling, try fewer or other words, or browse the shop.</p>
        </Browse>
      ) : (
        <ListingBody
          formId={FORM_ID}
          action={searchPath}
          result={result}
          sort={sort}
          sorts={RESULT_SORTS}
          filters={filters}
          activeFilters={activeFilters}
          currency={currency}
          // A GET form's action loses its query string: the search goes along as a field.
          filterFields={<input type="hidden" name="q" value={query} form={FORM_ID} />}
        />
      )}
    </div>
  );
}

/** The friendly end of a search that has nothing to show: the shop's categories to browse. */
function Browse({ categories, children }: { categories: { slug: string; name: string }[]; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-grey-200 p-8">
      {children}
      <p className="mt-6 text-sm font-medium">Browse the shop</p>
      <CategoryChips
        categories={categories}
        className="mt-2"
        first={
          <Link to="/shop" className="chip">
            Everything
          </Link>
        }
      />
    </div>
  );
}
