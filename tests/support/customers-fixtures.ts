import { users } from "../../server/db/schema/index.ts";
import type { Db } from "../../server/db/client.ts";
import type { Services } from "../../server/services.ts";

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

/** A delivery address that passes every rule (the Netherlands: postcode, no province, ADR 49). */
export const AMSTERDAM = {
  firstName: "Jan",
  lastName: "Jansen",
  line1: "Dorpsstraat 1",
  city: "Amsterdam",
  postalCode: "1234 AB",
  country: "NL",
};

/** A registered, logged-in customer of `services`: their id, token, and headers that carry the token. */
export async function registeredCustomer(services: Services, db: Db, n: number) {
  const opened = await services.accounts.register(
    // Each from its own address: registrations are rate-limited per address.
    { db, visitor: { ip: `198.51.100.${n % 250}` } },
    { username: `keeper${n}`, email: `keeper${n}@example.com`, password: `green gloves ${n} dive` },
  );
  const cookie = `auth.strategy=local; auth._token.local=${encodeURIComponent(`Bearer ${opened.jwt}`)}`;
  return { id: opened.user.id, jwt: opened.jwt, bearer: { authorization: `Bearer ${opened.jwt}` }, cookie: { cookie } };
}
