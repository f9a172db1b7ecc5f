import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { pageContext } from "../../../server/http/page-context.ts";
import { PageBlocks } from "~/components/page-blocks";
import { LazyPrivatePageModal } from "~/components/membership/lazy-private-page-modal";
import { calendarDate } from "~/lib/dates";
import { pageMeta, siteFrom } from "~/lib/meta";
import { isMemberNow, privatePageOfferFor } from "~/lib/private-page.server";
import type { RouteHandle } from "~/lib/route-handle";
import { LAUNCH_PATH, launchPage } from "../../../server/modules/site/shared.ts";
import {
  imageSrcSet,
  imageUrl,
  LAUNCH_TEASER_ARTWORK,
  pageArtworkPath,
  storedImageSource,
} from "../../../server/modules/media/shared.ts";

/** The page's entry is named by the address's one segment (the block-page guard reads it too). */
export const handle: RouteHandle = { contentPage: true };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LAUNCH_SLUG = LAUNCH_PATH.slice(1);

/**
 * The shop's own pages: /about, /privacy-policy, /returns-policy, /terms-condition,
 * /the-keepers-call, /xg, /launch, and any other single-segment address that names an entry of
 * the `pages` collection (SPEC §2's catch-all); anything else is not found. A members-only page
 * shows non-members its title and the private-page modal, none of its blocks.
 */
export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const slug = params.page ?? "";
  if (!SLUG.test(slug)) throw data(null, { status: 404 });
  const entry = await context.services.pages.page(slug, { member: await isMemberNow(context) });
  // The launch page says what /admin/launch says: its headline, text and moment (ADR 76).
  const page = slug === LAUNCH_SLUG ? launchPage(entry, (await context.services.site.data()).launch) : entry;
  if (!page) {
    // A page whose address changed: the old one answers 301 to where it is now (ADR 75).
    const moved = await context.services.pages.movedTo(new URL(request.url).pathname);
    if (moved) throw redirect(moved, 301);
    throw data(null, { status: 404 });
  }
  const offer = page.locked ? await privatePageOfferFor(context, `/${slug}`) : null;
  return { page, offer, currency: context.env.currency };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(siteFrom(matches), {
        title: data.page.title,
        description: data.page.description || undefined,
        path: `/${data.page.slug}`,
      })
    : [];

/**
 * The site's own pages the shop draws a picture for (ADR 80): each opens with it. An owner who
 * wants another picture puts an image block first, which then leads instead.
 */
const PAGE_ARTWORK: Readonly<Record<string, { path: string; alt: string }>> = {
  about: { path: pageArtworkPath("about"), alt: "A keeper set on the goal line, gloves up, ready for the shot" },
  "the-keepers-call": { path: pageArtworkPath("the-keepers-call"), alt: "A lone keeper in front of a floodlit goal" },
  xg: {
    path: pageArtworkPath("xg"),
    alt: "A shot map of the penalty area: where each shot came from, how likely it was to go in, and which did",
  },
  [LAUNCH_SLUG]: { path: LAUNCH_TEASER_ARTWORK, alt: "A new glove under a sheet in a gold spotlight, waiting to be shown" },
};

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { page, offer, currency } = loaderData;
  const drawn = Object.hasOwn(PAGE_ARTWORK, page.slug) ? PAGE_ARTWORK[page.slug] : undefined;
  const artwork = drawn !== undefined && !page.locked && page.blocks[0]?.kind !== "image";
  return (
    <div className="container-page py-10">
      <div className={`mx-auto ${artwork ? "max-w-6xl" : "max-w-4xl"}`}>
        <header className={artwork ? "grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]" : undefined}>
          <div>
            <h1 className="font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">{page.title}</h1>
            {page.description && <p className="mt-3 max-w-prose text-lg text-grey-700">{page.description}</p>}
            {page.changedAt && (
              <p className="mt-2 text-sm text-grey-600" data-testid="page-changed">
                Last changed: <time dateTime={page.changedAt}>{calendarDate(page.changedAt)}</time>
              </p>
            )}
          </div>
          {artwork && <PageArtwork path={drawn!.path} alt={drawn!.alt} />}
        </header>
        <div className={`page-sections mt-10 ${artwork ? "max-w-4xl" : ""}`}>
          {page.locked ? (
            offer && <LazyPrivatePageModal key={offer.path} offer={offer} title={page.title} />
          ) : (
            <PageBlocks blocks={page.blocks} currency={currency} />
          )}
        </div>
      </div>
    </div>
  );
}

/** A page's drawn picture (1600 x 900, 16:9): the page's largest image, so asked for first. */
function PageArtwork({ path, alt }: { path: string; alt: string }) {
  const src = storedImageSource(path);
  return (
    <img
      src={imageUrl("cover", 800, src)}
      srcSet={imageSrcSet("cover", src, [480, 640, 800, 1200])}
      sizes="(min-width: 1536px) 700px, (min-width: 1024px) 52vw, 100vw"
      alt={alt}
      width={800}
      height={450}
      fetchPriority="high"
      className="aspect-video w-full rounded-xl bg-grey-100 object-cover"
      data-testid="page-artwork"
    />
  );
}
