import { inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testPageContext } from "../support/page-context.ts";
import { seededShop } from "../support/seeded-shop.ts";
import type { PageContext } from "../../server/context.ts";
import { orders } from "../../server/db/schema/index.ts";
import { pageContextKey } from "../../server/http/page-context.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { stockedOptions } from "../../server/modules/cart/test-support.ts";
import { CHECKOUT_RULES } from "../../server/modules/checkout/limits.ts";
import { action } from "~/routes/checkout/checkout";

/*
 * Issue 22 §3-4 through the checkout page's action: the page places orders through the one use
 * case, so the order-mail cap and the promo tries hold here too, said beside their fields (ADR 50).
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let option: number;

beforeAll(async () => {
  shop = await seededShop(6);
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const ADDRESS = {
  firstName: "Sam",
  lastName: "Keeper",
  line1: "Keizersgracht 1",
  city: "Amsterdam",
  province: "NH",
  postalCode: "1015 CJ",
  country: "NL",
};

/** A guest with a bag holding one unit, speaking from `ip`. */
async function guest(ip: string): Promise<PageContext> {
  const { cart } = await shop.services.cart.addLine(systemScope(shop.database.db), null, { variantId: option, quantity: 1 });
  return testPageContext(shop, { ip, guestBag: cart.token });
}

/** Posts the checkout form as the page would, with the summary it would have shown. */
async function post(context: PageContext, fields: Record<string, string>) {
  // Placing sends the fingerprint of the summary shown (priced without a code here); a quote needs none.
  const seen =
    fields.intent === "place"
      ? (
          await shop.services.checkout.quote(
            context,
            { customerId: null, bag: context.guestBag },
            {
              country: "NL",
              deliveryMethod: "home-standard",
            },
          )
        ).fingerprint
      : "";
  const body = new URLSearchParams({
    addressChoice: "new",
    ...ADDRESS,
    deliveryMethod: "home-standard",
    paymentMethod: "bank-transfer",
    key: crypto.randomUUID(),
    seen,
    ...fields,
  });
  const request = new Request("http://shop.test/checkout", { method: "POST", body });
  const router = new RouterContextProvider(new Map([[pageContextKey, { ...context, routeHandles: () => undefined }]]));
  const answer = (await action({ request, params: {}, context: router } as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, placed: true, fieldErrors: {} as Record<string, string> };
  const { data, init } = answer as {
    data: { fieldErrors: Record<string, string>; summary: { promoError: string | null } };
    init: { status?: number };
  };
  return { status: init.status ?? 200, placed: false, fieldErrors: data.fieldErrors, promoError: data.summary.promoError };
}

test("the sixth order to one mailbox in an hour is refused beside the e-mail field, and nothing is placed", async () => {
  const answers = [];
  for (let i = 0; i <= CHECKOUT_RULES.mailsToMailbox.limit; i++) {
    answers.push(
      await post(await guest(`192.0.2.${i + 1}`), {
        intent: "place",
        email: i % 2 ? "page.victim+x@example.com" : "page.victim@example.com",
      }),
    );
  }
  expect(answers.slice(0, -1).every((a) => a.placed)).toBe(true);
  const refused = answers.at(-1)!;
  expect(refused).toMatchObject({ placed: false, status: 429 });
  expect(refused.fieldErrors.email).toMatch(/^We have sent many order confirmations to this e-mail address in the last hour/);
  const placed = await shop.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.email, ["page.victim@example.com", "page.victim+x@example.com"]));
  expect(placed).toHaveLength(CHECKOUT_RULES.mailsToMailbox.limit);
});

test("promo codes tried on the page count against the bag: past the limit the page says so beside the field", async () => {
  const context = await guest("192.0.2.100");
  const errors: (string | null | undefined)[] = [];
  for (let i = 0; i <= CHECKOUT_RULES.promoForBag.limit; i++) {
    errors.push(
      (await post(context, { intent: "quote", email: "page-promo@example.com", promoCode: `PAGEGUESS${i}` })).promoError,
    );
  }
  expect(errors.slice(0, -1).every((error) => error === "This promo code does not exist. Check how it is spelt.")).toBe(true);
  expect(errors.at(-1)).toMatch(/^Too many promo codes tried\. Please wait \d+ minutes? before trying another\.$/);
});
