import { data, redirect } from "react-router";
import type { Route } from "./+types/post";
import { isNewsSection, postPath, STORY_PRODUCTS, storyShopCategory } from "../../../server/modules/news/shared.ts";
import { noFilters } from "../../../server/modules/catalog/shared.ts";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import { PostView } from "~/components/news/post-view";
import { pageMeta, siteFrom } from "~/lib/meta";
import { isMemberNow, privatePageOfferFor } from "~/lib/private-page.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { feature: "news" };

/**
 * A post: /news-and-media/{section}/post/{post}. A members-only post (every exclusive) shows
 * non-members its teaser and the private-page modal; its body and videos are not in the page or
 * its data at all.
 */
export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (!isNewsSection(params.section)) throw data(null, { status: 404 });
  const post = await context.services.news.post(params.section, params.post, { member: await isMemberNow(context) });
  if (!post) {
    // A post whose address changed: the old one answers 301 to where it is now (ADR 75).
    const moved = await context.services.news.movedTo(new URL(request.url).pathname);
    if (moved) throw redirect(moved, 301);
    throw data(null, { status: 404 });
  }
  const [offer, products] = await Promise.all([
    post.locked ? privatePageOfferFor(context, postPath(post)) : null,
    storyProducts(context, post.category?.slug),
  ]);
  return { post, offer, products, currency: context.env.currency };
}

/**
 * "Shop the story": products of the shop category the post's newsroom category is about, or the
 * featured products (ADR 82). Products are public, so a locked post shows them too.
 */
async function storyProducts(context: ReturnType<typeof pageContext>, newsCategory: string | undefined) {
  const { catalog } = context.services;
  const category = storyShopCategory(newsCategory);
  if (category !== null) {
    const listing = await catalog.listing.list(
      { scope: { category }, filters: noFilters(), sort: "featured", page: 1, pageSize: STORY_PRODUCTS },
      await context.viewer(),
    );
    if (listing.products.length > 0) return listing.products;
  }
  return (await catalog.featuredProducts()).slice(0, STORY_PRODUCTS);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? [
        ...pageMeta(siteFrom(matches), {
          title: data.post.title,
          description: data.post.seoDescription || data.post.excerpt,
          path: postPath(data.post),
          image: data.post.cover ? imageUrl("cover", 1200, data.post.cover.src) : undefined,
        }),
        { property: "article:published_time", content: data.post.publishedAt },
      ]
    : [];

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { post, offer, products, currency } = loaderData;
  return <PostView post={post} offer={offer} products={products} currency={currency} />;
}
