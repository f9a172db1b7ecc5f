import type { AddressFormat, Customers } from "../../server/modules/customers/index.ts";

/**
 * The address form's format for the country a form names (checkout and the account area's
 * addresses); the Netherlands' (the shop's own) when it names none that is a country, so the form
 * always comes back and its country field says what is wrong.
 */
export function addressFormatOr(customers: Customers, country: string): AddressFormat {
  return customers.addressFormat(country) ?? customers.addressFormat("NL")!;
}
