import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  auditOf,
  failure,
  productIn,
  productRow,
  redirectsOf,
  structureShop,
  type TestShop,
} from "../../../tests/support/catalogue-structure-fixtures.ts";
import { brands, categories, slugRedirects } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import type { CatalogueStructure } from "./index.ts";

/* Brands in the back office (issue 25 §4, ADR 69). */

let shop: TestShop;
let staff: StaffScope;
let structure: CatalogueStructure;
let category: number;

beforeAll(async () => {
  ({ shop, staff } = await structureShop());
  structure = shop.services.catalogueStructure;
  const [row] = await shop.database.db.select({ id: categories.id }).from(categories).limit(1);
  category = row!.id;
});
afterAll(() => shop?.close());

async function versionOf(id: number) {
  const [row] = await shop.database.db.select({ updatedAt: brands.updatedAt }).from(brands).where(eq(brands.id, id));
  return row!.updatedAt.toISOString();
}

test("a brand's new slug leaves its old page answering with 301; the brand list shows it at once", async () => {
  const { id } = await structure.createBrand(staff, { name: "Grip Lab", story: "Latex from the lab." });
  expect((await shop.services.catalog.brands()).some((b) => b.slug === "grip-lab")).toBe(true);
  await shop.database.db.insert(slugRedirects).values({ kind: "brand", fromPath: "/brands/griplab", targetId: 999 });
  await structure.editBrand(staff, { id, version: await versionOf(id), name: "GripLab", slug: "griplab", story: "Latex." });
  const redirects = await redirectsOf(shop, "brand");
  expect(redirects["/brands/grip-lab"]).toBe(id);
  expect(redirects["/brands/griplab"]).toBeUndefined();
  expect((await shop.services.catalog.brands()).map((b) => b.slug)).toContain("griplab");
  expect((await auditOf(shop, "brand", id)).at(-1)).toMatchObject({
    action: "brand.updated",
    changes: { name: ["Grip Lab", "GripLab"], slug: ["grip-lab", "griplab"], story: ["Latex from the lab.", "Latex."] },
  });
  expect(await failure(structure.createBrand(staff, { name: "Other", slug: "griplab" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "slug",
  });
});

test("a stale brand form is refused and changes nothing", async () => {
  const { id } = await structure.createBrand(staff, { name: "Stale Co" });
  const read = await versionOf(id);
  await structure.editBrand(staff, { id, version: read, name: "Stale & Co" });
  expect(await failure(structure.editBrand(staff, { id, version: read, name: "Fresh Co" }))).toMatchObject({
    code: "STALE_VERSION",
    details: { changedAt: await versionOf(id) },
  });
  const other = await structure.createBrand(staff, { name: "Other Co" });
  expect(await failure(structure.mergeBrand(staff, { id, version: read, into: other.id }))).toMatchObject({
    code: "STALE_VERSION",
  });
  const [row] = await shop.database.db.select().from(brands).where(eq(brands.id, id));
  expect(row).toMatchObject({ name: "Stale & Co", slug: "stale-co" });
});

test("a brand with products is not deleted, saying how many; merged, its products and page go to the other brand", async () => {
  const from = await structure.createBrand(staff, { name: "Old Hands" });
  const into = await structure.createBrand(staff, { name: "New Hands" });
  const first = await productIn(shop, from.id, category);
  const second = await productIn(shop, from.id, category);
  const refused = await failure(structure.deleteBrand(staff, { id: from.id, version: await versionOf(from.id) }));
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", details: { products: 2 } });
  expect(refused!.message).toContain("2 products");
  await shop.database.db.insert(slugRedirects).values({ kind: "brand", fromPath: "/brands/older-hands", targetId: from.id });

  const merged = await structure.mergeBrand(staff, { id: from.id, version: await versionOf(from.id), into: into.id });
  expect(merged.products).toBe(2);
  expect((await productRow(shop, first)).brandId).toBe(into.id);
  expect((await productRow(shop, second)).brandId).toBe(into.id);
  expect(await shop.database.db.select().from(brands).where(eq(brands.id, from.id))).toEqual([]);
  const redirects = await redirectsOf(shop, "brand");
  expect(redirects["/brands/old-hands"]).toBe(into.id);
  expect(redirects["/brands/older-hands"]).toBe(into.id);
  expect((await auditOf(shop, "brand", from.id)).at(-1)).toMatchObject({
    action: "brand.merged",
    changes: { products: [null, 2] },
  });
  expect((await auditOf(shop, "brand", into.id)).at(-1)).toMatchObject({ action: "brand.merge_received" });

  // Empty now, the other one may go, with the redirects that led to it.
  await structure.deleteBrand(staff, { id: (await structure.createBrand(staff, { name: "Gone Soon" })).id });
  const empty = await structure.createBrand(staff, { name: "Empty Hands" });
  await structure.deleteBrand(staff, { id: empty.id, version: await versionOf(empty.id) });
  expect((await auditOf(shop, "brand", empty.id)).at(-1)).toMatchObject({ action: "brand.deleted" });
});

test("a brand's logo is an upload re-encoded by the shop", async () => {
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#ffffff00" } })
    .png()
    .toBuffer();
  const { id } = await structure.createBrand(staff, { name: "Logo Co" });
  await structure.setBrandLogo(staff, { id, version: await versionOf(id) }, new File([new Uint8Array(png)], "logo.png"));
  const [row] = await shop.database.db.select().from(brands).where(eq(brands.id, id));
  expect(row!.logoPath).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{32}\.webp$/);
  expect((await shop.services.catalog.brands()).find((b) => b.slug === "logo-co")?.logoPath).toBe(row!.logoPath);
  await structure.removeBrandLogo(staff, { id, version: await versionOf(id) });
  expect((await auditOf(shop, "brand", id)).map((e) => e.action)).toEqual([
    "brand.created",
    "brand.logo_set",
    "brand.logo_removed",
  ]);
});
