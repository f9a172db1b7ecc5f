import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { SlugRedirectKind } from "../../db/schema/index.ts";

/*
 * Old addresses of products, categories and brands whose slug changed (the back office records
 * them in slug_redirects, issue 25): a page that finds nothing at its address asks here before
 * answering 404, and a link someone kept, or a search engine's, answers 301 to where the record
 * is now. Only pages that find nothing ask, so a shop that never renames pays nothing for it.
 */

/** Segments of an address looked up at most: a listing's deepest address (/shop/c/sub/s/sale) has five. */
const MAX_SEGMENTS = 6;

/**
 * Where the record that had `path` (exactly as the shop served it, no query string) is now, or
 * null. For categories and brands an old listing address may go on (/shop/old/sale,
 * /shop/old/sub/x): the longest recorded address the path starts with wins, and what follows it
 * is kept. A brand's listing inside a category (/shop/c/brand/old) follows the brand's page's
 * record. A record that is gone leaves nothing to answer; an address that would lead to itself
 * is no redirect.
 */
export async function movedTo(db: Db, kinds: readonly SlugRedirectKind[], path: string): Promise<string | null> {
  const segments = path.split("/").filter(Boolean);
  if (kinds.length === 0 || segments.length === 0 || segments.length > MAX_SEGMENTS || path.length > 1000) return null;
  const inCategory = kinds.includes("brand") ? /^\/shop\/([^/]+)\/brand\/([^/]+)(\/.*)?$/.exec(path) : null;
  if (inCategory) {
    const brand = await movedTo(db, ["brand"], `/brands/${inCategory[2]}`);
    if (brand) return `/shop/${inCategory[1]}/brand/${brand.slice("/brands/".length)}${inCategory[3] ?? ""}`;
  }
  const prefixes = segments.map((_, i) => `/${segments.slice(0, i + 1).join("/")}`);
  // A product's page is found by its slug whatever the category in the address (the page itself
  // sends a wrong category on): its old address is too, by the old slug alone. A listing's
  // address may be any of its beginnings.
  const productOnly = kinds.includes("product") && kinds.length === 1;
  if (productOnly && (segments.length !== 3 || segments[0] !== "shop")) return null;
  const matches = productOnly
    ? sql`split_part(r.from_path, '/', 4) = ${segments[2]!} and r.from_path like '/shop/%'`
    : sql`r.from_path in (${sql.join(
        prefixes.map((candidate) => sql`${candidate}`),
        sql`, `,
      )})`;
  const [row] = await queryRows<{ from_path: string; address: string | null }>(
    db,
    sql`
    select r.from_path,
           case r.kind
             when 'product' then (select '/shop/' || c.slug || '/' || p.slug
                                  from products p join categories c on c.id = p.category_id where p.id = r.target_id)
             when 'category' then (select case when c.parent_id is null then '/shop/' || c.slug
                                               else '/shop/' || pc.slug || '/sub/' || c.slug end
                                   from categories c left join categories pc on pc.id = c.parent_id
                                   where c.id = r.target_id)
             when 'brand' then (select '/brands/' || b.slug from brands b where b.id = r.target_id)
           end as address
    from slug_redirects r
    where r.kind in (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})
      and ${matches}
    order by length(r.from_path) desc
    limit 1
  `,
  );
  if (!row || row.address === null) return null;
  const address = productOnly ? row.address : row.address + path.slice(row.from_path.length);
  return address === path ? null : address;
}
