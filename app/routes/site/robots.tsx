import type { Route } from "./+types/robots";
import { pageContext } from "../../../server/http/page-context.ts";

/** robots.txt: everything public may be crawled; the bag and the account area are private. */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const body = [
    "User-agent: *",
    "Disallow: /bag",
    "Disallow: /my-account",
    "Disallow: /admin",
    "Allow: /",
    `Sitemap: ${context.env.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
