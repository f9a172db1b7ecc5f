import type { Route } from "./+types/home";
import { BrandSlider } from "~/components/brand-slider";
import { ProductGrid } from "~/components/product-grid";
import { pageMeta, siteFrom } from "~/lib/meta";
import { deserialize, serialize } from "~/lib/serialized";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFrom(matches), { path: "/" });

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalog } = context.services;
  const [featured, brands] = await Promise.all([catalog.featuredProducts(), catalog.brands()]);
  return {
    tagline: context.env.tagline,
    productNoun: context.env.productNoun,
    currency: context.env.currency,
    // Both cached and the same for everyone: their JSON texts are made once (lib/serialized.ts).
    featured: serialize(featured),
    brands: serialize(brands),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tagline, productNoun, currency } = loaderData;
  const featured = deserialize(loaderData.featured);
  const brands = deserialize(loaderData.brands);
  return (
    <>
      <section className="bg-gradient-to-br from-mint-50 via-white to-grey-50">
        <div className="container-page py-14 sm:py-20">
          <p className="font-mono text-xs tracking-widest text-mint-700 uppercase">{productNoun} equipment</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{tagline}</h1>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="container-page mt-12">
        <h2 id="featured-title" className="mb-6 text-2xl font-semibold">
          Featured
        </h2>
        <ProductGrid products={featured} currency={currency} />
      </section>

      <BrandSlider brands={brands} />
    </>
  );
}
