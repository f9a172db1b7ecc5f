import type { NewsTile as Tile } from "../../../server/modules/news/index.ts";
import { postPath } from "../../../server/modules/news/shared.ts";
import { imageSrcSet, imageUrl } from "../../../server/modules/media/shared.ts";
import { Link } from "~/components/ui/link";
import { PostMeta } from "./news-tile";

/**
 * The story a news page leads with: a wide cover beside (below 1024 px: above) its category,
 * date, headline in the display face and excerpt. The whole card is the headline's link. It is
 * a news tile like the others (the listing's twelve a page include it), only larger.
 */
export function LeadStory({ tile, eager = false }: { tile: Tile; eager?: boolean }) {
  return (
    <article
      className="relative grid overflow-hidden rounded-xl border border-grey-200 bg-white lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      data-testid="news-tile"
      data-lead="true"
    >
      {tile.cover ? (
        <img
          src={imageUrl("cover", 800, tile.cover.src)}
          srcSet={imageSrcSet("cover", tile.cover.src, [480, 640, 800, 1200])}
          sizes="(min-width: 1536px) 860px, (min-width: 1024px) 60vw, 100vw"
          alt={tile.cover.alt}
          loading={eager ? "eager" : "lazy"}
          width={800}
          height={450}
          className="aspect-video h-full w-full bg-grey-100 object-cover"
        />
      ) : (
        <div className="aspect-video bg-mint-100" />
      )}
      <div className="flex flex-col justify-center gap-3 p-6 lg:p-8">
        <PostMeta post={tile} className="news-tile-meta text-sm" />
        <h3 className="font-display text-3xl leading-tight font-bold tracking-tight sm:text-4xl">
          <Link to={postPath(tile)} className="after:absolute after:inset-0 hover:underline">
            {tile.title}
          </Link>
        </h3>
        <p className="text-grey-700">{tile.excerpt}</p>
        <p className="text-sm font-semibold text-mint-800" aria-hidden="true">
          Read the story →
        </p>
      </div>
    </article>
  );
}
