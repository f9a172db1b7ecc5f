import type { Db } from "../../db/client.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { deliveryAddressInput, savedAddressFields, type DeliveryAddress } from "../customers/index.ts";
import type { PlaceOrder } from "./schemas.ts";

/**
 * Where an order goes (ADR 55): the address typed in, or the customer's saved address, checked
 * again by today's rules with the one delivery-address schema. One saved before its country's
 * format changed (ADR 49) is refused naming its fields (shippingAddress.postalCode), as typed ones are.
 */
export async function orderAddressOf(db: Db, customerId: number | null, input: PlaceOrder): Promise<DeliveryAddress> {
  if (input.savedAddressId === undefined) return input.shippingAddress!;
  const saved = await savedAddressFields(db, customerId, input.savedAddressId);
  return parseInput(deliveryAddressInput, saved, "shippingAddress");
}
