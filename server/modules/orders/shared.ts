// What pages may share of the orders module (ADR 53): plain data, no server code.

/** The fields of a delivery address an order keeps (a snapshot, JSON text in orders.delivery_address). */
export const ORDER_ADDRESS_KEYS = [
  "firstName",
  "lastName",
  "company",
  "line1",
  "line2",
  "city",
  "province",
  "postalCode",
  "country",
  "phone",
] as const;

export { BANK_TRANSFER, CARD, isCardOrder, PAYMENT_METHODS } from "../../db/schema/payment-methods.ts";
