import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { MediaUse, MediaUseKind } from "./shared.ts";

/*
 * Where each image of the library is shown (ADR 78): a product's gallery, a category's picture, a
 * brand's logo (each names the record by its media column), a news post's cover (cover_id) and a
 * page's image blocks (which name it by id or documentId in their JSON). Customers' profile
 * pictures are private to their owners and never records of the library, so they are no use here.
 */

/** Whether the record `m` (an alias of media_files in the surrounding query) is shown anywhere. */
export const IN_USE: SQL = sql`(
  exists (select 1 from product_images u where u.media_id = m.id)
  or exists (select 1 from categories u where u.image_media_id = m.id)
  or exists (select 1 from brands u where u.logo_media_id = m.id)
  or exists (select 1 from news_posts u where u.cover_id = m.id)
  or exists (select 1 from pages u, jsonb_array_elements(u.blocks) b
             where b->>'kind' = 'image' and (b->>'media' = m.id::text or b->>'media' = m.document_id))
)`;

const LABELS: Record<MediaUseKind, (name: string) => string> = {
  product: (name) => `Gallery of ${name}`,
  category: (name) => `Picture of the category ${name}`,
  brand: (name) => `Logo of the brand ${name}`,
  news: (name) => `Cover of the news post “${name}”`,
  page: (name) => `Image on the page “${name}”`,
};

const HREFS: Record<MediaUseKind, (id: number, slug: string) => string> = {
  product: (id) => `/admin/products/${id}/images`,
  category: (id) => `/admin/catalogue/categories/${id}`,
  brand: (id) => `/admin/catalogue/brands/${id}`,
  news: (id) => `/admin/news/${id}`,
  // Pages are edited through the content API for now: the link shows the page.
  page: (_id, slug) => `/${slug}`,
};

/** The uses of each of `ids`, in a stable order (by kind, then name); an unused image has none. */
export async function usesOf(db: Db, ids: readonly number[]): Promise<Map<number, MediaUse[]>> {
  const found = new Map<number, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ media_id: number; kind: MediaUseKind; id: number; name: string; slug: string }>(
    db,
    sql`select distinct media_id, kind, id, name, slug from (
      select i.media_id, 'product' as kind, p.id, p.name, p.slug
        from product_images i join products p on p.id = i.product_id where i.media_id in (${list})
      union all select c.image_media_id, 'category', c.id, c.name, c.slug from categories c where c.image_media_id in (${list})
      union all select b.logo_media_id, 'brand', b.id, b.name, b.slug from brands b where b.logo_media_id in (${list})
      union all select n.cover_id, 'news', n.id, n.title, n.slug from news_posts n where n.cover_id in (${list})
      union all select m.id, 'page', p.id, p.title, p.slug from pages p join media_files m on m.id in (${list})
        and exists (select 1 from jsonb_array_elements(p.blocks) b
                    where b->>'kind' = 'image' and (b->>'media' = m.id::text or b->>'media' = m.document_id))
    ) as uses order by media_id, kind, name, id`,
  );
  for (const row of rows) {
    found.get(Number(row.media_id))?.push({
      kind: row.kind,
      id: Number(row.id),
      label: LABELS[row.kind](row.name),
      href: HREFS[row.kind](Number(row.id), row.slug),
    });
  }
  return found;
}
