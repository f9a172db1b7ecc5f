import type { Route } from "./+types/sitemap";
import { noFilters } from "../../../server/modules/catalog/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";
import { escapeXml } from "../../../server/lib/shared.ts";
import type { NewsService } from "../../../server/modules/news/index.ts";
import { postPath } from "../../../server/modules/news/shared.ts";

/**
 * sitemap.xml: the shop's public pages, its listings, product pages and news. Not-found, icons, order history and the account area are
 * left out (SPEC.md §2), and so is everything that does not exist yet.
 */
// A sitemap file holds at most 50,000 addresses; the rest of a larger shop is found through its listings.
const MAX_PRODUCTS = 45_000;

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalog } = context.services;
  const base = context.env.publicUrl;
  const filters = noFilters();
  const paths = ["/", "/shop", ...(await catalog.brands()).map((b) => `/brands/${b.slug}`)];
  for (const category of await catalog.categories()) {
    const root = `/shop/${category.slug}`;
    paths.push(root, `${root}/sale`, `${root}/sub`, `${root}/brand`);
    for (const sub of category.subCategories) paths.push(`${root}/sub/${sub.slug}`);
    const { facets } = await catalog.listing.list({
      scope: { category: category.slug },
      filters,
      sort: "featured",
      page: 1,
      pageSize: 1,
    });
    for (const brand of facets.brands) if (brand.count > 0) paths.push(`${root}/brand/${brand.value}`);
  }
  if (await context.services.site.featureEnabled("membership")) paths.push("/membership");
  // The shop's own pages the owner keeps in the sitemap (not /icons, SPEC §2).
  for (const { slug } of await context.services.pages.sitemapSlugs()) paths.push(`/${slug}`);
  if (await context.services.site.featureEnabled("news")) paths.push(...(await newsPaths(context.services.news)));
  // Every product page, from the listing's read model (no query): the products a listing shows.
  const everything = await catalog.listing.list({ scope: {}, filters, sort: "newest", page: 1, pageSize: MAX_PRODUCTS });
  for (const product of everything.products) paths.push(`/shop/${product.categorySlug}/${product.slug}`);
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** The news pages: both sections, their categories, and every post (exclusives show everyone their teaser). */
async function newsPaths(news: NewsService): Promise<string[]> {
  const paths = ["/news-and-media"];
  for (const section of ["news", "exclusives"] as const) {
    paths.push(`/news-and-media/${section}`);
    for (const category of await news.categories(section)) paths.push(`/news-and-media/${section}/${category.slug}`);
  }
  for (const post of await news.sitemapPosts()) paths.push(postPath(post));
  return paths;
}
