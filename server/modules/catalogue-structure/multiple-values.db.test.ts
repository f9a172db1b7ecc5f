import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { failure, productRow, structureShop, type TestShop } from "../../../tests/support/catalogue-structure-fixtures.ts";
import { editorPlaces } from "../../../tests/support/product-editor-fixtures.ts";
import { catalogueAttributes } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import { noFilters } from "../catalog/index.ts";

/*
 * A "multiple" filter attribute keeps several values in one text ("Grip, Wet", ADR 63); every reader
 * splits it the one way (ADR 74): the shop's filters and facet counts, the value's rename, its
 * removal and its product counts.
 */

let shop: TestShop;
let staff: StaffScope;
let attributeId: number;
let both: number;
let wetOnly: number;

beforeAll(async () => {
  ({ shop, staff } = await structureShop());
  const places = await editorPlaces(shop.database.db);
  ({ id: attributeId } = await shop.services.catalogueStructure.createAttribute(staff, {
    key: "t_weather",
    name: "Weather",
    kind: "multiple",
    values: "Grip\nWet\nDry",
  }));
  const product = (name: string, weather: string[]) =>
    shop.services.productEditor.create(staff, {
      product: {
        name,
        brandId: String(places.brandId),
        categoryId: String(places.category.id),
        publish: "now",
        access: "everyone",
        attributes: { "t_weather": weather },
      },
      options: { sizes: "9", colours: "Black #111111", price: "40.00" },
    });
  // Ticked in another order than the attribute's: kept as "Grip, Wet".
  both = (await product("Storm Grip", ["Wet", "Grip"])).id;
  wetOnly = (await product("Rain Palm", ["Wet"])).id;
});
afterAll(() => shop?.close());

const version = async () => {
  const [row] = await shop.database.db.select().from(catalogueAttributes).where(eq(catalogueAttributes.id, attributeId));
  return row!.updatedAt.toISOString();
};

async function listed(weather: string[]) {
  const attributes: Record<string, string[]> = weather.length > 0 ? { t_weather: weather } : {};
  const filters = { ...noFilters(), attributes };
  const result = await shop.services.catalog.listing.list({ scope: {}, filters, sort: "name", page: 1, pageSize: 50 });
  const group = result.facets.attributes.find((g) => g.name === "t_weather");
  return {
    names: result.products.map((p) => p.name),
    counts: Object.fromEntries(group?.options.map((o) => [o.value, o.count]) ?? []),
  };
}

test("a product with two values is found under each and counted in both facets", async () => {
  expect((await productRow(shop, both)).attributes).toMatchObject({ "t_weather": "Grip, Wet" });
  expect(await listed(["Grip"])).toEqual({ names: ["Storm Grip"], counts: { Grip: 1, Wet: 2 } });
  expect((await listed(["Wet"])).names).toEqual(["Rain Palm", "Storm Grip"]);
  // The joined text is no filter choice of its own.
  expect((await listed(["Grip, Wet"])).names).toEqual([]);
  expect(Object.keys((await listed([])).counts)).toEqual(["Grip", "Wet"]);
});

test("each value counts the products holding it, and one held beside another is not removed", async () => {
  const detail = await shop.services.catalogueStructure.attribute(shop.database.db, attributeId);
  expect(detail!.values).toEqual([
    { value: "Grip", products: 1 },
    { value: "Wet", products: 2 },
    { value: "Dry", products: 0 },
  ]);
  expect(detail!.unlisted).toEqual([]);
  const refused = await failure(
    shop.services.catalogueStructure.removeAttributeValue(staff, { id: attributeId, version: await version(), value: "Grip" }),
  );
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", details: { products: 1 } });
});

test("a rename renames the value inside the joined text; renamed onto another it holds, the two are one", async () => {
  const structure = shop.services.catalogueStructure;
  const renamed = await structure.renameAttributeValue(staff, {
    id: attributeId,
    version: await version(),
    value: "Wet",
    to: "Rain",
  });
  expect(renamed.products).toBe(2);
  expect((await productRow(shop, both)).attributes["t_weather"]).toBe("Grip, Rain");
  expect((await productRow(shop, wetOnly)).attributes["t_weather"]).toBe("Rain");
  expect(await listed(["Rain"])).toEqual({ names: ["Rain Palm", "Storm Grip"], counts: { Grip: 1, Rain: 2 } });
  // The editor reads the two values back.
  expect((await shop.services.productEditor.product(staff, both)).attributes["t_weather"]).toEqual(["Grip", "Rain"]);

  // Grip merged into Rain: "Grip, Rain" holds Rain once.
  await structure.renameAttributeValue(staff, { id: attributeId, version: await version(), value: "Grip", to: "Rain" });
  expect((await productRow(shop, both)).attributes["t_weather"]).toBe("Rain");
  expect(await listed([])).toMatchObject({ counts: { Rain: 2 } });
});
