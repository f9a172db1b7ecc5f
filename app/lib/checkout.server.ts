import type { PageContext } from "../../server/context.ts";
import { asShopError } from "../../server/lib/shared.ts";
import type { Buyer, PricedBag } from "../../server/modules/checkout/index.ts";
import { ORDER_ADDRESS_KEYS } from "../../server/modules/orders/shared.ts";
import type { CheckoutSummaryData } from "./checkout";

/*
 * What the checkout page (routes/checkout/checkout.tsx) needs from the server beside the
 * services: the priced bag as plain data, the address the form names, and refusals as form errors.
 */

/** The priced bag as the page shows it: plain data, errors as their messages. */
export function checkoutSummary(quote: PricedBag): CheckoutSummaryData {
  return {
    lines: quote.lines.map(({ variantId, name, size, colour, image, quantity, unitPrice, lineTotal }) => ({
      variantId,
      name,
      size,
      colour,
      image,
      quantity,
      unitPrice,
      lineTotal,
    })),
    membership: quote.membership ? { name: quote.membership.name, price: quote.membership.price } : null,
    needsDelivery: quote.needsDelivery,
    problems: quote.problems.map((problem) => problem.message),
    methods: quote.methods,
    methodId: quote.method?.id ?? null,
    promoCode: quote.promo?.code ?? null,
    promoFreeDelivery: quote.promo?.kind === "free_delivery",
    promoError: quote.promoError?.message ?? null,
    totals: quote.totals,
    fingerprint: quote.fingerprint,
  };
}

const ADDRESS_FIELDS = ORDER_ADDRESS_KEYS;

/**
 * Where the order goes, as placeOrder takes it (ADR 55): one of the customer's saved addresses
 * ("saved:<id>"; the use case checks it is theirs), else the fields typed in, kept in their
 * account when they ticked "Save this address".
 */
export function orderAddressInput(
  fields: Record<string, string>,
  signedIn: boolean,
): { savedAddressId: string } | { shippingAddress: Record<string, string>; saveAddress: boolean } {
  const saved = /^saved:(\d{1,10})$/.exec(fields.addressChoice ?? "");
  if (saved) return { savedAddressId: saved[1]! };
  return {
    shippingAddress: Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, fields[name] ?? ""])),
    saveAddress: signedIn && fields.saveAddress === "true",
  };
}

/**
 * The country the summary is priced for: the chosen saved address's (read from the customer's own
 * address book, so another's id finds nothing), else the one typed in.
 */
export async function checkoutCountry(context: PageContext, fields: Record<string, string>): Promise<string | undefined> {
  const saved = /^saved:(\d{1,10})$/.exec(fields.addressChoice ?? "");
  if (saved && context.session) {
    const addresses = await context.services.customers.listAddresses(context, context.session.user.id);
    const address = addresses.find((a) => String(a.id) === saved[1]);
    if (address) return address.country;
  }
  return fields.country;
}

/**
 * A refusal of placing the order as the page shows it: beside the field at fault, or above the
 * form. A saved address that today's rules refuse (one saved before its country's format changed,
 * ADR 49) is said above the form, since its fields are hidden while it is chosen.
 */
export function checkoutFailure(
  error: unknown,
  fields: Record<string, string> = {},
): {
  status: number;
  formError: string | null;
  fieldErrors: Record<string, string>;
} {
  const failed = asShopError(error);
  if (!failed) throw error;
  // The address's fields are named plainly on the page (firstName), under shippingAddress in the order.
  const fieldErrors = Object.fromEntries(
    Object.entries(failed.fields).map(([field, message]) => [field.replace(/^shippingAddress\./, ""), message]),
  );
  const beside = failed.field !== undefined && failed.code !== "NOT_ENOUGH_STOCK";
  const savedAddressFaults = /^saved:/.test(fields.addressChoice ?? "")
    ? Object.entries(fieldErrors).filter(([field]) => (ADDRESS_FIELDS as readonly string[]).includes(field))
    : [];
  if (beside && savedAddressFaults.length > 0) {
    const reasons = savedAddressFaults.map(([, message]) => message).join(" ");
    return {
      status: failed.status,
      formError: `The saved address cannot be used as it is: ${reasons} Choose "A new address" to enter it again, or change it under Delivery addresses in your account.`,
      fieldErrors,
    };
  }
  return { status: failed.status, formError: beside ? null : failed.message, fieldErrors: beside ? fieldErrors : {} };
}

/**
 * The bag priced for the page from what the form says. A choice the checkout refuses outright (a
 * promo code too long to be one, a method id that is not one) is said beside its field, and the
 * bag is priced without it, so the page always comes back.
 */
export async function pricedForPage(
  context: PageContext,
  buyer: Buyer,
  choices: { country: string; deliveryMethod?: string; promoCode?: string; email?: string },
): Promise<{ summary: CheckoutSummaryData; fieldErrors: Record<string, string> }> {
  const { checkout } = context.services;
  try {
    return { summary: checkoutSummary(await checkout.quote(context, buyer, choices)), fieldErrors: {} };
  } catch (error) {
    const failed = asShopError(error);
    if (failed?.code !== "INVALID_INPUT") throw error;
    const summary = checkoutSummary(
      await checkout.quote(context, buyer, {
        country: "country" in failed.fields ? context.env.defaultCountry : choices.country,
      }),
    );
    return { summary, fieldErrors: failed.fields };
  }
}
