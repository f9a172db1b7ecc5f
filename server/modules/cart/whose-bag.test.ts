import { expect, test } from "vitest";
import { whoseBag } from "./whose-bag.ts";

const guest = { session: null, guestBag: "cookie-bag" };
const customer = { session: { user: { id: 7 } }, guestBag: "cookie-bag" };

test("a bag to read or change: the one named, else the customer's own, else the cookie's", () => {
  expect(whoseBag(guest, "named-bag")).toBe("named-bag");
  expect(whoseBag(guest)).toBe("cookie-bag");
  expect(whoseBag({ session: null, guestBag: null })).toBeNull();
  expect(whoseBag(customer, "named-bag")).toBe("named-bag");
  expect(whoseBag(customer)).toEqual({ customerId: 7 });
});

test("a bag to order from: a customer's own whatever is named; a guest's named, else the cookie's", () => {
  expect(whoseBag(customer, "named-bag", "order")).toEqual({ customerId: 7 });
  expect(whoseBag(customer, null, "order")).toEqual({ customerId: 7 });
  expect(whoseBag(guest, "named-bag", "order")).toBe("named-bag");
  expect(whoseBag(guest, null, "order")).toBe("cookie-bag");
});
