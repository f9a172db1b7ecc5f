import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  aBrand,
  auditOf,
  failure,
  productIn,
  productRow,
  structureShop,
  type TestShop,
} from "../../../tests/support/catalogue-structure-fixtures.ts";
import { catalogueAttributes, categories, products } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import type { CatalogueStructure } from "./index.ts";

/* The filter attributes in the back office (issue 25 §4, ADR 69). */

let shop: TestShop;
let staff: StaffScope;
let structure: CatalogueStructure;
let brand: number;
let category: number;

beforeAll(async () => {
  ({ shop, staff } = await structureShop());
  structure = shop.services.catalogueStructure;
  brand = await aBrand(shop);
  const [row] = await shop.database.db.select({ id: categories.id }).from(categories).limit(1);
  category = row!.id;
});
afterAll(() => shop?.close());

async function attribute(id: number) {
  const [row] = await shop.database.db.select().from(catalogueAttributes).where(eq(catalogueAttributes.id, id));
  return row!;
}
const versionOf = async (id: number) => (await attribute(id)).updatedAt.toISOString();

test("the demo shop's filter attributes are the ones its products use, with every value they use", async () => {
  const { db } = shop.database;
  const rows = await db.select().from(catalogueAttributes).orderBy(asc(catalogueAttributes.position));
  const used = new Map<string, Set<string>>();
  for (const product of await db.select({ attributes: products.attributes }).from(products)) {
    for (const [key, value] of Object.entries(product.attributes)) used.set(key, (used.get(key) ?? new Set()).add(value));
  }
  expect(used.size).toBeGreaterThan(0);
  expect(rows.map((row) => row.key).sort()).toEqual([...used.keys()].sort());
  for (const row of rows) expect(row.values.slice().sort()).toEqual([...used.get(row.key)!].sort());
});

test("renaming a value rewrites every product that has it, in one change", async () => {
  const { id } = await structure.createAttribute(staff, {
    key: "fastening",
    name: "Fastening",
    kind: "choice",
    values: "Velcro\nStrap\nNone",
  });
  const velcro = await productIn(shop, brand, category, null, { fastening: "Velcro", cut: "Roll" });
  const strap = await productIn(shop, brand, category, null, { fastening: "Strap" });
  const renamed = await structure.renameAttributeValue(staff, {
    id,
    version: await versionOf(id),
    value: "Velcro",
    to: "Hook and loop",
  });
  expect(renamed.products).toBe(1);
  expect((await productRow(shop, velcro)).attributes).toEqual({ fastening: "Hook and loop", cut: "Roll" });
  expect((await productRow(shop, strap)).attributes).toEqual({ fastening: "Strap" });
  expect((await attribute(id)).values).toEqual(["Hook and loop", "Strap", "None"]);
  expect((await auditOf(shop, "attribute", id)).at(-1)).toMatchObject({
    action: "attribute.value_renamed",
    changes: { value: ["Velcro", "Hook and loop"], products: [null, 1] },
  });
  // Renamed into a value it has: the two become one.
  await structure.renameAttributeValue(staff, { id, version: await versionOf(id), value: "Strap", to: "Hook and loop" });
  expect((await productRow(shop, strap)).attributes).toEqual({ fastening: "Hook and loop" });
  expect((await attribute(id)).values).toEqual(["Hook and loop", "None"]);
});

test("a value in use is not removed, saying how many products use it; one unused is", async () => {
  const { id } = await structure.createAttribute(staff, { key: "lining", name: "Lining", values: ["Mesh", "Fleece"] });
  await productIn(shop, brand, category, null, { lining: "Mesh" });
  await productIn(shop, brand, category, null, { lining: "Mesh" });
  const refused = await failure(structure.removeAttributeValue(staff, { id, version: await versionOf(id), value: "Mesh" }));
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", details: { products: 2 } });
  expect(refused!.message).toContain("2 products");
  await structure.removeAttributeValue(staff, { id, version: await versionOf(id), value: "Fleece" });
  await structure.addAttributeValue(staff, { id, version: await versionOf(id), value: "Cotton" });
  await structure.moveAttributeValue(staff, { id, version: await versionOf(id), value: "Cotton", direction: "up" });
  expect((await attribute(id)).values).toEqual(["Cotton", "Mesh"]);
  expect(await failure(structure.addAttributeValue(staff, { id, version: await versionOf(id), value: "Mesh" }))).toMatchObject({
    field: "value",
  });
  // A product keeps several values joined by ", ": a value holding it would read as two.
  expect(
    await failure(structure.addAttributeValue(staff, { id, version: await versionOf(id), value: "Wool, warm" })),
  ).toMatchObject({ code: "INVALID_INPUT", message: "A value cannot hold a comma followed by a space." });
  // An attribute products use is not deleted either.
  expect(await failure(structure.deleteAttribute(staff, { id, version: await versionOf(id) }))).toMatchObject({
    code: "ENTRY_IN_USE",
    details: { products: 2 },
  });
});

test("name, kind and order change with the version the form read; a stale one is refused", async () => {
  const { id } = await structure.createAttribute(staff, { key: "weight_class", name: "Weight class", values: [] });
  const read = await versionOf(id);
  await structure.editAttribute(staff, { id, version: read, name: "Weight", kind: "multiple" });
  expect(await attribute(id)).toMatchObject({ name: "Weight", kind: "multiple" });
  expect(await failure(structure.editAttribute(staff, { id, version: read, name: "Heft", kind: "choice" }))).toMatchObject({
    code: "STALE_VERSION",
    details: { changedAt: await versionOf(id) },
  });
  expect(await failure(structure.renameAttributeValue(staff, { id, version: read, value: "A", to: "B" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  expect((await attribute(id)).name).toBe("Weight");
  const all = async () =>
    (await shop.database.db.select().from(catalogueAttributes).orderBy(asc(catalogueAttributes.position))).map((a) => a.key);
  const before = await all();
  await structure.moveAttribute(staff, { id, version: await versionOf(id), direction: "up" });
  const after = await all();
  expect(after.indexOf("weight_class")).toBe(before.indexOf("weight_class") - 1);
  expect(await failure(structure.createAttribute(staff, { key: "weight_class", name: "Again" }))).toMatchObject({ field: "key" });
  await structure.deleteAttribute(staff, { id, version: await versionOf(id) });
  expect((await auditOf(shop, "attribute", id)).map((e) => e.action)).toEqual([
    "attribute.created",
    "attribute.updated",
    "attribute.moved",
    "attribute.deleted",
  ]);
});

test("the shop's filters call attributes by the names the owner gives them, in the owner's order", async () => {
  const { catalog } = shop.services;
  const { noFilters } = await import("../catalog/index.ts");
  const facets = async () =>
    (await catalog.listing.list({ scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 1 })).facets.attributes;
  const before = await facets();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before as [(typeof before)[0], (typeof before)[0]];
  const rows = await shop.database.db.select().from(catalogueAttributes);
  const rowOf = (key: string) => rows.find((row) => row.key === key)!;
  expect(first.label).toBe(rowOf(first.name).name);

  await structure.editAttribute(staff, {
    id: rowOf(first.name).id,
    version: rowOf(first.name).updatedAt.toISOString(),
    name: "Palm feel",
    kind: "choice",
  });
  // Up, step by step, until the second group's attribute stands before the first's.
  while (true) {
    const all = await shop.database.db
      .select()
      .from(catalogueAttributes)
      .orderBy(asc(catalogueAttributes.position), asc(catalogueAttributes.name));
    const keys = all.map((row) => row.key);
    if (keys.indexOf(second.name) < keys.indexOf(first.name)) break;
    const row = all.find((r) => r.key === second.name)!;
    await structure.moveAttribute(staff, { id: row.id, version: row.updatedAt.toISOString(), direction: "up" });
  }
  const after = await facets();
  expect(after.map((group) => group.name).indexOf(second.name)).toBeLessThan(
    after.map((group) => group.name).indexOf(first.name),
  );
  expect(after.find((group) => group.name === first.name)!.label).toBe("Palm feel");
});
