import type { Route } from "./+types/feed";
import { pageContext } from "../../../server/http/page-context.ts";

/** /news-and-media/feed.xml: the Atom feed of public news (exclusives are for members, not feeds). */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (!(await context.services.site.featureEnabled("news"))) return new Response("Not found", { status: 404 });
  const { siteName, tagline, publicUrl } = context.env;
  const body = await context.services.news.feed({ siteName, tagline, publicUrl });
  return new Response(body, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
