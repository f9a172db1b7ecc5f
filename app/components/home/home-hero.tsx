import {
  HERO_ARTWORK,
  HERO_PORTRAIT_ARTWORK,
  imageSrcSet,
  imageUrl,
  storedImageSource,
} from "../../../server/modules/media/shared.ts";
import { preload } from "react-dom";
import { Link } from "~/components/ui/link";

const WIDE = storedImageSource(HERO_ARTWORK);
const PORTRAIT = storedImageSource(HERO_PORTRAIT_ARTWORK);
const PHONE = "(max-width: 1023px)";
const PORTRAIT_SRCSET = imageSrcSet("product", PORTRAIT, [320, 480, 640, 800, 1200]);
const WIDE_SRCSET = imageSrcSet("cover", WIDE, [640, 800, 1200]);

/**
 * The home page's campaign: the drawn picture (the largest thing on a first visit, so it is asked
 * for first, with its size known before it arrives), the headline in the display face and the
 * two ways in: the first category (the gloves, in the demo), and the membership while it is on. On a phone the picture is the portrait crop,
 * square, with the words on a dark band below it; from 1024 px the words sit on the wide picture,
 * over a scrim that keeps them readable whatever the artwork's colours.
 *
 * The portrait crop goes through the square `product` preset: the `cover` preset is 16:9, which
 * would cut a portrait picture down to a landscape strip.
 */
export function HomeHero({
  headline,
  eyebrow,
  shop,
  membership,
}: {
  headline: string;
  eyebrow: string;
  /** The first call to action: the owner's first category, or the whole shop. */
  shop: { href: string; label: string };
  /** The membership is on (its flag): the second call to action joins it. */
  membership: boolean;
}) {
  // React preloads a high-priority <img> by itself, but not one inside a <picture>: the largest
  // paint's picture is asked for first, the crop for this screen only (ADR 52).
  preload(imageUrl("product", 800, PORTRAIT), {
    as: "image",
    imageSrcSet: PORTRAIT_SRCSET,
    imageSizes: "100vw",
    media: PHONE,
    fetchPriority: "high",
  });
  preload(imageUrl("cover", 1200, WIDE), {
    as: "image",
    imageSrcSet: WIDE_SRCSET,
    imageSizes: "100vw",
    media: "(min-width: 1024px)",
    fetchPriority: "high",
  });
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-grey-900 text-white">
      <picture>
        <source media={PHONE} srcSet={PORTRAIT_SRCSET} sizes="100vw" width={1200} height={1200} />
        <img
          src={imageUrl("cover", 1200, WIDE)}
          srcSet={WIDE_SRCSET}
          sizes="100vw"
          alt="A keeper at full stretch tips the ball around the post"
          width={1200}
          height={675}
          fetchPriority="high"
          decoding="async"
          className="aspect-square w-full bg-grey-800 object-cover lg:absolute lg:inset-0 lg:-z-10 lg:aspect-auto lg:h-full"
        />
      </picture>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 hidden bg-gradient-to-r from-grey-900/90 via-grey-900/60 to-transparent lg:block"
      />
      <div className="container-page py-8 lg:flex lg:min-h-[36rem] lg:flex-col lg:justify-center lg:py-20">
        <p className="text-sm font-semibold tracking-widest text-mint-300 uppercase">{eyebrow}</p>
        <h1
          id="hero-title"
          className="mt-2 max-w-2xl font-display text-5xl leading-[0.95] font-bold tracking-tight text-balance uppercase sm:text-6xl xl:text-7xl"
        >
          {headline}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-grey-100">
          Gloves, kit and training gear chosen by people who have played in goal, and a club that gets you in first.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link
            to={shop.href}
            className="inline-flex min-h-12 items-center justify-center rounded-md bg-mint-500 px-6 font-semibold text-grey-900 hover:bg-mint-400"
          >
            {shop.label}
          </Link>
          {membership && (
            <Link
              to="/membership"
              className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-white px-6 font-semibold text-white hover:bg-white hover:text-grey-900"
            >
              Join the membership
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
