import { createAddressBook } from "./addresses.ts";
import { addressFormat } from "./address-format.ts";
import { countries, countryNames, provincesOf } from "./countries.ts";
import { createOrderHistory } from "./orders.ts";
import { createPreferences, type PreferenceListener } from "./preferences.ts";
import { createProfiles } from "./profile.ts";
import { createPictures } from "./picture.ts";
import type { Uploads } from "../media/index.ts";
import type { RateLimitStore } from "../rate-limit/index.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { AddressView } from "./addresses.ts";
export type { Country, Province } from "./countries.ts";
export type { AddressFormat, AddressPart, CountryPart, PrintableAddress } from "./address-format.ts";
export { formatAddress } from "./address-format.ts";
export type { OrderAddress, OrderDetail, OrderLineView, OrderSummary } from "./orders.ts";
export { defaultOptIn, writePreference } from "./preferences.ts";
export type {
  CommunicationChannel,
  CommunicationTopic,
  PreferenceChange,
  PreferenceListener,
  PreferenceChangeView,
  PreferenceSource,
  PreferenceView,
} from "./preferences.ts";
export type { CustomerProfile } from "./profile.ts";
export { PICTURE_UPLOADS_RULE } from "./picture.ts";

/**
 * The account area (issue 4 §7; SPEC §2 my-account): personal details, delivery addresses,
 * communication preferences and order history. Every function takes the request's scope, then the customer's
 * user id: adapters take it from the authenticated session, never from the client, and records
 * are looked up only among that customer's own. Raw input is parsed here with the module's
 * schemas, so pages, REST and GraphQL share the same rules. `onPreferenceChange` hears of each
 * change of communication preferences a customer makes (the newsletter's list follows one).
 * `uploads` stores profile pictures; `rateLimits` counts them per account.
 */
export function createCustomers(
  options: { onPreferenceChange?: PreferenceListener; uploads?: Uploads; rateLimits?: RateLimitStore } = {},
) {
  return {
    ...createProfiles(),
    ...createPictures({ uploads: options.uploads, rateLimits: options.rateLimits }),
    ...createAddressBook(),
    ...createPreferences({ onChange: options.onPreferenceChange }),
    ...createOrderHistory(),
    /** Countries and their provinces (the API's lists; static: built once). */
    countries,
    provincesOf,
    /** The countries' codes and names, for the address form's country select. */
    countryNames,
    /** One country's address form: its parts, their order and names, its provinces (ADR 49). */
    addressFormat,
  };
}

export type Customers = ReturnType<typeof createCustomers>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { shownAddress } from "./address-format.ts";
export { countries, countryName, findCountry } from "./countries.ts";
export { keepOrderAddress, savedAddressFields } from "./order-addresses.ts";
