import { expect, test } from "vitest";
import { mergedBagNotice, pageAddress } from "./auth.server";

test("the page to come back to after login is the page, not its data request", () => {
  expect(pageAddress("http://shop.test/my-account/personal-details.data?_routes=routes%2Fmy-account")).toBe(
    "/my-account/personal-details",
  );
  expect(pageAddress("http://shop.test/_root.data?_routes=root")).toBe("/");
  expect(pageAddress("http://shop.test/my-account/delivery-addresses.data?edit=3&_routes=x")).toBe(
    "/my-account/delivery-addresses?edit=3",
  );
  expect(pageAddress("http://shop.test/my-account/order-history?page=2")).toBe("/my-account/order-history?page=2");
});

test("at login the customer is told what of the guest's bag did not fit, and why", () => {
  expect(mergedBagNotice([])).toBe("Your bag is kept.");
  expect(
    mergedBagNotice([
      { name: "Grip Pro", wanted: 5, kept: 3, reason: "stock" },
      { name: "Old Cap", wanted: 1, kept: 0, reason: "gone" },
      { name: "Sold Out Sock", wanted: 2, kept: 0, reason: "stock" },
      { name: "Training Cone", wanted: 2, kept: 0, reason: "full" },
      { name: "Keeper Bag", wanted: 1, kept: 0, reason: "full" },
    ]),
  ).toBe(
    "Your bag now holds what we have in stock: Grip Pro (3 of 5). " +
      "No longer available, so not in your bag: Old Cap, Sold Out Sock. " +
      "Your bag is full (50 different items), so these stayed out: Training Cone, Keeper Bag.",
  );
});
