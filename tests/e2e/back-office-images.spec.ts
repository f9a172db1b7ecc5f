import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * A product's images in the back office (issue 25 §1, ADR 65): without JavaScript an image is
 * uploaded (a description is required), moved by its buttons and made the main image, which the
 * shop's product page shows first; with JavaScript it is dragged to another place; then removed.
 */

/** A product far down the demo catalogue, which other tests leave alone: one per repetition, as they run at once. */
const pathOf = (repeat: number) => `/admin/products/${300 + repeat}/images`;

const items = (page: Page) => page.getByTestId("product-image");
const descriptions = (page: Page) =>
  items(page).evaluateAll((rows) => rows.map((row) => (row.querySelector("input[name=alt]") as HTMLInputElement).value));

test("an image uploaded and ordered without JavaScript, dragged with it, then removed", async ({ browser }) => {
  const PATH = pathOf(test.info().repeatEachIndex);
  const admin = await ownerOn(browser, PATH, 4);
  await expect(admin.getByRole("heading", { name: /^Images of / })).toBeVisible();

  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await admin.context().cookies());
  const page = await plain.newPage();
  await page.goto(PATH);
  const before = await descriptions(page);
  // The demo product has images of its own to order ours among.
  expect(before.length).toBeGreaterThan(0);
  const alt = `A test glove, seen from above ${test.info().repeatEachIndex}-${Date.now() % 100000}`;
  const image = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#d04020" } })
    .png()
    .toBuffer();

  // No description: refused beside its field, nothing added.
  await page.getByLabel("Image files").setInputFiles({ name: "glove.png", mimeType: "image/png", buffer: image });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Describe the image for those who cannot see it.")).toBeVisible();
  expect(await descriptions(page)).toEqual(before);

  await page.getByLabel("Image files").setInputFiles({ name: "glove.png", mimeType: "image/png", buffer: image });
  await page.getByLabel("Description (alt text)").last().fill(alt);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toHaveText("1 image added.");
  expect(await descriptions(page)).toEqual([...before, alt]);
  const ours = items(page).last();
  await expect(ours.getByRole("img", { name: alt })).toHaveAttribute(
    "src",
    /^\/images\/product\/160\?src=%2Fuploads%2Fproducts%2F[0-9a-f]{32}\.webp$/,
  );

  const row = items(page).filter({ has: page.getByRole("img", { name: alt }) });
  await row.getByRole("button", { name: "Make main image" }).click();
  await expect(page.getByRole("status")).toHaveText("Main image set: the shop shows it first.");
  expect(await descriptions(page)).toEqual([alt, ...before]);
  await expect(items(page).first()).toContainText("Main image");
  await row.getByRole("button", { name: "Move down" }).click();
  await expect(page.getByRole("status")).toHaveText("Image moved down.");
  expect(await descriptions(page)).toEqual([before[0], alt, ...before.slice(1)]);
  await row.getByRole("button", { name: "Move up" }).click();
  await expect(page.getByRole("status")).toHaveText("Image moved up.");
  expect(await descriptions(page)).toEqual([alt, ...before]);

  // The shop shows it first on the product's page at once.
  const shopPath = await page.getByRole("link", { name: "See it on the shop" }).getAttribute("href");
  await page.goto(shopPath!);
  await expect(page.getByRole("figure", { name: /^1 of \d+$/ }).getByRole("img")).toHaveAttribute("alt", alt);
  await plain.close();

  // With JavaScript: our image dragged onto the next one takes its place.
  await admin.goto(PATH);
  // The handle appears once the page has hydrated.
  const handle = items(admin).first().getByText("⠿ Drag");
  await expect(handle).toBeVisible();
  await handle.dragTo(items(admin).nth(1));
  await expect(admin.getByRole("status")).toHaveText("New order saved.");
  await expect.poll(() => descriptions(admin)).toEqual([before[0], alt, ...before.slice(1)]);

  const ourRow = items(admin).filter({ has: admin.getByRole("img", { name: alt }) });
  await ourRow.getByText("Remove…").click();
  await ourRow.getByRole("button", { name: "Remove this image" }).click();
  await expect(admin.getByRole("status")).toHaveText("Image removed.");
  await expect.poll(() => descriptions(admin)).toEqual(before);
});
