import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  aBrand,
  auditOf,
  categoryRow,
  failure,
  productIn,
  productRow,
  redirectsOf,
  structureShop,
  type TestShop,
} from "../../../tests/support/catalogue-structure-fixtures.ts";
import { customInformation, promoCodes, promoCodeTargets, slugRedirects } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import type { CatalogueStructure } from "./index.ts";

/* Categories and sub-categories in the back office (issue 25 §4, ADR 69). */

let shop: TestShop;
let staff: StaffScope;
let structure: CatalogueStructure;
let brand: number;

beforeAll(async () => {
  ({ shop, staff } = await structureShop());
  structure = shop.services.catalogueStructure;
  brand = await aBrand(shop);
});
afterAll(() => shop?.close());

const versionOf = async (id: number) => (await categoryRow(shop, id))!.updatedAt.toISOString();

test("a category and its sub-categories are created after the others, with slugs made from their names", async () => {
  const { id } = await structure.createCategory(staff, { name: "Training Kit", description: "For the week." });
  const sub = await structure.createCategory(staff, { parentId: String(id), name: "Cones & Poles" });
  const tree = await structure.overview(shop.database.db);
  expect(tree.categories.at(-1)).toMatchObject({ id, slug: "training-kit", path: "/shop/training-kit" });
  expect(tree.categories.at(-1)!.subCategories).toEqual([
    expect.objectContaining({ id: sub.id, slug: "cones-and-poles", path: "/shop/training-kit/sub/cones-and-poles" }),
  ]);
  expect((await auditOf(shop, "category", id))[0]).toMatchObject({ action: "category.created", actorEmail: "olga@example.com" });

  // Sibling slugs are unique; "sale" is the category's own sale page.
  expect(await failure(structure.createCategory(staff, { name: "Training kit" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "slug",
  });
  expect(await failure(structure.createCategory(staff, { parentId: id, name: "Sale" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "slug",
  });
  // A sub-category holds none of its own.
  expect(await failure(structure.createCategory(staff, { parentId: sub.id, name: "Deeper" }))).toMatchObject({
    field: "parentId",
  });
});

test("a new slug leaves the category's address and its sub-categories' answering with 301, and the storefront shows it at once", async () => {
  const { id } = await structure.createCategory(staff, { name: "Bags", slug: "tote-bags" });
  const boot = await structure.createCategory(staff, { parentId: id, name: "Boot bags" });
  const kit = await structure.createCategory(staff, { parentId: id, name: "Kit bags" });
  // An address that was once another record's, now taken by this change, is a redirect no more.
  await shop.database.db.insert(slugRedirects).values({ kind: "category", fromPath: "/shop/holdalls", targetId: boot.id });
  expect((await shop.services.catalog.categories()).some((c) => c.slug === "tote-bags")).toBe(true);

  await structure.editCategory(staff, { id, version: await versionOf(id), name: "Holdalls", slug: "holdalls", description: "" });

  const redirects = await redirectsOf(shop, "category");
  expect(redirects["/shop/tote-bags"]).toBe(id);
  expect(redirects["/shop/tote-bags/sub/boot-bags"]).toBe(boot.id);
  expect(redirects["/shop/tote-bags/sub/kit-bags"]).toBe(kit.id);
  expect(redirects["/shop/holdalls"]).toBeUndefined();
  const tree = await shop.services.catalog.categories();
  expect(tree.find((c) => c.slug === "holdalls")?.subCategories.map((s) => s.slug)).toEqual(["boot-bags", "kit-bags"]);
  expect(tree.some((c) => c.slug === "tote-bags")).toBe(false);
  const entries = await auditOf(shop, "category", id);
  expect(entries.at(-1)).toMatchObject({
    action: "category.updated",
    changes: { name: ["Bags", "Holdalls"], slug: ["tote-bags", "holdalls"] },
  });

  // A sub-category's new slug: its old path, under its category's current slug.
  await structure.editCategory(staff, { id: kit.id, version: await versionOf(kit.id), name: "Kit bags", slug: "kitbags" });
  expect((await redirectsOf(shop, "category"))["/shop/holdalls/sub/kit-bags"]).toBe(kit.id);
  // Taking the old slug back frees it.
  await structure.editCategory(staff, { id, version: await versionOf(id), name: "Bags", slug: "tote-bags" });
  expect((await redirectsOf(shop, "category"))["/shop/bags"]).toBeUndefined();
  expect((await redirectsOf(shop, "category"))["/shop/holdalls"]).toBe(id);
});

test("a form read before another change is refused with when it changed, and changes nothing", async () => {
  const { id } = await structure.createCategory(staff, { name: "Balls" });
  const read = await versionOf(id);
  await structure.editCategory(staff, { id, version: read, name: "Match balls", slug: "" });
  const stale = await failure(structure.editCategory(staff, { id, version: read, name: "Footballs", slug: "footballs" }));
  expect(stale).toMatchObject({ code: "STALE_VERSION", details: { changedAt: await versionOf(id) } });
  expect(await categoryRow(shop, id)).toMatchObject({ name: "Match balls", slug: "balls" });
  expect(await failure(structure.moveCategory(staff, { id, version: read, direction: "up" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  expect(await failure(structure.deleteCategory(staff, { id, version: read }))).toMatchObject({ code: "STALE_VERSION" });
});

test("categories move up and down among their siblings", async () => {
  const { id } = await structure.createCategory(staff, { name: "Order test" });
  const a = await structure.createCategory(staff, { parentId: id, name: "First" });
  const b = await structure.createCategory(staff, { parentId: id, name: "Second" });
  const c = await structure.createCategory(staff, { parentId: id, name: "Third" });
  const subsOf = async () =>
    (await structure.overview(shop.database.db)).categories.find((cat) => cat.id === id)!.subCategories.map((s) => s.name);
  await structure.moveCategory(staff, { id: c.id, version: await versionOf(c.id), direction: "up" });
  expect(await subsOf()).toEqual(["First", "Third", "Second"]);
  await structure.moveCategory(staff, { id: a.id, version: await versionOf(a.id), direction: "down" });
  expect(await subsOf()).toEqual(["Third", "First", "Second"]);
  // Already last: nothing moves.
  await structure.moveCategory(staff, { id: b.id, version: await versionOf(b.id), direction: "down" });
  expect(await subsOf()).toEqual(["Third", "First", "Second"]);
  expect((await auditOf(shop, "category", a.id)).at(-1)).toMatchObject({ action: "category.moved", changes: { place: [1, 2] } });
});

test("a category with products is not deleted, saying how many; an empty one is, with its redirects", async () => {
  const { id } = await structure.createCategory(staff, { name: "Keeper caps" });
  const sub = await structure.createCategory(staff, { parentId: id, name: "Peaked" });
  await productIn(shop, brand, id, sub.id);
  await productIn(shop, brand, id);
  const refused = await failure(structure.deleteCategory(staff, { id, version: await versionOf(id) }));
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", details: { products: 2 } });
  expect(refused!.message).toContain("2 products");
  expect(await failure(structure.deleteCategory(staff, { id: sub.id, version: await versionOf(sub.id) }))).toMatchObject({
    details: { products: 1 },
  });

  const empty = await structure.createCategory(staff, { name: "Empty shelf" });
  const emptySub = await structure.createCategory(staff, { parentId: empty.id, name: "Nothing" });
  await structure.editCategory(staff, {
    id: empty.id,
    version: await versionOf(empty.id),
    name: "Empty shelf",
    slug: "bare-shelf",
  });
  await structure.deleteCategory(staff, { id: empty.id, version: await versionOf(empty.id) });
  expect(await categoryRow(shop, empty.id)).toBeNull();
  expect(await categoryRow(shop, emptySub.id)).toBeNull();
  expect((await redirectsOf(shop, "category"))["/shop/empty-shelf"]).toBeUndefined();
  expect((await auditOf(shop, "category", empty.id)).at(-1)).toMatchObject({ action: "category.deleted" });
});

test("an empty category a promo code applies to is not deleted: the code would then apply to every bag", async () => {
  const { id } = await structure.createCategory(staff, { name: "Winter gloves" });
  const [code] = await shop.database.db
    .insert(promoCodes)
    .values({ code: "WINTER20", kind: "percent", value: 2000 })
    .returning({ id: promoCodes.id });
  await shop.database.db.insert(promoCodeTargets).values({ promoCodeId: code!.id, categoryId: id });
  const refused = await failure(structure.deleteCategory(staff, { id, version: await versionOf(id) }));
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", message: expect.stringContaining("WINTER20") });
  expect(await categoryRow(shop, id)).not.toBeNull();
});

test("merging a category moves its products and sub-categories to the other, and its addresses answer with the other's", async () => {
  const from = await structure.createCategory(staff, { name: "Mitts" });
  const into = await structure.createCategory(staff, { name: "Gloves too" });
  const sameSlug = await structure.createCategory(staff, { parentId: from.id, name: "Junior" });
  const ownSlug = await structure.createCategory(staff, { parentId: from.id, name: "Fingersave" });
  const namesake = await structure.createCategory(staff, { parentId: into.id, name: "Junior" });
  const inSame = await productIn(shop, brand, from.id, sameSlug.id);
  const inOwn = await productIn(shop, brand, from.id, ownSlug.id);
  const inTop = await productIn(shop, brand, from.id);
  await shop.database.db
    .insert(customInformation)
    .values({ kind: "care", title: "Mitt care", body: "Wash cold.", categoryId: from.id });
  await shop.database.db.insert(slugRedirects).values({ kind: "category", fromPath: "/shop/old-mitts", targetId: from.id });

  const merged = await structure.mergeCategory(staff, { id: from.id, version: await versionOf(from.id), into: into.id });

  expect(merged.products).toBe(3);
  expect(await productRow(shop, inSame)).toMatchObject({ categoryId: into.id, subCategoryId: namesake.id });
  expect(await productRow(shop, inOwn)).toMatchObject({ categoryId: into.id, subCategoryId: ownSlug.id });
  expect(await productRow(shop, inTop)).toMatchObject({ categoryId: into.id, subCategoryId: null });
  expect(await categoryRow(shop, from.id)).toBeNull();
  expect(await categoryRow(shop, sameSlug.id)).toBeNull();
  expect(await categoryRow(shop, ownSlug.id)).toMatchObject({ parentId: into.id });
  const redirects = await redirectsOf(shop, "category");
  expect(redirects["/shop/mitts"]).toBe(into.id);
  expect(redirects["/shop/old-mitts"]).toBe(into.id);
  expect(redirects["/shop/mitts/sub/junior"]).toBe(namesake.id);
  expect(redirects["/shop/mitts/sub/fingersave"]).toBe(ownSlug.id);
  const [block] = await shop.database.db.select().from(customInformation).where(eq(customInformation.title, "Mitt care"));
  expect(block!.categoryId).toBe(into.id);
  expect((await auditOf(shop, "category", from.id)).at(-1)).toMatchObject({
    action: "category.merged",
    changes: { products: [null, 3] },
  });
  expect((await auditOf(shop, "category", into.id)).at(-1)).toMatchObject({ action: "category.merge_received" });
  const tree = await shop.services.catalog.categories();
  expect(tree.find((c) => c.slug === "gloves-too")?.subCategories.map((s) => s.slug)).toEqual(["junior", "fingersave"]);
});

test("a sub-category merges into a sub-category of another category; a category does not merge into a sub-category", async () => {
  const one = await structure.createCategory(staff, { name: "Shin test" });
  const two = await structure.createCategory(staff, { name: "Protection test" });
  const slip = await structure.createCategory(staff, { parentId: one.id, name: "Slip-in" });
  const guards = await structure.createCategory(staff, { parentId: two.id, name: "Guards" });
  const product = await productIn(shop, brand, one.id, slip.id);
  expect(
    await failure(structure.mergeCategory(staff, { id: one.id, version: await versionOf(one.id), into: guards.id })),
  ).toMatchObject({ code: "INVALID_INPUT", field: "into" });
  expect(await failure(structure.mergeCategory(staff, { id: slip.id, into: slip.id }))).toMatchObject({ field: "into" });

  await structure.mergeCategory(staff, { id: slip.id, version: await versionOf(slip.id), into: guards.id });
  expect(await productRow(shop, product)).toMatchObject({ categoryId: two.id, subCategoryId: guards.id });
  expect((await redirectsOf(shop, "category"))["/shop/shin-test/sub/slip-in"]).toBe(guards.id);
  expect(await categoryRow(shop, slip.id)).toBeNull();
});

test("a category's picture is an upload re-encoded by the shop; removing it brings the drawn artwork back", async () => {
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a9d8f" } })
    .png()
    .withMetadata({ exif: { IFD0: { Artist: "Someone" } } })
    .toBuffer();
  const { id } = await structure.createCategory(staff, { name: "Pictured" });
  await structure.setCategoryImage(staff, { id, version: await versionOf(id) }, new File([new Uint8Array(png)], "photo.png"));
  const row = await categoryRow(shop, id);
  expect(row!.imagePath).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{32}\.webp$/);
  const meta = await sharp(`${shop.dataDir}${row!.imagePath}`).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.exif).toBeUndefined();
  expect(
    await failure(structure.setCategoryImage(staff, { id, version: await versionOf(id) }, new File(["not an image"], "x.png"))),
  ).toMatchObject({ code: "INVALID_INPUT", field: "image" });
  await structure.removeCategoryImage(staff, { id, version: await versionOf(id) });
  expect((await categoryRow(shop, id))!.imagePath).toBeNull();
  expect((await auditOf(shop, "category", id)).map((e) => e.action)).toEqual([
    "category.created",
    "category.image_set",
    "category.image_removed",
  ]);
});
