import { expect, test } from "vitest";
import { invoiceKindOf } from "./shared.ts";

const order = (state: Parameters<typeof invoiceKindOf>[0]["payment"]["state"], statuses: string[]) => ({
  payment: { state },
  history: statuses.map((status) => ({ status })),
});

test("an order's invoice: pro forma while unpaid, none when cancelled unpaid, an invoice once it was paid, even cancelled with its refund on the way", () => {
  expect(invoiceKindOf(order("unpaid", ["awaiting_payment"]))).toBe("pro_forma");
  expect(invoiceKindOf(order("voided", ["awaiting_payment", "cancelled"]))).toBeNull();
  expect(invoiceKindOf(order("voided", ["awaiting_payment", "paid", "cancelled"]))).toBe("invoice");
  for (const state of ["paid", "partially_refunded", "refunded"] as const)
    expect(invoiceKindOf(order(state, ["awaiting_payment", "paid"]))).toBe("invoice");
});
