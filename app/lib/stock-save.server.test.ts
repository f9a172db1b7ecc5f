import { describe, expect, test } from "vitest";
import { ShopError } from "../../server/lib/shop-error.ts";
import { stockSaveInput, stockSaveRefused } from "./stock-save.server";

/* The stock grid's form as the page reads and answers it (ADR 66). */

describe("the stock grid's form", () => {
  test("only rows with a count that differs from the stock shown are sent, with the reason and note", () => {
    const input = stockSaveInput({
      "was.4": "3",
      "count.4": "",
      "was.7": "2",
      "count.7": " 9 ",
      "was.9": "5",
      "count.9": "5",
      "was.12": "0",
      "count.12": "lots",
      reason: "received",
      note: "Delivery 12",
      intent: "ignored",
    });
    expect(input).toEqual({
      reason: "received",
      note: "Delivery 12",
      rows: [
        { variantId: "7", was: "2", count: "9" },
        // Not a number: the module refuses it beside its row.
        { variantId: "12", was: "0", count: "lots" },
      ],
    });
  });

  test("a row's refusal is shown beside its count; a stale save is 409 naming the rows that moved", () => {
    const input = stockSaveInput({ "was.7": "2", "count.7": "9", "was.8": "1", "count.8": "-1", reason: "counted" });
    const invalid = stockSaveRefused(
      new ShopError("INVALID_INPUT", "Bad", { field: "rows.1.count", fields: { "rows.1.count": "Below 0." } }),
      input,
      {},
    ) as unknown as { init: { status: number }; data: { fieldErrors: Record<string, string> } };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.fieldErrors).toEqual({ "count.8": "Below 0." });

    const stale = stockSaveRefused(
      new ShopError("STALE_VERSION", "Stale", { details: { stale: [{ variantId: 7, sku: "KS-7", expected: 2, stock: 1 }] } }),
      input,
      { "count.7": "9" },
    ) as unknown as {
      init: { status: number };
      data: { formError: string; fieldErrors: Record<string, string>; values: object };
    };
    expect(stale.init.status).toBe(409);
    expect(stale.data.formError).toMatch(/^Nothing was saved: the stock of KS-7 changed since you opened the page/);
    expect(stale.data.fieldErrors).toEqual({ "count.7": "Changed since you opened the page: 1 now, not 2." });
    expect(stale.data.values).toEqual({ "count.7": "9" });
  });
});
