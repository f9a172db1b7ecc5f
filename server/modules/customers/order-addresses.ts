import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addresses } from "../../db/schema/index.ts";
import { editable, makeDefault } from "./addresses.ts";
import { addressNotFound } from "./errors.ts";
import { lockCustomer } from "./lock.ts";
import { MAX_ADDRESSES, type DeliveryAddress } from "./schemas.ts";

/*
 * The address book as placing an order uses it (checkout/place-order.ts, ADR 55): ordering to one
 * of the customer's saved addresses, and keeping the address typed in. Both run in the order's
 * transaction, so every adapter (page, shop API, GraphQL) gets them, and an order that is refused
 * saves nothing.
 */

/**
 * The stored fields of the customer's address `addressId`, as an edit starts from (the province
 * by today's code). A guest, another customer's id or none at all: ADDRESS_NOT_FOUND alike, so
 * ids reveal nothing about other accounts.
 */
export async function savedAddressFields(db: Db, customerId: number | null, addressId: number) {
  if (customerId === null) throw addressNotFound();
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, customerId)));
  if (!row) throw addressNotFound();
  return editable(row);
}

const blankAsNull = (value: string | null | undefined) => (value === undefined || value === "" ? null : value);

/** Whether two addresses are the same on every field an order keeps. */
function sameAddress(a: ReturnType<typeof editable>, b: DeliveryAddress): boolean {
  return (Object.keys(a) as (keyof typeof a)[]).every((key) => blankAsNull(a[key]) === blankAsNull(b[key]));
}

/**
 * Keeps the address an order goes to in the customer's address book, once: an address already
 * kept (the same on every field) is not added again, and a full book keeps what it has, since the
 * order must not be refused for it. Answers the id of the address kept, or null when the book was
 * full. The first address becomes the default, as in the account area.
 */
export async function keepOrderAddress(db: Db, customerId: number, address: DeliveryAddress): Promise<number | null> {
  await lockCustomer(db, customerId);
  const own = await db.select().from(addresses).where(eq(addresses.userId, customerId));
  const same = own.find((row) => sameAddress(editable(row), address));
  if (same) return same.id;
  if (own.length >= MAX_ADDRESSES) return null;
  const [row] = await db
    .insert(addresses)
    .values({ userId: customerId, ...address })
    .returning({ id: addresses.id });
  if (own.length === 0) await makeDefault(db, customerId, row!.id);
  return row!.id;
}
