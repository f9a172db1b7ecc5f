import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * Issue 25 §6: the owner makes a product with two options, gives it two images and a publishing
 * time a few seconds ahead; a guest does not find it before that time, and does after it (the
 * shop follows the clock with nobody acting: ADR 64), with its images.
 */

/** Seconds between making the product and its time: enough to look for it before, little to wait after. */
const LEAD_MS = 6_000;

const square = (background: string) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

test("a product with two options and two images, published a few seconds ahead: not on the shop before, on it after", async ({
  browser,
}) => {
  const id = `${Date.now().toString(36)}${test.info().repeatEachIndex}`;
  // Named so no other test's search finds it, and archived at the end.
  const title = `Schedule Test Flask ${id}`;
  const admin = await ownerOn(browser, "/admin/products/new", 10);
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Brand").selectOption({ index: 1 });
  await admin.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await admin.getByLabel("Sizes").fill("8, 9");
  await admin.getByLabel("Colours").fill("Black #111111");
  await admin.getByLabel(/^Price \(/).fill("40.00");
  await admin.getByRole("radio", { name: "Publish at a date and time" }).check();
  const at = new Date(Date.now() + LEAD_MS);
  // The field is read in the shop's time zone, UTC; seconds are kept.
  await admin.getByLabel("Publish at (UTC)").fill(at.toISOString().slice(0, 19));
  await admin.getByRole("button", { name: "Create the product" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText(`Scheduled for ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`)).toBeVisible();
  const productId = new URL(admin.url()).pathname.split("/").at(-1)!;

  // Before its time a guest finds no such product: its address (by id, which leads to its page) is 404.
  const guest = await (await newVisitor(browser)).newPage();
  const address = `/shop/any/${productId}`;
  expect((await guest.request.get(address, { maxRedirects: 0 })).status()).toBe(404);
  expect(Date.now()).toBeLessThan(at.getTime());

  await admin.getByRole("link", { name: "Images" }).click();
  await admin.getByLabel("Image files").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await square("#1f8a70") },
    { name: "back.png", mimeType: "image/png", buffer: await square("#d04020") },
  ]);
  const alt = `The flask ${id}, standing`;
  await admin.getByLabel("Description (alt text)").last().fill(alt);
  await admin.getByRole("button", { name: "Upload" }).click();
  await expect(admin.getByRole("status")).toHaveText("2 images added.");

  // What a guest sees, asked again until the product is there: never before its time.
  await expect(async () => {
    await guest.goto(address);
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: LEAD_MS + 20_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  // Its page's gallery holds the two images.
  await expect(guest.getByRole("figure", { name: "1 of 2" }).getByRole("img")).toHaveAttribute("alt", alt);

  // Archived, it leaves the shop (and the other tests' listings).
  await admin.goto(`/admin/products/${productId}`);
  await admin.getByText("Archive…").click();
  await admin.getByRole("button", { name: "Archive the product" }).click();
  await expect(admin.getByRole("button", { name: "Restore as a draft" })).toBeVisible();
  await guest.context().close();
  await admin.context().close();
});
