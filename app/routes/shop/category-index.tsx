import type { Route } from "./+types/category-index";
import { noFilters } from "../../../server/modules/catalog/shared.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import { notFoundOrMoved } from "~/lib/moved.server";
import { pageContext } from "../../../server/http/page-context.ts";

/** /shop/{category}/sub and /shop/{category}/brand: the category's sub-categories or its brands. */
export async function loader({ params, request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalog } = context.services;
  const by = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/brand") ? "brand" : "sub";
  const category = (await catalog.categories()).find((c) => c.slug === params.category);
  if (!category) return notFoundOrMoved(catalog, request, ["category"]);
  const listing = await catalog.listing.list(
    { scope: { category: category.slug }, filters: noFilters(), sort: "featured", page: 1, pageSize: 1 },
    await context.viewer(),
  );
  const options = by === "brand" ? listing.facets.brands : listing.facets.subCategories;
  const entries = options.map((o) => ({
    to: `/shop/${category.slug}/${by}/${o.value}`,
    name: o.label,
    count: o.count,
    description: by === "sub" ? category.subCategories.find((s) => s.slug === o.value)?.description : undefined,
  }));
  return { by, category: { slug: category.slug, name: category.name }, entries };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(siteFrom(matches), {
        title: `${data.category.name} by ${data.by === "brand" ? "brand" : "type"}`,
        description: `Every ${data.by === "brand" ? "brand" : "kind"} of ${data.category.name.toLowerCase()} in the shop.`,
        path: `/shop/${data.category.slug}/${data.by}`,
      })
    : [];

export default function ShopCategoryIndex({ loaderData }: Route.ComponentProps) {
  const { by, category, entries } = loaderData;
  const title = `${category.name} by ${by === "brand" ? "brand" : "type"}`;
  return (
    <div className="container-page py-8">
      <Breadcrumbs
        trail={[
          { label: "Home", to: "/" },
          { label: "Shop", to: "/shop" },
          { label: category.name, to: `/shop/${category.slug}` },
          { label: by === "brand" ? "Brands" : "Types" },
        ]}
      />
      <h1 className="mt-4 mb-6 text-3xl font-bold tracking-tight">{title}</h1>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className="block rounded-lg border border-grey-200 p-5 hover:border-mint-500">
              <span className="font-semibold">{entry.name}</span>{" "}
              <span className="text-sm text-grey-500">
                ({entry.count} {entry.count === 1 ? "product" : "products"})
              </span>
              {entry.description && <span className="mt-1 block text-sm text-grey-600">{entry.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
