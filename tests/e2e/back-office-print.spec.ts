import { expect, test } from "@playwright/test";
import { addToBag, optionInStock } from "../support/e2e-checkout.ts";
import { expectNoViolations } from "../support/axe.ts";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";
import { DUTCH_ADDRESS } from "../support/orders.ts";

/*
 * What only a browser shows of the dispatch desk (ADR 62): the list's "all on this page" box ticking the
 * page's orders, their packing slips opening in a new tab and printing one A4 page each without
 * the back office's frame, the batch marked shipped with the refused order named, and an invoice
 * on one A4 page. The rules themselves are tested on the server (dispatch.db.test.ts).
 */

/** The pages of a PDF Chromium printed. */
const pagesOf = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
/** Whether every page of a PDF is A4: 210 × 297 mm, 595.3 × 841.9 points (Chromium rounds to its pixels). */
function isA4(pdf: Buffer): boolean {
  const boxes = [...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  return (
    boxes.length > 0 &&
    boxes.every(([, width, height]) => Math.abs(Number(width) - 595.3) < 2 && Math.abs(Number(height) - 841.9) < 2)
  );
}

test("ticked orders print one packing slip per A4 page without the frame, and ship together; the unpaid one is named with its reason", async ({
  browser,
}) => {
  // Three orders placed and two paid, a browser without JavaScript too, two PDFs and three axe
  // runs: about 35 s alone, more beside other workers.
  test.setTimeout(120_000);
  const { context: customerContext, page: customerPage, person } = await newCustomer(browser);
  const option = await optionInStock(customerPage.request, 3, 3 + test.info().repeatEachIndex, "footwear");
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    await addToBag(customerContext, option.id, 1);
    const placed = await customerContext.request.post("/ecommerce/orders", {
      data: { email: person.email, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    numbers.push(((await placed.json()) as { data: { number: string } }).data.number);
  }
  const [first, second, unpaid] = numbers as [string, string, string];

  const admin = await ownerOn(browser, `/admin/orders/${first}`, 2);
  for (const number of [first, second]) {
    await admin.goto(`/admin/orders/${number}`);
    await admin.getByRole("button", { name: "Mark paid" }).click();
    await expect(admin.getByTestId("order-status")).toHaveText("Paid");
  }

  const list = `/admin/orders?q=${encodeURIComponent(person.email)}`;
  // Without JavaScript (the owner's session in a browser that runs none): "all on this page" is
  // sent with the page's numbers, the slips open in a new tab, and a refusal is said on the page.
  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await admin.context().cookies());
  const plainList = await plain.newPage();
  await plainList.goto(list);
  await plainList.getByRole("checkbox", { name: "Select all orders on this page" }).check();
  const [plainSlips] = await Promise.all([
    plainList.waitForEvent("popup"),
    plainList.getByRole("button", { name: /Print packing slips/ }).click(),
  ]);
  await expect(plainSlips.getByRole("heading", { name: "Packing slips (3)" })).toBeVisible();
  await expect(plainSlips.getByRole("button", { name: "Print" })).toHaveCount(0);
  await plainList.getByRole("checkbox", { name: "Select all orders on this page" }).check();
  await plainList.getByRole("button", { name: "Mark shipped" }).click();
  await expect(plainList.getByText("Name the carrier.")).toBeVisible();
  await expect(plainList.getByRole("row", { name: new RegExp(first) })).toContainText("Paid");
  await plain.close();

  await admin.goto(list);
  const pickAll = admin.getByRole("checkbox", { name: "Select all orders on this page" });
  // Hydrated: the "all on this page" box ticks the rows itself and is no longer sent.
  await expect(pickAll).not.toHaveAttribute("name");
  await pickAll.check();
  for (const number of numbers) await expect(admin.getByRole("checkbox", { name: `Select order ${number}` })).toBeChecked();

  const [slips] = await Promise.all([
    admin.waitForEvent("popup"),
    admin.getByRole("button", { name: /Print packing slips/ }).click(),
  ]);
  await expect(slips.getByRole("heading", { name: "Packing slips (3)" })).toBeVisible();
  await expect(slips.getByTestId("packing-slip")).toHaveCount(3);
  // In the list's order, newest first; the unpaid one says so in large print.
  const slipOf = (number: string) => slips.getByTestId("packing-slip").filter({ hasText: `Order ${number}` });
  await expect(slips.getByTestId("packing-slip").first()).toContainText(`Order ${unpaid}`);
  await expect(slipOf(unpaid)).toContainText("Not paid yet: do not send.");
  await expect(slipOf(first)).not.toContainText("Not paid yet");
  await expect(slipOf(first)).not.toContainText("€");
  await expectNoViolations(slips);
  // Printed: the sheets alone, one A4 page each.
  await slips.emulateMedia({ media: "print" });
  await expect(slips.getByRole("navigation", { name: "Back office" })).toBeHidden();
  await expect(slips.getByRole("link", { name: "Orders" })).toBeHidden();
  const pdf = await slips.pdf({ preferCSSPageSize: true });
  expect(pagesOf(pdf)).toBe(3);
  expect(isA4(pdf)).toBe(true);
  await slips.close();

  await admin.getByLabel("Carrier").fill("PostNL");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByTestId("batch-shipped")).toContainText(`Marked shipped: ${second}, ${first}.`);
  await expect(admin.getByTestId("batch-refused")).toContainText(`${unpaid}: It is not paid yet.`);
  await expect(admin.getByRole("row", { name: new RegExp(first) })).toContainText("Shipped");
  await expect(admin.getByRole("row", { name: new RegExp(unpaid) })).toContainText("Awaiting payment");
  // Done: the boxes are cleared for the next batch.
  await expect(admin.getByRole("checkbox", { name: `Select order ${unpaid}` })).not.toBeChecked();
  await expect(pickAll).not.toBeChecked();
  await expectNoViolations(admin);

  await admin.goto(`/admin/orders/${first}`);
  await admin.getByRole("link", { name: "Invoice" }).click();
  await expect(admin.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
  await expect(admin.getByTestId("invoice")).toContainText(`Invoice no.${first}`);
  await expect(admin.getByTestId("vat-per-rate")).toContainText("21%");
  await expectNoViolations(admin);
  await admin.emulateMedia({ media: "print" });
  expect(pagesOf(await admin.pdf({ preferCSSPageSize: true }))).toBe(1);

  await customerContext.close();
  await admin.context().close();
});
