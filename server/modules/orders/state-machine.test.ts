import { expect, test } from "vitest";
import { ORDER_STATUSES } from "../../db/schema/index.ts";
import { assertMove, canMove } from "./state-machine.ts";

test("an order goes forward only: awaiting payment, paid, shipped, delivered; cancelled and refunded are final", () => {
  expect(canMove("awaiting_payment", "paid")).toBe(true);
  expect(canMove("paid", "shipped")).toBe(true);
  expect(canMove("shipped", "delivered")).toBe(true);
  expect(canMove("awaiting_payment", "shipped")).toBe(false);
  expect(canMove("delivered", "paid")).toBe(false);
  expect(canMove("shipped", "cancelled")).toBe(false);
  for (const to of ORDER_STATUSES) {
    expect(canMove("cancelled", to)).toBe(false);
    expect(canMove("refunded", to)).toBe(false);
  }
});

test("a move that is not allowed is refused with a clear error", () => {
  expect(() => assertMove("KS-100001", "cancelled", "paid")).toThrow("Order KS-100001 is cancelled: it cannot become paid.");
  expect(() => assertMove("KS-100001", "awaiting_payment", "paid")).not.toThrow();
});
