import { inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testPageContext } from "../support/page-context.ts";
import { seededShop } from "../support/seeded-shop.ts";
import type { PageContext } from "../../server/context.ts";
import { addresses, orders } from "../../server/db/schema/index.ts";
import { pageContextKey } from "../../server/http/page-context.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { stockedOptions } from "../support/cart-fixtures.ts";
import { newCustomerId } from "../support/customers-fixtures.ts";
import { CHECKOUT_RULES } from "../../server/modules/checkout/limits.ts";
import { action } from "~/routes/checkout/checkout";
import { DUTCH_ADDRESS } from "../support/orders.ts";

/*
 * Issue 22 through the checkout page's action: the page places orders through the one use case,
 * so the order-mail cap and the promo tries hold here too, said beside their fields (ADR 50); and
 * a saved address that today's address rules refuse is said above the form (ADR 49).
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

/** A Dutch address: the Netherlands has no province line (ADR 49). */
const ADDRESS = DUTCH_ADDRESS;

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
    data: { fieldErrors: Record<string, string>; formError: string | null; summary: { promoError: string | null } };
    init: { status?: number };
  };
  return {
    status: init.status ?? 200,
    placed: false,
    fieldErrors: data.fieldErrors,
    formError: data.formError,
    promoError: data.summary.promoError,
  };
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

test("a saved address that today's rules refuse (a Portuguese postcode of four digits) is said above the form, where it is seen", async () => {
  const customerId = await newCustomerId(shop.database.db);
  const [saved] = await shop.database.db
    .insert(addresses)
    .values({
      userId: customerId,
      firstName: "Rui",
      lastName: "Guarda",
      line1: "Rua Augusta 1",
      city: "Lisboa",
      postalCode: "1000",
      country: "PT",
      isDefault: true,
    })
    .returning({ id: addresses.id });
  await shop.services.cart.addLine(systemScope(shop.database.db), { customerId }, { variantId: option, quantity: 1 });
  const session = {
    user: { id: customerId },
    sessionId: "s",
    strategy: "local",
    expiresAt: new Date(Date.now() + 60_000),
    hasPassword: true,
  };
  const context = testPageContext(shop, { ip: "192.0.2.200", session: session as PageContext["session"] });
  const answer = await post(context, { intent: "place", email: "rui@example.com", addressChoice: `saved:${saved!.id}` });
  expect(answer).toMatchObject({ placed: false, status: 400 });
  expect(answer.formError).toMatch(
    /^The saved address cannot be used as it is: This is not a valid postcode for Portugal: e\.g\. \d{4}-\d{3}\. Choose "A new address"/,
  );
});
