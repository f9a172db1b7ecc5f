import type { ReactNode } from "react";
import type { NewsTile as Tile } from "../../../server/modules/news/index.ts";
import { postPath } from "../../../server/modules/news/shared.ts";
import { imageSrcSet, imageUrl } from "../../../server/modules/media/shared.ts";
import { Link } from "~/components/ui/link";
import { calendarDate } from "~/lib/dates";

const SECTION_NAMES = { news: "News", exclusives: "Exclusives" } as const;

/**
 * A post's kicker: the members' badge, its category (a link to the category's page; the section's
 * name when it has none), the date, and whatever follows (the post page's author). The category
 * link sits above a card whose title link covers it (relative z-10).
 */
export function PostMeta({
  post,
  className = "news-tile-meta",
  children,
}: {
  post: Pick<Tile, "membersOnly" | "section" | "category" | "publishedAt">;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p className={className}>
      {post.membersOnly && <span className="members-badge">Members</span>}
      {post.category ? (
        <Link
          to={newsCategoryPath(post.section, post.category.slug)}
          className="relative z-10 font-semibold text-mint-800 hover:underline"
        >
          {post.category.name}
        </Link>
      ) : (
        <span className="font-semibold">{SECTION_NAMES[post.section]}</span>
      )}
      <time dateTime={post.publishedAt}>{calendarDate(post.publishedAt)}</time>
      {children}
    </p>
  );
}

/** The address of a section's category page. */
export function newsCategoryPath(section: Tile["section"], category: string): string {
  return `/news-and-media/${section}/${category}`;
}

/** One post in a news grid: cover, category and date, title (the link), excerpt. */
export function NewsTile({ tile, eager = false }: { tile: Tile; eager?: boolean }) {
  return (
    <article className="news-tile" data-testid="news-tile">
      {tile.cover ? (
        <img
          src={imageUrl("cover", 640, tile.cover.src)}
          srcSet={imageSrcSet("cover", tile.cover.src, [320, 480, 640, 800])}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt={tile.cover.alt}
          loading={eager ? "eager" : "lazy"}
          width={640}
          height={360}
        />
      ) : (
        <div className="aspect-video bg-mint-100" />
      )}
      <div className="news-tile-body">
        <PostMeta post={tile} />
        <h3 className="text-lg leading-snug font-bold">
          {/* The title's link covers the whole tile (the category link sits above it). */}
          <Link to={postPath(tile)} className="after:absolute after:inset-0 hover:underline">
            {tile.title}
          </Link>
        </h3>
        <p className="text-sm text-grey-700">{tile.excerpt}</p>
      </div>
    </article>
  );
}
