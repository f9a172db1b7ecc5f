import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { keptMails, testServicesConfig } from "../../../tests/support/services-config.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { orders } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";

/* A guest's orders join the account once its customer has proved the address is theirs (issue 11 §3). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let services: Services;
const mails = keptMails();

beforeAll(async () => {
  shop = await seededShop(4);
  services = createServices(shop.database, testServicesConfig({ mailer: mails }));
});

afterAll(async () => {
  await services?.accounts.settled();
  await services?.mails.settled();
  await shop?.close();
});

test("orders placed as a guest appear in the account when its customer confirms the address, not before", async () => {
  const scope = systemScope(shop.database.db, { ip: "192.0.2.77" });
  const [option] = (await stockedOptions(shop.database.db, 1)) as [number];
  const order = await guestOrder(services, scope, option, 1, { email: "Later.Member@example.com" });
  const ownerOf = async () => (await shop.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.userId;

  // Someone signs up with the address: not proved yet, so the order stays the guest's.
  const opened = await services.accounts.register(scope, {
    username: "latermember",
    email: "later.member@example.com",
    password: "gloves for later 77",
  });
  expect(await ownerOf()).toBeNull();
  await services.accounts.settled();
  const mail = mails.sent.find((m) => m.to === "later.member@example.com" && /Confirm/.test(m.subject))!;
  const confirmation = decodeURIComponent(/confirmation=([^\s"&]+)/.exec(mail.text)![1]!);
  await services.accounts.confirmEmail(scope, { confirmation });
  expect(await ownerOf()).toBe(opened.user.id);
  expect((await services.orders.customerOrders(scope, opened.user.id)).map((o) => o.number)).toEqual([order.number]);
});
