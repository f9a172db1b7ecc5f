import { data } from "react-router";
import type { AddressFormat, Customers } from "../../server/modules/customers/index.ts";

/**
 * The address form's format for the country a form names (checkout and the account area's
 * addresses); the shop's default country's (SHOP_DEFAULT_COUNTRY, checked at boot to be one) when
 * it names none that is a country, so the form always comes back and its country field says what
 * is wrong.
 */
export function addressFormatOr(customers: Customers, country: string, defaultCountry: string): AddressFormat {
  return customers.addressFormat(country) ?? customers.addressFormat(defaultCountry)!;
}

/**
 * The answer to the address form's request for a newly chosen country's format (`?formatFor=XX`,
 * a data request made with JavaScript): the format, or 404 for no country. Null when the request is
 * not one (the same address opened in the browser is just the page).
 */
export function formatAsked(request: Request, customers: Customers) {
  const formatFor = new URL(request.url).searchParams.get("formatFor");
  if (formatFor === null || (request.headers.get("accept")?.includes("text/html") ?? false)) return null;
  const format = customers.addressFormat(formatFor.slice(0, 2));
  if (!format) throw data(null, { status: 404 });
  return data({ kind: "format" as const, format });
}
