import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addresses, type Address } from "../../db/schema/index.ts";
import { shownAddress } from "./address-format.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { addressLimitReached, addressNotFound } from "./errors.ts";
import { lockCustomer } from "./lock.ts";
import { addressInput, addressUpdateInput, MAX_ADDRESSES, recordId } from "./schemas.ts";

/** A delivery address as the account area shows it, with the country's and province's names. */
export interface AddressView {
  id: number;
  firstName: string;
  lastName: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  /** The province's code (ADR 49: ISO 3166-2's, such as CA, else Google's key); null where the address has none. */
  province: string | null;
  provinceName: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  phone: string | null;
  /** The address as the country's post writes it, one line per entry (formatAddress). */
  lines: string[];
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

function view(row: Address): AddressView {
  const shown = shownAddress(row);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    province: shown.province,
    provinceName: shown.provinceName,
    postalCode: row.postalCode,
    country: row.country,
    countryName: shown.countryName ?? row.country,
    phone: row.phone,
    lines: shown.lines,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored fields an edit starts from (the province by today's code: an older one is found, ADR 49). */
export function editable(row: Address) {
  const { firstName, lastName, company, line1, line2, city, postalCode, country, phone } = row;
  return { firstName, lastName, company, line1, line2, city, province: shownAddress(row).province, postalCode, country, phone };
}

/** The id as a number; an id of another shape names no address. */
function addressIdOf(raw: unknown): number {
  const parsed = recordId.safeParse(raw);
  if (!parsed.success) throw addressNotFound();
  return parsed.data;
}

/** Newest first: the default (listed first) passes to the most recent when it is deleted. */
const newestFirst = [desc(addresses.createdAt), desc(addresses.id)];

/** Makes `addressId` the default: the old default first, as the unique index allows one. */
export async function makeDefault(tx: Db, userId: number, addressId: number): Promise<Address> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  const [row] = await tx
    .update(addresses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(eq(addresses.id, addressId))
    .returning();
  return row!;
}

/**
 * A customer's delivery addresses. Every call names the customer (from the session, never from
 * the client) and finds addresses only among theirs. The first address is the default; there is
 * always exactly one default while any address is kept.
 */
export function createAddressBook() {
  /** The customer's address `addressId`, locked for the transaction. */
  async function owned(tx: Db, userId: number, addressId: number): Promise<Address> {
    const [row] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .for("update");
    if (!row) throw addressNotFound();
    return row;
  }

  return {
    /** The default first, then the others newest first. */
    async listAddresses(scope: Scope, userId: number): Promise<AddressView[]> {
      const rows = await scope.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), ...newestFirst);
      return rows.map(view);
    },

    async addAddress(scope: Scope, userId: number, raw: unknown): Promise<AddressView> {
      const { isDefault, ...fields } = parseInput(addressInput, raw);
      return withTransaction(scope, async ({ db: tx }) => {
        await lockCustomer(tx, userId);
        const count = await tx.$count(addresses, eq(addresses.userId, userId));
        if (count >= MAX_ADDRESSES) throw addressLimitReached(MAX_ADDRESSES);
        const [row] = await tx
          .insert(addresses)
          .values({ userId, ...fields })
          .returning();
        return view(count === 0 || isDefault ? await makeDefault(tx, userId, row!.id) : row!);
      });
    },

    /**
     * Changes the fields given; the address they make with the stored ones is checked whole (a
     * new country needs a province and postal code of its own). `isDefault: true` makes it the
     * default; the default cannot be unset, only replaced by choosing another.
     */
    async updateAddress(scope: Scope, userId: number, addressId: unknown, raw: unknown): Promise<AddressView> {
      const id = addressIdOf(addressId);
      const { isDefault, ...patch } = parseInput(addressUpdateInput, raw);
      const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      return withTransaction(scope, async ({ db: tx }) => {
        await lockCustomer(tx, userId);
        const row = await owned(tx, userId, id);
        if (isDefault === false && row.isDefault) {
          throw invalidInput("isDefault", "Choose another address as the default instead.");
        }
        const fields = parseInput(addressInput, { ...editable(row), ...given });
        const [updated] = await tx
          .update(addresses)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(addresses.id, id))
          .returning();
        return view(isDefault && !row.isDefault ? await makeDefault(tx, userId, id) : updated!);
      });
    },

    /** Deletes the address; when it was the default, the most recent remaining one becomes the default. */
    async deleteAddress(scope: Scope, userId: number, addressId: unknown): Promise<AddressView> {
      const id = addressIdOf(addressId);
      return withTransaction(scope, async ({ db: tx }) => {
        await lockCustomer(tx, userId);
        const [deleted] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning();
        if (!deleted) throw addressNotFound();
        if (deleted.isDefault) {
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(eq(addresses.userId, userId))
            .orderBy(...newestFirst)
            .limit(1);
          if (next) await makeDefault(tx, userId, next.id);
        }
        return view(deleted);
      });
    },

    async setDefaultAddress(scope: Scope, userId: number, addressId: unknown): Promise<AddressView> {
      const id = addressIdOf(addressId);
      return withTransaction(scope, async ({ db: tx }) => {
        await lockCustomer(tx, userId);
        const row = await owned(tx, userId, id);
        return view(row.isDefault ? row : await makeDefault(tx, userId, id));
      });
    },
  };
}
