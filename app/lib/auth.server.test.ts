import { expect, test } from "vitest";
import { pageAddress } from "./auth.server";

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
