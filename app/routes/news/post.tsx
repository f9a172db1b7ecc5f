import { data, redirect } from "react-router";
import type { Route } from "./+types/post";
import { isNewsSection, postPath } from "../../../server/modules/news/shared.ts";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import { PostView } from "~/components/news/post-view";
import { pageMeta, siteFrom } from "~/lib/meta";
import { isMemberNow, privatePageOfferFor } from "~/lib/private-page.server";
import { storyProducts } from "~/lib/story-products.server";
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
    context.viewer().then((viewer) => storyProducts(context.services.catalog, post.category?.slug, viewer)),
  ]);
  return { post, offer, products, currency: context.env.currency };
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
