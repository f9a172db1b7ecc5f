import { COMMUNICATION_CHANNELS, COMMUNICATION_TOPICS } from "../../db/schema/communication-preferences.ts";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import { MAX_ADDRESSES, MAX_ORDERS_PAGE } from "../../modules/customers/index.ts";

/** A module value as a GraphQL enum value: "member-news" is MEMBER_NEWS (as the listing's sorts). */
const enumValue = (value: string) => value.toUpperCase().replaceAll("-", "_");

/**
 * The module's values by their GraphQL enum names, for the resolvers' enum maps: clients send and
 * receive the names, the module sees its own values.
 */
export function enumValues<const V extends string>(values: readonly V[]): EnumValues<V> {
  return Object.fromEntries(values.map((value) => [enumValue(value), value])) as EnumValues<V>;
}

/** enumValue's name, worked out by the type checker: "member-news" is "MEMBER_NEWS". */
type EnumName<V extends string> = V extends `${infer Head}-${infer Tail}` ? EnumName<`${Head}_${Tail}`> : Uppercase<V>;
type EnumValues<V extends string> = { [Value in V as EnumName<Value>]: Value };

/** The AddressPart enum's values: the address format's names for the parts of an address. */
export const ADDRESS_PARTS = {
  NAME: "name",
  COMPANY: "company",
  STREET: "street",
  CITY: "city",
  PROVINCE: "province",
  POSTAL_CODE: "postalCode",
} as const;

/*
 * The account area over GraphQL (issue 4 §7): the logged-in customer as `me`, and mutations of
 * their details, addresses and preferences, over the same customers module as the pages and
 * /customers. Who the customer is comes only from the session (Authorization header or auth
 * cookie), never from an argument.
 */
export const customerTypeDefs = /* GraphQL */ `
  enum CommunicationTopic {
    ${COMMUNICATION_TOPICS.map(enumValue).join("\n    ")}
  }

  enum CommunicationChannel {
    ${COMMUNICATION_CHANNELS.map(enumValue).join("\n    ")}
  }

  enum OrderStatus {
    ${ORDER_STATUSES.map(enumValue).join("\n    ")}
  }

  """
  A province, state, county or prefecture (Google's address data): code is ISO 3166-2's without
  the country (CA, NSW, 13) where there is one, else Google's key (Spain: M).
  """
  type Province {
    code: String!
    name: String!
  }

  type Country {
    "ISO 3166-1 alpha-2, such as NL."
    code: String!
    name: String!
    "Empty when the country has none to choose from (see addressFormat for whether it has the line)."
    provinces: [Province!]!
  }

  "A part of an address form whose presence, name and need differ between countries."
  enum AddressPart {
    NAME
    COMPANY
    STREET
    CITY
    PROVINCE
    POSTAL_CODE
  }

  """
  How a country's address is written (Google's address data): the parts it has, line by line in
  its order, their names, which a complete address needs, and the provinces to choose from. The
  shop's one rule checks addresses against it (ADR 49).
  """
  type AddressFormat {
    country: String!
    countryName: String!
    "The parts of each line of the address, in the country's order."
    rows: [[AddressPart!]!]!
    "The name of the city line: Town or city, Post town, Suburb, District."
    cityLabel: String!
    "State, Province, County, Prefecture, …"
    provinceLabel: String!
    "ZIP code, Postcode, Eircode, PIN code."
    postalCodeLabel: String!
    "Of CITY, PROVINCE, POSTAL_CODE: the ones a complete address must have."
    required: [AddressPart!]!
    "Empty where the province (if the country has one) is typed."
    provinces: [Province!]!
    postalCodeExample: String
  }

  type Address {
    id: ID!
    firstName: String!
    lastName: String!
    company: String
    line1: String!
    line2: String
    "Empty where the country's addresses have no city line (Japan's is in the street lines)."
    city: String!
    "The province's code; null where the address has none."
    province: String
    provinceName: String
    postalCode: String
    "ISO 3166-1 alpha-2."
    country: String!
    countryName: String!
    phone: String
    "The address as the country's post writes it, one line per entry, the country last."
    lines: [String!]!
    isDefault: Boolean!
    createdAt: String!
    updatedAt: String!
  }

  "Whether the customer wants one topic on one channel."
  type CommunicationPreference {
    topic: CommunicationTopic!
    channel: CommunicationChannel!
    optedIn: Boolean!
    "When the customer last changed it (ISO 8601); null while it is the shop's default."
    updatedAt: String
  }

  "A row of the order history. Amounts are in the order's own currency."
  type OrderSummary {
    id: ID!
    number: String!
    status: OrderStatus!
    "When the order was placed (ISO 8601)."
    createdAt: String!
    subtotal: Money!
    total: Money!
  }

  type OrderLine {
    id: ID!
    productName: String!
    productSlug: String
    categorySlug: String
    size: String
    colour: String
    sku: String
    quantity: Int!
    unitPrice: Money!
    lineTotal: Money!
  }

  "The delivery address as it was when the order was placed."
  type OrderAddress {
    firstName: String
    lastName: String
    company: String
    line1: String
    line2: String
    city: String
    province: String
    postalCode: String
    country: String
    phone: String
    "The address as the country's post writes it, one line per entry, the country last."
    lines: [String!]!
  }

  type Order {
    id: ID!
    number: String!
    status: OrderStatus!
    createdAt: String!
    subtotal: Money!
    shipping: Money!
    total: Money!
    deliveryAddress: OrderAddress
    lines: [OrderLine!]!
  }

  "The logged-in customer."
  type Customer {
    id: ID!
    username: String!
    email: String!
    "False until the e-mail address is confirmed."
    confirmed: Boolean!
    firstName: String
    lastName: String
    phone: String
    "The default address first, then the others newest first (at most ${MAX_ADDRESSES})."
    addresses: [Address!]!
    "Every topic on every channel."
    preferences: [CommunicationPreference!]!
    "The newest orders first: first is 1 to ${MAX_ORDERS_PAGE}."
    orders(first: Int = 20): [OrderSummary!]!
    "One of the customer's orders; NOT_FOUND for any id that is not theirs."
    order(id: ID!): Order
  }

  "Personal details to change: a field left out stays, a blank or null one is cleared."
  input ProfileInput {
    firstName: String
    lastName: String
    "6 to 20 digits; spaces, +, - and brackets may be used."
    phone: String
  }

  """
  A delivery address, checked by its country's format (see addressFormat): the city, province and
  postal code are needed where the format needs them and dropped where it has none; the province
  is one of the country's (by code or name) where it lists them; the postal code fits its pattern.
  """
  input AddressInput {
    firstName: String!
    lastName: String!
    company: String
    line1: String!
    line2: String
    city: String
    province: String
    postalCode: String
    country: String!
    phone: String
    "Make it the default address (the first address always is)."
    isDefault: Boolean
  }

  "Changes to an address: a field left out stays; the result must be a valid address as a whole."
  input AddressUpdate {
    firstName: String
    lastName: String
    company: String
    line1: String
    line2: String
    city: String
    province: String
    postalCode: String
    country: String
    phone: String
    "true makes it the default; the default cannot be unset, only replaced by choosing another."
    isDefault: Boolean
  }

  input PreferenceInput {
    topic: CommunicationTopic!
    channel: CommunicationChannel!
    optedIn: Boolean!
  }

  extend type Query {
    "The logged-in customer (Authorization: Bearer, or the auth cookie); null for a guest."
    me: Customer

    "Every country with its provinces."
    countries: [Country!]!
    "How one country's address is written, for an address form; null for a code that is no country."
    addressFormat(country: String!): AddressFormat
  }

  # The account area's changes. Each needs a login (else UNAUTHENTICATED); an address that is not
  # the customer's is NOT_FOUND; a field that breaks a rule is BAD_USER_INPUT naming it.
  extend type Mutation {
    "Changes the customer's personal details. Needs a login."
    updateProfile(input: ProfileInput!): Customer!
    "Adds a delivery address (at most ${MAX_ADDRESSES}: then ADDRESS_LIMIT_REACHED). Needs a login."
    addAddress(input: AddressInput!): Address!
    updateAddress(id: ID!, input: AddressUpdate!): Address!
    "Deletes an address; when it was the default, the most recent remaining one becomes the default."
    deleteAddress(id: ID!): Customer!
    setDefaultAddress(id: ID!): Customer!
    "Opts in or out per topic and channel; only real changes are logged (source graphql)."
    updatePreferences(preferences: [PreferenceInput!]!): [CommunicationPreference!]!
  }
`;
