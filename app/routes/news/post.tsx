import { data } from "react-router";
import type { Route } from "./+types/post";
import { isNewsSection, postPath } from "../../../server/modules/news/shared.ts";
import { imageSrcSet, imageUrl } from "../../../server/modules/media/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { LazyPrivatePageModal } from "~/components/membership/lazy-private-page-modal";
import { NewsTile, newsCategoryPath } from "~/components/news/news-tile";
import { Link } from "~/components/ui/link";
import { VideoFacade } from "~/components/video/video-facade";
import { calendarDate } from "~/lib/dates";
import { pageMeta, siteFrom } from "~/lib/meta";
import { isMemberNow, privatePageOfferFor } from "~/lib/private-page.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { feature: "news" };

/**
 * A post: /news-and-media/{section}/post/{post}. A members-only post (every exclusive) shows
 * non-members its teaser and the private-page modal; its body and videos are not in the page or
 * its data at all.
 */
export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (!isNewsSection(params.section)) throw data(null, { status: 404 });
  const post = await context.services.news.post(params.section, params.post, { member: await isMemberNow(context) });
  if (!post) throw data(null, { status: 404 });
  return { post, offer: post.locked ? await privatePageOfferFor(context, postPath(post)) : null };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? [
        ...pageMeta(siteFrom(matches), {
          title: data.post.title,
          description: data.post.excerpt,
          path: postPath(data.post),
          image: data.post.cover ? imageUrl("cover", 1200, data.post.cover.src) : undefined,
        }),
        { property: "article:published_time", content: data.post.publishedAt },
      ]
    : [];

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { post, offer } = loaderData;
  const sectionName = post.section === "news" ? "News" : "Exclusives";
  return (
    <div className="container-page py-8">
      <Breadcrumbs
        trail={[
          { label: "Home", to: "/" },
          { label: "News and media", to: "/news-and-media" },
          { label: sectionName, to: `/news-and-media/${post.section}` },
          ...(post.category ? [{ label: post.category.name, to: newsCategoryPath(post.section, post.category.slug) }] : []),
        ]}
      />
      <article className="mx-auto mt-6 max-w-3xl">
        <header>
          <p className="news-tile-meta text-sm">
            {post.membersOnly && <span className="members-badge">Members</span>}
            {post.category && (
              <Link
                to={newsCategoryPath(post.section, post.category.slug)}
                className="font-semibold text-mint-800 hover:underline"
              >
                {post.category.name}
              </Link>
            )}
            <time dateTime={post.publishedAt}>{calendarDate(post.publishedAt)}</time>
            {post.author && <span>By {post.author}</span>}
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-lg text-grey-700">{post.excerpt}</p>
        </header>
        {post.cover && (
          <img
            className="mt-6 aspect-video w-full rounded-xl bg-grey-100 object-cover"
            src={imageUrl("cover", 800, post.cover.src)}
            srcSet={imageSrcSet("cover", post.cover.src, [480, 640, 800, 1200])}
            sizes="(min-width: 768px) 768px, 100vw"
            alt={post.cover.alt}
            width={800}
            height={450}
            fetchPriority="high"
          />
        )}
        {post.locked ? (
          offer && <LazyPrivatePageModal key={offer.path} offer={offer} title={`“${post.title}”`} />
        ) : (
          <>
            <div className="rich-text mt-8" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
            {post.videos.map((url, i) => (
              <div key={url} className="mt-8" data-testid="post-video">
                <VideoFacade
                  url={url}
                  title={post.videos.length > 1 ? `${post.title} (video ${i + 1})` : post.title}
                  poster={post.cover ? imageUrl("cover", 800, post.cover.src) : undefined}
                />
              </div>
            ))}
          </>
        )}
      </article>
      {post.related.length > 0 && (
        <section aria-labelledby="related-posts" className="mt-16">
          <h2 id="related-posts" className="text-2xl font-bold tracking-tight">
            More {post.section === "news" ? "news" : "exclusives"}
          </h2>
          <div className="news-grid mt-6">
            {post.related.map((tile) => (
              <NewsTile key={tile.slug} tile={tile} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
