import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { accountNotFound } from "./errors.ts";
import { profileInput } from "./schemas.ts";

/** A customer's personal details; e-mail address and password belong to the accounts module. */
export interface CustomerProfile {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  /** The profile picture's source address for the image endpoint (/uploads/...); null: none. */
  picture: string | null;
  /** When the account last changed (ISO 8601). */
  updatedAt: string;
}

const columns = {
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  picture: users.picture,
  updatedAt: users.updatedAt,
};

function view(row: {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  picture: string | null;
  updatedAt: Date;
}): CustomerProfile {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export function createProfiles() {
  async function profile(scope: Scope, userId: number): Promise<CustomerProfile> {
    const [row] = await scope.db.select(columns).from(users).where(eq(users.id, userId));
    if (!row) throw accountNotFound();
    return view(row);
  }

  return {
    profile,

    /** Changes the fields given (a blank one is cleared); the others stay as they are. */
    async updateProfile(scope: Scope, userId: number, raw: unknown): Promise<CustomerProfile> {
      const input = parseInput(profileInput, raw);
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length === 0) return profile(scope, userId);
      const [row] = await scope.db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning(columns);
      if (!row) throw accountNotFound();
      return view(row);
    },
  };
}
