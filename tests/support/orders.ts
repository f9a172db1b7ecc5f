import type { Scope } from "../../server/lib/scope.ts";
import type { Carts } from "../../server/modules/cart/index.ts";
import { createCheckout, type Checkout } from "../../server/modules/checkout/index.ts";
import { createRateLimitStore } from "../../server/modules/rate-limit/index.ts";

/** A delivery address in the shop's home zone (standard delivery "home-standard", 21 % VAT). */
export const DUTCH_ADDRESS = {
  firstName: "Iris",
  lastName: "Bos",
  line1: "Dorpsstraat 2",
  city: "Utrecht",
  postalCode: "3511 AA",
  country: "NL",
};

/**
 * A guest's order of `quantity` of one option, placed as checkout places it: a bag of its own,
 * the Dutch address and standard delivery unless `order` says otherwise.
 */
export async function guestOrder(
  shop: { cart: Carts; checkout: Checkout },
  scope: Scope,
  variantId: number,
  quantity: number,
  order: Record<string, unknown> & { email: string },
) {
  const { cart } = await shop.cart.addLine(scope, null, { variantId, quantity });
  const body = { shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard", ...order };
  return (await shop.checkout.placeOrder(scope, { customerId: null, bag: cart.token }, body)).order;
}

/** Euros as the tests' shop writes them in its mails. */
const testMoney = (minor: number) => `€${(minor / 100).toFixed(2)}`;

/** The checkout as the tests' shop has it: euros, a week to pay by transfer, limits in memory. */
export function testCheckout(): Checkout {
  return createCheckout({
    currency: "EUR",
    siteName: "Safe Hands",
    publicUrl: "http://shop.test",
    transfers: async () => ({
      reservationDays: 7,
      bank: { accountHolder: "Safe Hands B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
    }),
    money: testMoney,
    orderLink: (number) => `http://shop.test/orders/${number}`,
    rateLimits: createRateLimitStore({}),
  });
}
