import type { NewsTile as Tile } from "../../../server/modules/news/index.ts";
import { LeadStory } from "~/components/news/lead-story";
import { NewsTile } from "~/components/news/news-tile";
import { Link } from "~/components/ui/link";

/** The newsroom on the home page: the newest story large, the next two beside it. */
export function HomeNews({ tiles }: { tiles: Tile[] }) {
  const [lead, ...more] = tiles;
  if (!lead) return null;
  return (
    <section aria-labelledby="home-news-title" className="container-page mt-16">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 id="home-news-title" className="font-display text-3xl font-bold tracking-tight uppercase">
          From the newsroom
        </h2>
        <Link to="/news-and-media" className="text-link inline-flex min-h-11 items-center text-sm">
          All news and media
        </Link>
      </div>
      <LeadStory tile={lead} />
      {more.length > 0 && (
        <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2">
          {more.map((tile) => (
            <NewsTile key={`${tile.section}/${tile.slug}`} tile={tile} />
          ))}
        </div>
      )}
    </section>
  );
}
