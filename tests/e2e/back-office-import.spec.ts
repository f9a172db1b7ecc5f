import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expect, test } from "@playwright/test";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * The catalogue's CSV import (issue 25 §3, ADR 70) in a browser, without JavaScript: the owner
 * downloads the products CSV, adds a product with two options and a line that cannot be right,
 * previews it (the refused line says why), applies it (a guest sees the product), then undoes it
 * (the product is gone). The dry run and the apply are jobs: the page shows their progress and
 * refreshes itself (a <noscript> refresh) until their result is in.
 */

test.use({ javaScriptEnabled: false });

test("a CSV import: a preview with a refused line, apply, the product on the shop, undo", async ({ browser }) => {
  const repeat = test.info().repeatEachIndex;
  const handle = `e2e-import-${Date.now().toString(36)}-${repeat}`;
  const admin = await ownerOn(browser, "/admin/imports", 3);
  await expect(admin.getByRole("heading", { level: 1, name: "Imports" })).toBeVisible();

  // The export as a spreadsheet opens it: its first line is the model for the new product.
  const exported = await admin.request.get("/admin/products/export.csv?status=published");
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const [model] = parse(await exported.text(), { bom: true, columns: true, to: 1 }) as Record<string, string>[];
  const columns = Object.keys(model!);
  const line = (changes: Record<string, string>) => columns.map((column) => changes[column] ?? model![column] ?? "");
  const sku = handle.toUpperCase();
  const file = stringify([
    columns,
    line({
      Handle: handle,
      Title: "Import Test Bottle",
      Status: "published",
      "Publish at (UTC)": "",
      SKU: `${sku}-8`,
      Size: "8",
      Price: "49.95",
      "Was price": "",
      "Member price": "",
      Stock: "5",
      Barcode: "",
    }),
    line({
      Handle: handle,
      Title: "Import Test Bottle",
      Status: "published",
      "Publish at (UTC)": "",
      SKU: `${sku}-9`,
      Size: "9",
      Price: "49.95",
      "Was price": "",
      "Member price": "",
      Stock: "0",
      Barcode: "",
    }),
    line({ Handle: `${handle}-bad`, Title: "Nowhere", Category: "Snorkels", SKU: `${sku}-X` }),
  ]);
  const folder = mkdtempSync(join(tmpdir(), "shop-import-"));
  const path = join(folder, "new-gloves.csv");
  writeFileSync(path, file);

  await admin.getByLabel(/CSV file/).setInputFiles(path);
  await admin.getByRole("button", { name: "Preview the import" }).click();
  // The import's page: a progress bar while the dry run runs (it refreshes itself), then the preview.
  await expect(admin.getByRole("heading", { level: 1, name: /new-gloves\.csv/ })).toBeVisible();
  await expect(admin.getByTestId("import-status")).toContainText("Previewed, not applied");
  const counts = admin.getByTestId("import-counts");
  await expect(counts).toContainText("Created2");
  await expect(counts).toContainText("Refused1");
  await expect(admin.getByRole("row", { name: /Unknown category Snorkels\./ })).toContainText(`${handle}-bad`);

  await admin.getByRole("button", { name: "Apply the import" }).click();
  // The apply runs as a job too: the page follows it until it says what it made.
  await expect(admin.getByText(/Applied: 1 product and 2 options made/)).toBeVisible();
  await expect(admin.getByTestId("import-status")).toContainText("Applied");

  // A guest finds it on the shop at once, the option in stock buyable.
  const guest = await (await newVisitor(browser)).newPage();
  const search = await guest.request.get(`/search?q=${encodeURIComponent("Import Test Bottle")}`);
  expect(await search.text()).toContain(handle);
  const productPath = new RegExp(`/shop/[a-z0-9-]+/${handle}`).exec(await search.text())![0];
  await guest.goto(productPath);
  await expect(guest.getByRole("heading", { level: 1, name: "Import Test Bottle" })).toBeVisible();

  await admin.getByRole("button", { name: "Undo this import" }).click();
  await expect(admin.getByText("Undone: the catalogue is as it was before this import.")).toBeVisible();
  await expect(admin.getByTestId("import-status")).toContainText("Undone");
  expect((await guest.request.get(productPath)).status()).toBe(404);

  await guest.context().close();
  await admin.context().close();
  rmSync(folder, { recursive: true, force: true });
});
