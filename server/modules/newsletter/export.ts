import { and, asc, count, eq, gt } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import { guardCell } from "../../lib/csv-cell.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import type { NewsletterKit } from "./kit.ts";
import { SUBSCRIBERS_CSV_COLUMNS } from "./shared.ts";

/*
 * The confirmed subscribers as CSV, for the shop's mailing tool (issue 26 §5, ADR 77): the shop
 * sends no campaigns itself. Every confirmed address with when it was confirmed and where it signed
 * up (its record of consent, ADR 40), and its own one-click unsubscribe link, so that the tool's
 * mails can carry the shop's link and an unsubscribe reaches the shop's list. Only confirmed rows:
 * a waiting address has not proved it wants mail, an unsubscribed one has said it does not.
 *
 * A bulk export of personal data: the staff member's second factor must be under 10 minutes old
 * (SECOND_FACTOR_REQUIRED otherwise), and the export is audited with how many addresses it held,
 * before the first row leaves. Rows are read in batches by id (keyset) and handed out as text
 * chunks as they are read, like the orders' CSV (ADR 60); csv-stringify quotes, guardCell keeps a
 * spreadsheet from running a cell as a formula.
 */

export const EXPORT_BATCH = 1000;

export interface SubscribersExport {
  filename: string;
  /** Confirmed addresses when the export began. */
  count: number;
  /** The file's text: a byte order mark and the header first, then a chunk per batch. */
  chunks: AsyncIterable<string>;
}

const confirmed = eq(newsletterSubscriptions.status, "confirmed");
const utc = (at: Date | null) => (at ? at.toISOString().replace("T", " ").slice(0, 19) : "");

export async function exportConfirmed(
  kit: NewsletterKit,
  scope: StaffScope,
  sessionId: string,
  now = new Date(),
): Promise<SubscribersExport> {
  await kit.deps.requireRecentSecondFactor(scope, { userId: scope.actor.id, sessionId }, now);
  const [counted] = await scope.db.select({ n: count() }).from(newsletterSubscriptions).where(confirmed);
  const total = counted?.n ?? 0;
  await recordAudit(scope, {
    action: "newsletter.exported",
    entityType: "newsletter",
    entityId: "confirmed",
    changes: { subscribers: [null, total] },
  });
  const { db } = scope;
  return {
    filename: `newsletter-confirmed-${now.toISOString().slice(0, 10)}.csv`,
    count: total,
    chunks: {
      async *[Symbol.asyncIterator]() {
        // The BOM tells spreadsheet programs the text is UTF-8.
        yield stringify([[...SUBSCRIBERS_CSV_COLUMNS]], { bom: true });
        let after = 0;
        for (;;) {
          const batch = await db
            .select({
              id: newsletterSubscriptions.id,
              email: newsletterSubscriptions.email,
              confirmedAt: newsletterSubscriptions.confirmedAt,
              source: newsletterSubscriptions.source,
              unsubscribeKey: newsletterSubscriptions.unsubscribeKey,
            })
            .from(newsletterSubscriptions)
            .where(and(confirmed, gt(newsletterSubscriptions.id, after)))
            .orderBy(asc(newsletterSubscriptions.id))
            .limit(EXPORT_BATCH);
          if (batch.length === 0) return;
          after = batch.at(-1)!.id;
          yield stringify(
            batch.map((row) =>
              [row.email, utc(row.confirmedAt), row.source, kit.unsubscribeLink(row.unsubscribeKey)].map(guardCell),
            ),
          );
          if (batch.length < EXPORT_BATCH) return;
        }
      },
    },
  };
}
