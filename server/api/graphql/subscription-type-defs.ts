/*
 * Live updates (issue 13, ADR 45), over graphql-ws on /graphql: the subscriptions a page opens to
 * follow what it shows. Each answers only what its subscriber may know.
 */
export const subscriptionTypeDefs = /* GraphQL */ `
  "An option's stock as shoppers are told it."
  type StockChange {
    variantId: ID!
    "Whether it can be bought now."
    available: Boolean!
    "How many are left, only when few are (5 or fewer); null otherwise."
    left: Int
  }

  "One of the customer's own orders moved on."
  type OrderUpdate {
    number: String!
    status: OrderStatus!
  }

  "The customer's bag changed (in another tab or on another device)."
  type BagChange {
    "What the header counts in the bag now."
    itemCount: Int!
  }

  "An order just placed, as the back office's dashboard announces it."
  type NewOrder {
    number: String!
    "In cents."
    total: Int!
    currency: String!
    paymentMethod: String!
    placedAt: String!
  }

  type Subscription {
    "The stock of a product's options as it changes. A product the subscriber may not see is an error."
    stockChanged(productId: ID!): StockChange!
    "The subscriber's own orders as their status changes; customers only."
    orderUpdated: OrderUpdate!
    "The subscriber's own bag as it changes; customers only."
    bagChanged: BagChange!
    "Every order as it is placed; staff only (the back office's dashboard)."
    orderPlaced: NewOrder!
  }
`;
