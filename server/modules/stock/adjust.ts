import { withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { moveStock, type Moved } from "./move.ts";
import { stockAdjustInput } from "./schemas.ts";

export interface Adjusted {
  /** The options whose stock changed (a row typed with the stock it holds changes nothing). */
  moved: Moved[];
}

/**
 * The stock grid's save (issue 25 §2, ADR 66): each row sets an option's stock to the count
 * typed, for the one reason chosen (received, counted, damaged, returned) and note, as the staff
 * member. One transaction: the stock, a movement per option and one audit entry "stock.adjusted"
 * holding every row (its SKU: [before, after]). Each row carries the stock the page showed: when
 * any row's stock moved since (an order, a cancel, a colleague's save), the whole save is
 * refused (STALE_VERSION, details.stale naming those rows) and nothing is applied, so a count
 * never silently overwrites a sale. Options sold out and back in stock mail their back-in-stock
 * requests once this commits (the stock module tells "stock-back").
 */
export async function adjustStock(scope: StaffScope, raw: unknown): Promise<Adjusted> {
  const input = parseInput(stockAdjustInput, raw);
  return withTransaction(scope, async (tx) => {
    const moved = await moveStock(
      tx.db,
      input.rows.map((row) => ({ variantId: row.variantId, expected: row.was, setTo: row.count })),
      { reason: input.reason, actorUserId: tx.actor.id, note: input.note ?? "" },
    );
    if (moved.length > 0) {
      const products = [...new Set(moved.map((m) => m.productId))].sort((a, b) => a - b);
      await recordAudit(tx, {
        action: "stock.adjusted",
        entityType: "stock",
        // The products whose options moved; the rows are in the changes.
        entityId: products.join(",").slice(0, 120),
        changes: {
          ...Object.fromEntries(moved.map((m) => [m.sku, [m.before, m.after]])),
          reason: [null, input.reason],
          ...(input.note ? { note: [null, input.note] } : {}),
        },
      });
    }
    return { moved };
  });
}
