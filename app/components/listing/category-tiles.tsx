import { imageSrcSet, imageUrl, storedImageSource } from "../../../server/modules/media/shared.ts";
import { Link } from "~/components/ui/link";

interface CategoryTileView {
  href: string;
  name: string;
  /** A stored image path (media folder or upload), as catalog.categoryTiles() gives it; null: none. */
  imagePath: string | null;
}

// Tiles are half a phone's width up to a sixth of a wide screen's: these renderings cover both.
const TILE_WIDTHS = [240, 320, 480, 640, 800] as const;

/**
 * The top-level categories as picture tiles, each a link to its listing: two to a row on a phone,
 * up to six on a wide screen. The pictures are below the fold on most pages, so they load lazily;
 * the name is text over a dark foot of the picture, so it is read whatever the picture shows.
 */
export function CategoryTiles({ tiles, title = "Shop by category" }: { tiles: readonly CategoryTileView[]; title?: string }) {
  if (tiles.length === 0) return null;
  return (
    <nav aria-label={title} className="mb-8">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {tiles.map((tile) => {
          const source = tile.imagePath === null ? null : storedImageSource(tile.imagePath);
          return (
            <li key={tile.href}>
              <Link
                to={tile.href}
                className="group relative block overflow-hidden rounded-lg bg-grey-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mint-700"
                data-testid="category-tile"
              >
                {source ? (
                  <img
                    src={imageUrl("cover", 480, source)}
                    srcSet={imageSrcSet("cover", source, TILE_WIDTHS)}
                    sizes="(min-width: 1024px) 16vw, (min-width: 640px) 32vw, 48vw"
                    alt=""
                    width={480}
                    height={270}
                    loading="lazy"
                    decoding="async"
                    className="aspect-video w-full object-cover transition duration-300 group-hover:scale-105"
                  />
                ) : (
                  // No picture yet: the tile keeps its shape, the name on its colour.
                  <span className="block aspect-video w-full" />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-grey-900/90 to-grey-900/0 px-3 pt-6 pb-2 text-sm font-semibold text-white sm:text-base">
                  {tile.name}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
