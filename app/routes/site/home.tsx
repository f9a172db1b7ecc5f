import type { Route } from "./+types/home";
import { BrandSlider } from "~/components/brand-slider";
import { CategoryTiles } from "~/components/listing/category-tiles";
import { HomeHero } from "~/components/home/home-hero";
import { HomeMembershipOffer } from "~/components/home/home-membership-offer";
import { HomeNews } from "~/components/home/home-news";
import { ProductGrid } from "~/components/product-grid";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import { deserialize, serialize } from "~/lib/serialized";
import { pageContext } from "../../../server/http/page-context.ts";
import { offeredPlan } from "../../../server/modules/membership/shared.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFrom(matches), { path: "/" });

/** The home page's newsroom: the lead story and two more. */
const HOME_STORIES = 3;

/**
 * The home page: the campaign, the categories, featured products, the newsroom, the membership
 * offer and the brands (ADR 82). Everything here is the same for every visitor and cached by the
 * services, so the page stays one cheap render. The trust bar is the frame's, on every page.
 */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalog, news, membership, site } = context.services;
  // The newsroom and the offer only while their features are on (their pages answer 404 when off).
  const [newsOn, membershipOn] = await Promise.all([site.featureEnabled("news"), site.featureEnabled("membership")]);
  const [featured, brands, tiles, stories, plans] = await Promise.all([
    catalog.featuredProducts(),
    catalog.brands(),
    catalog.categoryTiles(),
    newsOn ? news.listing({ section: "news", page: 1 }) : null,
    membershipOn ? membership.plans() : [],
  ]);
  const first = tiles[0];
  return {
    tagline: context.env.tagline,
    productNoun: context.env.productNoun,
    currency: context.env.currency,
    // Both cached and the same for everyone: their JSON texts are made once (lib/serialized.ts).
    featured: serialize(featured),
    brands: serialize(brands),
    tiles,
    shop: first ? { href: first.href, label: `Shop ${first.name.toLowerCase()}` } : { href: "/shop", label: "Shop now" },
    membershipOn,
    stories: stories?.tiles.slice(0, HOME_STORIES) ?? [],
    plan: offeredPlan(plans),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tagline, productNoun, currency, tiles, shop, membershipOn, stories, plan } = loaderData;
  const featured = deserialize(loaderData.featured);
  const brands = deserialize(loaderData.brands);
  return (
    <>
      <HomeHero headline={tagline} eyebrow={`${productNoun} equipment`} shop={shop} membership={membershipOn} />

      <section aria-labelledby="category-tiles-title" className="container-page mt-12">
        <h2 id="category-tiles-title" className="mb-6 font-display text-3xl font-bold tracking-tight uppercase">
          Shop by category
        </h2>
        <CategoryTiles tiles={tiles} title="Categories" />
      </section>

      <section aria-labelledby="featured-title" className="container-page mt-16">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
          <h2 id="featured-title" className="font-display text-3xl font-bold tracking-tight uppercase">
            Featured
          </h2>
          <Link to="/shop" className="text-link inline-flex min-h-11 items-center text-sm">
            Shop everything
          </Link>
        </div>
        <ProductGrid products={featured} currency={currency} />
      </section>

      <HomeNews tiles={stories} />

      <HomeMembershipOffer plan={plan} />

      <BrandSlider brands={brands} />
    </>
  );
}
