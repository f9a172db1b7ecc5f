import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { orderLines, orders, users } from "../../server/db/schema/index.ts";
import { loggedInCustomer } from "../support/e2e-visitors.ts";
import { startShop } from "../support/shop-server.ts";

/*
 * Checkout comes with a later issue; until then the order a customer sees is written into a shop
 * of its own, as checkout will write it, while that shop is stopped (PGlite has one writer).
 */
test("an order opens from the history with its lines, totals and the delivery address it was sent to", async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await startShop({ env: { DEMO_PRODUCTS: "12" } });
  const context = await browser.newContext({ baseURL: first.url });
  const page = await context.newPage();
  let person: Awaited<ReturnType<typeof loggedInCustomer>>;
  try {
    person = await loggedInCustomer(context, first.url);
  } finally {
    expect(await first.stop()).toBe(0);
  }

  const database = await openDatabase({ kind: "pglite", dataDir: join(first.dataDir, "db") });
  try {
    const [customer] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, person.username));
    const [order] = await database.db
      .insert(orders)
      .values({
        number: "SH-20001",
        userId: customer!.id,
        email: person.email,
        status: "shipped",
        currency: "EUR",
        subtotal: 2 * 4999 + 1999,
        shipping: 495,
        total: 2 * 4999 + 1999 + 495,
        deliveryAddress: JSON.stringify({
          firstName: "Jan",
          lastName: "Jansen",
          line1: "Dorpsstraat 1",
          postalCode: "1234 AB",
          city: "Amsterdam",
          province: "NH",
          country: "NL",
        }),
      })
      .returning({ id: orders.id });
    await database.db.insert(orderLines).values([
      { orderId: order!.id, productName: "Pro Grip Gloves", size: "9", colour: "Green", quantity: 2, unitPrice: 4999 },
      { orderId: order!.id, productName: "Keeper Shirt", size: "M", quantity: 1, unitPrice: 1999 },
    ]);
  } finally {
    await database.close();
  }

  const second = await startShop({ dataDir: first.dataDir, port: first.port });
  try {
    await page.goto("/my-account/order-history");
    const row = page.getByRole("row").filter({ hasText: "€119.97" });
    await expect(row).toContainText("Shipped");
    await row.getByRole("link", { name: /view/i }).click();

    await expect(page.getByRole("heading", { name: "Order SH-20001" })).toBeVisible();
    const items = page.getByRole("table", { name: "Items in this order" }).getByRole("row");
    await expect(items).toHaveCount(3);
    await expect(items.nth(1)).toContainText("Pro Grip Gloves");
    await expect(items.nth(1)).toContainText("9, Green");
    await expect(items.nth(1)).toContainText("€99.98");
    await expect(items.nth(2)).toContainText("Keeper Shirt");
    await expect(page.getByText("€124.92")).toBeVisible();
    await expect(page.locator("address")).toHaveText("Jan JansenDorpsstraat 11234 AB AmsterdamNoord-Holland, Netherlands");
  } finally {
    await context.close();
    await second.stop();
  }
});
