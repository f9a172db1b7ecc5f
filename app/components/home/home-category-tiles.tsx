import { imageSrcSet, imageUrl, storedImageSource } from "../../../server/modules/media/shared.ts";
import { Link } from "~/components/ui/link";

export interface HomeTile {
  href: string;
  name: string;
  /** A stored image path: the owner's upload, or the category's drawn tile. */
  imagePath: string;
}

/**
 * The shop's top-level categories as picture tiles: two a row on a phone, up to four on a wide
 * screen. The name sits on a white band under the picture, so it reads whatever the picture shows.
 */
export function HomeCategoryTiles({ tiles, title = "Shop by category" }: { tiles: HomeTile[]; title?: string }) {
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="category-tiles-title" className="container-page mt-12">
      <h2 id="category-tiles-title" className="mb-6 font-display text-3xl font-bold tracking-tight uppercase">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {tiles.map((tile) => {
          const src = storedImageSource(tile.imagePath);
          return (
            <li key={tile.href}>
              <Link
                to={tile.href}
                className="group block overflow-hidden rounded-xl border border-grey-200 bg-white hover:border-mint-600"
              >
                <img
                  src={imageUrl("cover", 480, src)}
                  srcSet={imageSrcSet("cover", src, [240, 320, 480, 640])}
                  sizes="(min-width: 1024px) 25vw, 50vw"
                  alt=""
                  loading="lazy"
                  width={480}
                  height={270}
                  className="aspect-video w-full bg-grey-100 object-cover transition-transform group-hover:scale-105"
                />
                <span className="flex min-h-11 items-center px-3 py-2 font-semibold group-hover:text-mint-800">{tile.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
