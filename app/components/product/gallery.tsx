import { useRef, useState, type KeyboardEvent } from "react";
import type { ProductImageDetail } from "../../../server/modules/catalog/shared.ts";
import { IMAGE_PRESETS } from "../../../server/modules/media/shared.ts";
import { productImageSources } from "~/lib/media";
import { useHydrated } from "~/lib/use-hydrated";

// The main image is half of a wide screen and the whole of a phone's.
const MAIN_WIDTHS = [480, 640, 800, 1200] as const;
const MAIN_SIZES = "(min-width: 1024px) 45vw, 100vw";
const THUMB_WIDTHS = [96, 160] as const;
// The image endpoint crops to the preset's shape, whatever the source's.
const MAIN_SIDE = 800;
const MAIN_HEIGHT = Math.round(MAIN_SIDE * IMAGE_PRESETS.product.aspect);

/**
 * The product's images: a strip that scrolls sideways and snaps to one image at a time, with
 * thumbnails. Without JavaScript the strip scrolls (and swipes on touch screens) by itself and
 * each thumbnail is a link to its image. With JavaScript, previous/next buttons and the arrow
 * keys (Home and End too) on the focused strip move it, and the thumbnail of the image in view
 * is marked. Swiping is the browser's own scrolling, so it has its momentum and needs no script.
 *
 * It shows the chosen colour's images (ADR 80): those of that colour and those of no colour (an
 * upload the owner gave none); all of them when none is of that colour.
 */
export function Gallery({
  images: all,
  productName,
  colour = null,
}: {
  images: ProductImageDetail[];
  productName: string;
  /** The chosen variant's colour; null: every image. */
  colour?: string | null;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const images = imagesOfColour(all, colour);
  const count = images.length;

  if (count === 0) {
    return <div className="gallery-empty" role="img" aria-label={`No image of ${productName} yet`} />;
  }

  const show = (index: number) => {
    const strip = track.current;
    const target = Math.min(Math.max(index, 0), count - 1);
    setCurrent(target);
    // The strip's CSS asks for smooth scrolling unless the visitor prefers reduced motion.
    strip?.scrollTo({ left: target * strip.clientWidth });
  };
  const onScroll = () => {
    const strip = track.current;
    if (strip && strip.clientWidth > 0) setCurrent(Math.round(strip.scrollLeft / strip.clientWidth));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  };

  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`Images of ${productName}`}>
      <div
        ref={track}
        className="gallery-track"
        // Focusable so the arrow keys reach it; the label says how to use it.
        tabIndex={count > 1 ? 0 : undefined}
        role={count > 1 ? "group" : undefined}
        aria-label={count > 1 ? `${count} images; arrow keys show the previous or next` : undefined}
        onScroll={count > 1 ? onScroll : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
      >
        {images.map((image, i) => {
          return (
            <figure
              key={image.path}
              id={`image-${i + 1}`}
              className="gallery-slide"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={hydrated && i !== current ? true : undefined}
            >
              <img
                {...productImageSources(image.path, MAIN_SIDE, MAIN_WIDTHS)}
                sizes={MAIN_SIZES}
                alt={image.alt}
                width={MAIN_SIDE}
                height={MAIN_HEIGHT}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                decoding={i === 0 ? undefined : "async"}
              />
            </figure>
          );
        })}
      </div>
      {count > 1 && hydrated && (
        <div className="gallery-controls">
          <button
            type="button"
            className="gallery-button"
            aria-label="Previous image"
            disabled={current === 0}
            onClick={() => show(current - 1)}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M10 3L5 8l5 5" />
            </svg>
          </button>
          <p className="gallery-position" aria-live="polite">
            <span className="sr-only">Image </span>
            {current + 1} / {count}
          </p>
          <button
            type="button"
            className="gallery-button"
            aria-label="Next image"
            disabled={current === count - 1}
            onClick={() => show(current + 1)}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 3l5 5-5 5" />
            </svg>
          </button>
        </div>
      )}
      {count > 1 && (
        <ol className="gallery-thumbs" aria-label="All images">
          {images.map((image, i) => {
            return (
              <li key={image.path}>
                <a
                  href={`#image-${i + 1}`}
                  aria-current={hydrated && i === current ? "true" : undefined}
                  onClick={(event) => {
                    // Scroll the strip only; following the anchor would also scroll the page.
                    event.preventDefault();
                    show(i);
                  }}
                >
                  <img
                    {...productImageSources(image.path, 160, THUMB_WIDTHS)}
                    sizes="4.5rem"
                    alt={`Image ${i + 1}: ${image.alt}`}
                    width={72}
                    height={Math.round(72 * IMAGE_PRESETS.product.aspect)}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The images of one colour and those of none, in the owner's order; every image when none is of that colour. */
function imagesOfColour(images: ProductImageDetail[], colour: string | null): ProductImageDetail[] {
  if (colour === null || !images.some((image) => image.colour === colour)) return images;
  return images.filter((image) => image.colour === colour || image.colour === null);
}
