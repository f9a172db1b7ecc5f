import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, stockAlerts, variants } from "../../db/schema/index.ts";
import { alertAskerAccess, sellableTo } from "../catalog/index.ts";
import { systemScope, withTransaction } from "../../lib/scope.ts";
import { hashCode, newCode } from "../accounts/index.ts";
import { enqueueMails } from "../mail/index.ts";
import type { StockAlertsKit } from "./kit.ts";
import { backInStockMail } from "./mails.ts";

/** Requests answered per transaction: a popular option may have thousands waiting. */
export const NOTIFY_BATCH = 200;

/**
 * The back-in-stock sweep (ADR 47, the claimed sweep of ADR 48): every waiting request whose
 * option is in stock now and whose product the shop sells its asker gets its one back-in-stock
 * mail in the outbox and ends (`notified_at`), in the same transaction. Requests are claimed FOR
 * UPDATE SKIP LOCKED, `batch` per transaction, until none is left: sweeps of several
 * processes at once share the work and never mail one request twice, and a cancel at the same
 * moment either deletes the request first (no mail) or finds it ended.
 *
 * Whom the shop sells to is read at `now`, by the shop's one rule (catalog/sellable.ts, with its
 * exception for customers' requests, alertAskerAccess): a guest's request waits while its product
 * is unpublished or members-only and not yet public; a customer's while it is unpublished. So a
 * request whose product is published again later is mailed then.
 *
 * Each mail carries a new cancel link (the first one's token is stored as a hash only and cannot
 * be mailed again), so the confirmation's link stops working once the request has ended.
 * Answers how many requests were mailed.
 */
export async function notifyDue(kit: StockAlertsKit, db: Db, now = new Date(), batch = NOTIFY_BATCH): Promise<number> {
  let written = 0;
  for (;;) {
    const count = await withTransaction(systemScope(db), async (tx) => {
      const due = await tx.db
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
        .where(
          and(
            isNull(stockAlerts.notifiedAt),
            gt(variants.stock, 0),
            // An archived option is off the shop: its requests wait (and go nowhere) like an unpublished product's.
            isNull(variants.archivedAt),
            // The shop's one rule (catalog/sellable.ts), for the request's asker, at `now`.
            sellableTo(alertAskerAccess(sql`${stockAlerts.userId}`), sql`${products}`, now),
          ),
        )
        .orderBy(asc(stockAlerts.id))
        .limit(batch)
        .for("update", { of: stockAlerts, skipLocked: true });
      if (due.length === 0) return 0;
      const answered = due.map((row) => ({ ...row, token: newCode() }));
      const rows = sql.join(
        answered.map((row) => sql`(${row.id}::integer, ${hashCode(row.token)}::text)`),
        sql`, `,
      );
      await tx.db.execute(
        sql`update ${stockAlerts} set notified_at = now(), cancel_token_hash = answered.hash
            from (values ${rows}) as answered(id, hash) where ${stockAlerts.id} = answered.id`,
      );
      const { siteName } = kit.deps;
      await enqueueMails(
        tx.db,
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
      kit.mailsWritten(tx);
      return due.length;
    });
    written += count;
    if (count < batch) return written;
  }
}
