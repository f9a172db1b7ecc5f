import { Breadcrumbs } from "~/components/breadcrumbs";
import { LazyPrivatePageModal } from "~/components/membership/lazy-private-page-modal";
import { NewsTile, newsCategoryPath, PostMeta } from "~/components/news/news-tile";
import { StoryProducts } from "~/components/news/story-products";
import { VideoFacade } from "~/components/video/video-facade";
import type { PrivatePageOffer } from "~/lib/private-page";
import type { NewsPost } from "../../../server/modules/news/index.ts";
import type { ProductCard } from "../../../server/modules/catalog/index.ts";
import { imageSrcSet, imageUrl } from "../../../server/modules/media/shared.ts";

/** A post's page as readers see it: the post page and its preview link's page (ADR 75) show the same. */
export function PostView({
  post,
  offer,
  products = [],
  currency,
}: {
  post: NewsPost;
  offer: PrivatePageOffer | null;
  /** "Shop the story": the products the post's page suggests (ADR 82); none on a preview. */
  products?: ProductCard[];
  currency?: string;
}) {
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
          <PostMeta post={post} className="news-tile-meta text-sm">
            {post.author && <span>By {post.author}</span>}
          </PostMeta>
          <h1 className="mt-3 font-display text-4xl leading-tight font-bold tracking-tight sm:text-5xl">{post.title}</h1>
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
      {products.length > 0 && currency && <StoryProducts products={products} currency={currency} />}
      {post.related.length > 0 && (
        <section aria-labelledby="related-posts" className="mt-16">
          <h2 id="related-posts" className="font-display text-3xl font-bold tracking-tight uppercase">
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
