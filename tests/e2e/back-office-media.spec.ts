import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * The media library's upload (issue 26 §2, ADR 78): with JavaScript each file goes on its own,
 * with its own progress and answer (a file the shop cannot take is refused alone); without
 * JavaScript the same form sends several files at once. An uploaded image's page describes it and
 * deletes it. The use cases themselves are proven by media-library.db.test.ts.
 */

const picture = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("several images uploaded with per-file progress, then without JavaScript; one described and deleted", async ({
  browser,
}) => {
  const run = `${test.info().repeatEachIndex}-${Date.now() % 1_000_000}`;
  const page = await ownerOn(browser, "/admin/media", 14);
  await expect(page.getByRole("heading", { name: "Media library" })).toBeVisible();
  // The per-file progress needs the page's script: the form's hint says so once it runs.
  await expect(page.getByText(/up to 10 MB each/)).toBeVisible();

  await page.getByLabel("Image files").setInputFiles([
    { name: `red-${run}.png`, mimeType: "image/png", buffer: await picture("#d04020") },
    { name: `notes-${run}.png`, mimeType: "image/png", buffer: Buffer.from("not a picture at all") },
    { name: `blue-${run}.png`, mimeType: "image/png", buffer: await picture("#2040d0") },
  ]);
  await page.getByLabel("Description (alt text)").fill(`A test swatch ${run}`);
  await page.getByRole("button", { name: "Upload" }).click();
  const files = page.getByTestId("upload-file");
  await expect(files).toHaveCount(3);
  await expect(page.getByText("2 of 3 uploaded.")).toBeVisible();
  await expect(files.nth(0)).toContainText("Uploaded");
  await expect(files.nth(1)).toContainText("must be a JPEG, PNG or WebP image");
  await expect(files.nth(2)).toContainText("Uploaded");
  await expect(files.nth(0).getByRole("progressbar")).toHaveAttribute("value", "1");
  // The list is read again: both are there, described.
  const images = page.getByRole("list", { name: "Images" });
  await expect(images.getByRole("link", { name: `red-${run}.png` })).toBeVisible();
  await expect(images.getByRole("link", { name: `blue-${run}.png` })).toBeVisible();
  await expect(images.getByRole("link", { name: `notes-${run}.png` })).toHaveCount(0);

  // Without JavaScript: one plain form, several files, one answer.
  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await page.context().cookies());
  const noScript = await plain.newPage();
  await noScript.goto("/admin/media");
  await noScript.getByLabel("Image files").setInputFiles([
    { name: `green-${run}.png`, mimeType: "image/png", buffer: await picture("#20d040") },
    { name: `grey-${run}.png`, mimeType: "image/png", buffer: await picture("#808080") },
  ]);
  await noScript.getByRole("button", { name: "Upload" }).click();
  await expect(noScript.getByRole("status").first()).toHaveText("2 images added to the library.");
  await noScript.getByRole("link", { name: `green-${run}.png` }).click();
  await expect(noScript.getByRole("heading", { name: `green-${run}.png` })).toBeVisible();
  await expect(noScript.getByText("Nowhere: it can be deleted.")).toBeVisible();
  await noScript.getByLabel("Description", { exact: true }).fill(`A green swatch ${run}`);
  await noScript.getByRole("button", { name: "Save description" }).click();
  await expect(noScript.getByRole("status").first()).toHaveText("Description saved.");
  await expect(noScript.getByRole("img", { name: `A green swatch ${run}` })).toHaveAttribute(
    "src",
    /^\/images\/logo\/640\?src=%2Fuploads%2Flibrary%2F[0-9a-f]{32}\.webp$/,
  );
  await noScript.getByRole("button", { name: "Delete image" }).click();
  await expect(noScript.getByRole("status").first()).toHaveText("Image deleted.");
  await expect(noScript.getByRole("link", { name: `green-${run}.png` })).toHaveCount(0);
  await plain.close();
  await page.context().close();
});
