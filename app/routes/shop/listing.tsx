import { redirect } from "react-router";
import type { Route } from "./+types/listing";
import { LISTING_SORTS } from "../../../server/modules/catalog/shared.ts";
import { parseListingParams } from "~/lib/listing-params.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/listing/category-chips";
import { CategoryTiles } from "~/components/listing/category-tiles";
import { ListingBody, pageHref } from "~/components/listing/listing-body";
import { Link } from "~/components/ui/link";
import { describePlace, scopeFromPath } from "~/lib/listing-place";
import { logoImageSources } from "~/lib/media";
import { notFoundOrMoved } from "~/lib/moved.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { countActiveFilters, filterFormValues } from "~/lib/listing-filters";
import { deserialize, serialize } from "~/lib/serialized";
import { pageContext } from "../../../server/http/page-context.ts";
import { shopErrorCode } from "../../../server/lib/shared.ts";

const PAGE_SIZE = 24;
const FORM_ID = "listing-filters";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(siteFrom(matches), { title: data.place.title, description: data.place.description, path: data.place.path })
    : [];

export async function loader({ params, request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  const scope = scopeFromPath(params, url.pathname);
  const { filters, sort, page } = parseListingParams(url.searchParams, "lenient");
  const { catalog } = context.services;
  const shopRoot = !scope.category && !scope.brand;
  const [categories, brands, tiles] = await Promise.all([
    catalog.categories(),
    catalog.brandDetails(),
    // The shop root opens with the categories as pictures (issue 27); other listings are in one already.
    shopRoot ? catalog.categoryTiles() : [],
  ]);
  const place = describePlace(scope, categories, brands);
  // Nothing here: a category's or brand's old address (its slug changed) answers 301, anything else 404.
  if (!place) return notFoundOrMoved(catalog, request, ["category", "brand"]);
  try {
    // Members with early access list members-only products too (ADR 41).
    const result = await catalog.listing.list({ scope, filters, sort, page, pageSize: PAGE_SIZE }, await context.viewer());
    if (result.page !== page) {
      // A page past the end (an old link, a shorter listing): send the visitor to the last one.
      throw redirect(pageHref(url, result.page));
    }
    return {
      place,
      // The listing answer is cached and shared: its JSON text is made once (lib/serialized.ts).
      result: serialize(result),
      sort,
      filters: filterFormValues(filters),
      activeFilters: countActiveFilters(filters),
      currency: context.env.currency,
      // A brand page lists its products of every category: chips narrow it to one.
      categories: scope.category || shopRoot ? [] : categories.map((c) => ({ slug: c.slug, name: c.name })),
      tiles,
    };
  } catch (error) {
    // By name: the services' errors come from the server bundle's copy of the module (see cart/errors.ts).
    if (shopErrorCode(error) === "UNKNOWN_SCOPE") return notFoundOrMoved(catalog, request, ["category", "brand"]);
    throw error;
  }
}

export default function ShopListing({ loaderData }: Route.ComponentProps) {
  const { place, sort, filters, activeFilters, currency, categories, tiles } = loaderData;
  const result = deserialize(loaderData.result);
  return (
    <div className="container-page py-8">
      <Breadcrumbs trail={place.trail} />
      <header className="mt-4 mb-6">
        <div className="flex items-center gap-4">
          {place.brand?.logoPath && (
            <img {...logoImageSources(place.brand.logoPath, 96, 160)} alt="" width={64} height={64} className="size-16" />
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
        {categories.length > 0 && <CategoryChips categories={categories} />}
      </header>
      <CategoryTiles tiles={tiles} />

      <ListingBody
        formId={FORM_ID}
        action={place.path}
        result={result}
        sort={sort}
        sorts={LISTING_SORTS}
        filters={filters}
        activeFilters={activeFilters}
        currency={currency}
      />
    </div>
  );
}
