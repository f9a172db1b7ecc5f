import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, stockAlerts, variants } from "../../db/schema/index.ts";
import { hashCode, newCode } from "../accounts/codes.ts";
import { enqueueMails } from "../mail/jobs.ts";
import type { StockAlertsKit } from "./kit.ts";
import { backInStockMail } from "./mails.ts";

/** Requests answered per statement: a popular option may have thousands waiting. */
const BATCH = 200;

/**
 * Options that were sold out are available again (an order gave its stock back): inside that
 * transaction, every request waiting for them gets its one back-in-stock mail in the outbox and
 * ends (`notified_at`). Options nobody waits for cost one query and nothing else. A request whose
 * product is unpublished now keeps waiting: its mail would link to a page nobody can open.
 *
 * Each mail carries a new cancel link (the first one's token is stored as a hash only and cannot
 * be mailed again), so the confirmation's link stops working once the request has ended.
 */
export async function notifyBackInStock(kit: StockAlertsKit, db: Db, variantIds: readonly number[]): Promise<number> {
  if (variantIds.length === 0) return 0;
  let written = 0;
  for (;;) {
    // Locked, in id order: a cancel at the same moment either deletes the request first (no
    // mail) or waits for this transaction and then finds the request ended.
    const waiting = await db
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        variantId: stockAlerts.variantId,
        size: variants.size,
        colour: variants.colour,
        productName: products.name,
        productSlug: products.slug,
        categorySlug: categories.slug,
      })
      .from(stockAlerts)
      .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(inArray(stockAlerts.variantId, [...variantIds]), isNull(stockAlerts.notifiedAt), eq(products.published, true)))
      .orderBy(asc(stockAlerts.id))
      .limit(BATCH)
      .for("update", { of: stockAlerts });
    if (waiting.length === 0) break;
    const answered = waiting.map((row) => ({ ...row, token: newCode() }));
    const rows = sql.join(
      answered.map((row) => sql`(${row.id}::integer, ${hashCode(row.token)}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${stockAlerts} set notified_at = now(), cancel_token_hash = answered.hash
          from (values ${rows}) as answered(id, hash) where ${stockAlerts.id} = answered.id`,
    );
    const { siteName } = kit.deps;
    await enqueueMails(
      db,
      answered.map((row) =>
        backInStockMail({
          siteName,
          to: row.email,
          option: row,
          productLink: kit.productLink(row),
          cancelLink: kit.cancelLink(row.token),
        }),
      ),
    );
    written += answered.length;
    if (waiting.length < BATCH) break;
  }
  if (written > 0) kit.mailsWrittenOn(db);
  return written;
}
