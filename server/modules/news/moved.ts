import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";

/*
 * Old addresses of posts whose slug or section changed (the news editor keeps them in
 * slug_redirects, kind "news"): the post page asks here before answering 404, and the old
 * address answers 301 to the post's page while the post is on the site.
 */
export async function movedPostPath(db: Db, path: string): Promise<string | null> {
  if (path.length > 300 || !path.startsWith("/news-and-media/")) return null;
  const [row] = await queryRows<{ address: string }>(
    db,
    sql`select '/news-and-media/' || p.section || '/post/' || p.slug as address
        from slug_redirects r join news_posts p on p.id = r.target_id
        where r.kind = 'news' and r.from_path = ${path} and p.published_at <= now()`,
  );
  return row && row.address !== path ? row.address : null;
}
