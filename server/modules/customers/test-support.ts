import { users } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";

let customers = 0;

/** A new account, made as a row: the account area's tests need only a user id. */
export async function newCustomerId(db: Db): Promise<number> {
  customers += 1;
  const [row] = await db
    .insert(users)
    .values({ username: `customer${customers}`, email: `customer${customers}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}
