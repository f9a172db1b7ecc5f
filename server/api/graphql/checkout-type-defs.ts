import { MAX_BAG_LINES } from "../../modules/cart/index.ts";

/*
 * Checkout over GraphQL (issue 11 §4): the delivery methods to a country, placing an order and
 * reading it, over the same checkout and orders modules as the pages and /ecommerce/orders.
 */
export const checkoutTypeDefs = /* GraphQL */ `
  enum PaymentMethod {
    BANK_TRANSFER
    STRIPE
  }

  type DeliveryMethod {
    "Pass it as placeOrder's deliveryMethod."
    id: ID!
    name: String!
    "standard or express."
    speed: String!
    "Its price for the bag asked about: zero when the items reach freeFrom."
    price: Money!
    freeFrom: Money
    minDays: Int!
    maxDays: Int!
  }

  type OrderTotals {
    subtotal: Money!
    discount: Money!
    delivery: Money!
    "The VAT the total includes, at the delivery country's rate."
    tax: Money!
    "The VAT rate in per cent, such as 21."
    vatRate: Float!
    total: Money!
  }

  type PlacedOrderLine {
    name: String!
    sku: String
    size: String
    colour: String
    quantity: Int!
    unitPrice: Money!
    lineTotal: Money!
  }

  "Where and how to pay an order awaiting a bank transfer."
  type BankTransfer {
    accountHolder: String!
    iban: String!
    bic: String!
    "Quote it with the transfer."
    reference: String!
    "Until when the items are kept (ISO 8601)."
    payBy: String
  }

  "Where to pay an order awaiting a card payment (STRIPE)."
  type CardPayment {
    "The provider's payment page: send the shopper there. Null if it could not be opened yet."
    url: String
    "Until when the page takes the payment (ISO 8601)."
    payBy: String
  }

  type OrderEvent {
    status: OrderStatus!
    note: String
    at: String!
  }

  "An order as its buyer sees it (at most ${MAX_BAG_LINES} lines). Money in the order's currency."
  type PlacedOrder {
    number: ID!
    status: OrderStatus!
    email: String!
    createdAt: String!
    lines: [PlacedOrderLine!]!
    totals: OrderTotals!
    promoCode: String
    deliveryMethod: String
    "Set while the order awaits a bank transfer."
    bankTransfer: BankTransfer
    "Set while the order awaits a card payment."
    cardPayment: CardPayment
    carrier: String
    trackingUrl: String
    history: [OrderEvent!]!
  }

  input ShippingAddressInput {
    firstName: String!
    lastName: String!
    company: String
    line1: String!
    line2: String
    "Needed where the country's format needs it (see addressFormat); Japan's addresses have none."
    city: String
    "The province's code or name, where the country's format has one (dropped elsewhere)."
    province: String
    postalCode: String
    "ISO 3166-1 alpha-2."
    country: String!
    phone: String
  }

  input PlaceOrderInput {
    "A guest's bag; a logged-in customer orders from their own bag (else the cart cookie's)."
    cartId: ID
    email: String!
    "Where the order goes, typed in; or give savedAddressId instead."
    shippingAddress: ShippingAddressInput
    "One of the logged-in customer's saved addresses (me.addresses); another's is NOT_FOUND."
    savedAddressId: ID
    "Keep shippingAddress in the logged-in customer's addresses (once; a full address book keeps what it has)."
    saveAddress: Boolean
    """
    An id from deliveryMethods for the address's country: required when the bag holds goods; none
    for a bag holding only a membership plan, which is not delivered.
    """
    deliveryMethod: ID
    paymentMethod: PaymentMethod = BANK_TRANSFER
    promoCode: String
  }

  extend type Query {
    "The delivery methods to a country, priced for the bag (cartId, else the customer's or the cookie's)."
    deliveryMethods(country: String!, cartId: ID): [DeliveryMethod!]!
    "An order: the customer's own, or any with its link's token; null otherwise."
    placedOrder(number: ID!, token: String): PlacedOrder
  }

  extend type Mutation {
    """
    Places an order from the bag, priced by the shop. The same idempotencyKey again answers the
    same order; with another input it is IDEMPOTENCY_CONFLICT. A line with fewer left than wanted
    is NOT_ENOUGH_STOCK naming it; a bad field is BAD_USER_INPUT naming it.
    """
    placeOrder(input: PlaceOrderInput!, idempotencyKey: String): PlacedOrder!
  }
`;
