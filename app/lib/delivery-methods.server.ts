import type { PageContext } from "../../server/context.ts";
import type { DeliveryOption } from "../../server/modules/checkout/index.ts";
import { countryName } from "../../server/modules/customers/index.ts";
import { deliveryDays, standardMethod, type DeliveryEstimate } from "~/lib/delivery-words";

/*
 * The delivery methods to a country, for the words of the product page and the bag (delivery
 * estimate, free-delivery threshold; lib/delivery-words.ts). A product page otherwise reads no
 * database when warm, so they are kept in memory for a short while: an owner's change to the
 * delivery rates reaches these words within CACHE_MS (checkout always reads them fresh).
 */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; methods: Promise<DeliveryOption[]> }>();

export function deliveryMethodsTo(context: PageContext, country: string): Promise<DeliveryOption[]> {
  const key = country.toUpperCase();
  const now = Date.now();
  const kept = cache.get(key);
  if (kept && now - kept.at < CACHE_MS) return kept.methods;
  const methods = context.services.checkout.deliveryOptions(context, { country: key }, 0);
  // A failed read is not kept: the next page asks again.
  methods.catch(() => cache.delete(key));
  cache.set(key, { at: now, methods });
  return methods;
}

/** The estimate for the shop's default country; null when the shop does not deliver there (or the read failed). */
export async function deliveryEstimate(context: PageContext): Promise<DeliveryEstimate | null> {
  const country = context.env.defaultCountry;
  const standard = standardMethod(await deliveryMethodsTo(context, country).catch(() => []));
  if (!standard) return null;
  return { days: deliveryDays(standard), country: countryName(country), freeFrom: standard.freeFrom };
}

/** The name of the country the shop's words of delivery speak of (its default, SHOP_DEFAULT_COUNTRY). */
export function homeCountryName(context: PageContext): string {
  return countryName(context.env.defaultCountry);
}
