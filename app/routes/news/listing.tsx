import { data, useLocation } from "react-router";
import type { Route } from "./+types/listing";
import { isNewsSection, FEED_PATH } from "../../../server/modules/news/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/listing/category-chips";
import { pageHref } from "~/lib/page-href";
import { Pagination } from "~/components/listing/pagination";
import { LeadStory } from "~/components/news/lead-story";
import { NewsTile, newsCategoryPath } from "~/components/news/news-tile";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { feature: "news" };

const SECTIONS = {
  all: {
    title: "News and media",
    intro: "Stories, technique and gear from the keeper's world, and exclusives for members.",
  },
  news: { title: "News", intro: "Stories, technique, gear and the people between the posts." },
  exclusives: {
    title: "Exclusives",
    intro: "Behind the scenes, pro sessions and early looks at new gear: for members.",
  },
} as const;

/**
 * /news-and-media (both sections), /news-and-media/{section} and /news-and-media/{section}/{category}:
 * tiles, newest first, twelve a page, with the section's categories as chips.
 */
export async function loader({ params, request, context: router }: Route.LoaderArgs) {
  const { news } = pageContext(router).services;
  const section = params.section;
  if (section !== undefined && !isNewsSection(section)) throw data(null, { status: 404 });
  const pageParam = new URL(request.url).searchParams.get("page");
  if (pageParam !== null && !/^[1-9]\d{0,3}$/.test(pageParam)) throw data(null, { status: 404 });
  const page = pageParam === null ? 1 : Number(pageParam);
  const categories = await news.categories(section);
  const category = params.category === undefined ? null : categories.find((c) => c.slug === params.category);
  if (category === undefined) throw data(null, { status: 404 });
  const listing = await news.listing({ section, category: category?.slug, page });
  if (!listing) throw data(null, { status: 404 });
  return {
    section: section ?? null,
    category: category && { slug: category.slug, name: category.name, description: category.description },
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    listing,
  };
}

function pathOf(section: string | null, category: string | null): string {
  if (section === null) return "/news-and-media";
  return category === null ? `/news-and-media/${section}` : newsCategoryPath(section as "news", category);
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return [];
  const texts = SECTIONS[data.section ?? "all"];
  const title = data.category ? `${data.category.name} · ${texts.title}` : texts.title;
  return [
    ...pageMeta(siteFrom(matches), {
      title: data.listing.page > 1 ? `${title} (page ${data.listing.page})` : title,
      description: data.category?.description || texts.intro,
      path: pathOf(data.section, data.category?.slug ?? null),
    }),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "News", href: FEED_PATH },
  ];
};

export default function NewsListing({ loaderData }: Route.ComponentProps) {
  const { section, category, categories, listing } = loaderData;
  const location = useLocation();
  const texts = SECTIONS[section ?? "all"];
  const lead = listing.page === 1 ? listing.tiles[0] : undefined;
  const rest = lead ? listing.tiles.slice(1) : listing.tiles;
  const trail = [
    { label: "Home", to: "/" },
    { label: "News and media", to: section ? "/news-and-media" : undefined },
    ...(section ? [{ label: SECTIONS[section].title, to: category ? `/news-and-media/${section}` : undefined }] : []),
    ...(category ? [{ label: category.name }] : []),
  ];
  return (
    <div className="container-page py-8">
      <Breadcrumbs trail={trail} />
      <h1 className="mt-4 font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">
        {category ? category.name : texts.title}
      </h1>
      <p className="mt-2 max-w-prose text-grey-700">{category?.description || texts.intro}</p>
      <nav aria-label="Sections" className="mt-6 flex gap-4 border-b border-grey-200 text-sm font-semibold">
        {(["all", "news", "exclusives"] as const).map((key) => {
          const current = (section ?? "all") === key;
          return (
            <Link
              key={key}
              to={key === "all" ? "/news-and-media" : `/news-and-media/${key}`}
              aria-current={current && !category ? "page" : undefined}
              className={`-mb-px border-b-2 px-1 pb-2 ${current ? "border-mint-600 text-grey-900" : "border-transparent text-grey-600 hover:text-grey-900"}`}
            >
              {key === "all" ? "All" : SECTIONS[key].title}
            </Link>
          );
        })}
      </nav>
      {section && categories.length > 0 && (
        <CategoryChips
          categories={categories}
          hrefFor={(slug) => newsCategoryPath(section, slug)}
          current={category?.slug}
          first={
            <Link to={`/news-and-media/${section}`} className="chip" aria-current={category ? undefined : "page"}>
              Everything
            </Link>
          }
        />
      )}
      {listing.tiles.length === 0 ? (
        <p className="mt-10 text-grey-700">Nothing here yet: come back soon.</p>
      ) : (
        <section aria-labelledby="news-posts-title" className="mt-8">
          {/* The tiles' headings (h3) sit under a heading of their own, as a product listing's cards do. */}
          <h2 id="news-posts-title" className="sr-only">
            Posts
          </h2>
          {/* The first page leads with its newest story, large; the rest follow as tiles. */}
          {lead && <LeadStory tile={lead} eager />}
          <div className={`news-grid ${lead ? "mt-8" : ""}`}>
            {rest.map((tile, i) => (
              <NewsTile key={`${tile.section}/${tile.slug}`} tile={tile} eager={!lead && i < 3} />
            ))}
          </div>
        </section>
      )}
      <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(page) => pageHref(location, page)} />
      {section !== "exclusives" && (
        <p className="mt-8 text-sm text-grey-700">
          Reading news in an app such as Feedly or NetNewsWire?{" "}
          <a href={FEED_PATH} className="text-link">
            Add our news to your reader
          </a>
          .
        </p>
      )}
    </div>
  );
}
