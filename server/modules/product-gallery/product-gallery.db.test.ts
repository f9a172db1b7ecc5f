import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, asc, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, productImages, products } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import type { ProductGallery } from "./index.ts";

/* A product's images in the back office (issue 25 §1, ADR 65): every use case, as staff and the shop see it. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let gallery: ProductGallery;
let staff: StaffScope;
/** The product each test works on (a fresh one per test: its images as the seed left them). */
let product: { id: number; slug: string };
const spare: { id: number; slug: string }[] = [];

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; status?: number; field?: string; message: string },
  );

/** A photo as a phone takes it: a JPEG with the camera's metadata (EXIF). */
async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Ann, at home in Utrecht", Make: "PhoneCam" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], "IMG_0001.jpg", { type: "image/jpeg" });
}

async function png(): Promise<File> {
  const bytes = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "glove.png", { type: "image/png" });
}

const uploaded = () => {
  const folder = join(shop.dataDir, "uploads", "products");
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const fileOf = (path: string) => join(shop.dataDir, path);

async function current() {
  return gallery.gallery(staff, { productId: String(product.id) });
}
async function version() {
  return (await current()).product.version;
}
async function ids() {
  return (await current()).images.map((image) => image.id);
}
/** The product as a shopper's page shows it now (from the shop's cache, which the change must have refreshed). */
async function onTheShop() {
  const detail = await shop.services.catalog.cachedProductDetail(product.slug);
  return detail!.images.map((image) => ({ path: image.path, alt: image.alt }));
}
async function lastAudit() {
  const [entry] = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(product.id))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry ?? null;
}
const change = async (extra: Record<string, string> = {}) => ({
  productId: String(product.id),
  version: await version(),
  ...extra,
});

beforeAll(async () => {
  shop = await seededShop(12);
  gallery = shop.services.productGallery;
  staff = staffScopeOf(systemScope(shop.database.db, { ip: "203.0.113.5" }), {
    id: 11,
    email: "desk@example.com",
    role: "staff",
  });
  const rows = await shop.database.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(asc(products.id));
  spare.push(...rows);
});

beforeEach(async () => {
  product = spare.shift()!;
  // Three images to work on, whatever the seed gave the product.
  const { db } = shop.database;
  await db.delete(productImages).where(eq(productImages.productId, product.id));
  await db.insert(productImages).values(
    ["front", "back", "side"].map((side, position) => ({
      productId: product.id,
      path: `products/${product.slug}-${side}.webp`,
      alt: `The ${side}`,
      width: 800,
      height: 800,
      position,
    })),
  );
  shop.services.catalog.invalidate();
  // The shop has read the product before each change: what it shows after one must be fresh.
  expect(await onTheShop()).toHaveLength(3);
});

afterAll(async () => {
  await shop?.close();
});

test("the gallery lists the images in the shop's order, with the product's name, version and page", async () => {
  const view = await current();
  expect(view.product).toMatchObject({
    id: product.id,
    shopPath: expect.stringMatching(new RegExp(`^/shop/[^/]+/${product.slug}$`)),
  });
  expect(view.images.map((image) => image.alt)).toEqual(["The front", "The back", "The side"]);
  expect(await failure(gallery.gallery(staff, { productId: "999999" }))).toMatchObject({
    code: "PRODUCT_NOT_FOUND",
    status: 404,
  });
  expect(await failure(gallery.gallery(staff, { productId: "x" }))).toMatchObject({ code: "INVALID_INPUT" });
});

test("uploading re-encodes each image without its metadata, adds it after the others and shows it on the shop at once", async () => {
  const before = await version();
  const files = uploaded();
  const added = await gallery.uploadImages(staff, await change({ alt: "  The palm, close up " }), [await photo(), await png()]);
  expect(added).toHaveLength(2);

  const view = await current();
  expect(view.product.version).not.toBe(before);
  expect(view.images.map((image) => image.alt)).toEqual([
    "The front",
    "The back",
    "The side",
    "The palm, close up",
    "The palm, close up",
  ]);
  const [jpeg, fromPng] = view.images.slice(3);
  expect(jpeg!.path).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
  expect([jpeg!.width, jpeg!.height]).toEqual([640, 480]);
  expect(uploaded()).toEqual([...files, ...[jpeg!.path, fromPng!.path].map((path) => path.split("/").pop()!)].sort());

  const stored = await sharp(fileOf(jpeg!.path)).metadata();
  expect(stored.format).toBe("webp");
  expect(stored.exif).toBeUndefined();
  expect(JSON.stringify(await sharp(fileOf(jpeg!.path)).toBuffer())).not.toContain("PhoneCam");

  expect(await onTheShop()).toEqual(view.images.map(({ path, alt }) => ({ path, alt })));
  expect(await lastAudit()).toMatchObject({
    action: "product.image-added",
    actorId: 11,
    actorEmail: "desk@example.com",
    clientAddress: "203.0.113.5",
    changes: { added: [null, added] },
  });
});

test("an upload without a description, without a file, or of something that is no image is refused by its field, storing nothing", async () => {
  const files = uploaded();
  const before = await version();
  const withoutAlt = await failure(gallery.uploadImages(staff, await change({ alt: "   " }), [await photo()]));
  expect(withoutAlt).toMatchObject({
    code: "INVALID_INPUT",
    status: 400,
    field: "alt",
    message: "Describe the image for those who cannot see it.",
  });
  expect(await failure(gallery.uploadImages(staff, await change(), [await photo()]))).toMatchObject({ field: "alt" });

  const noFile = await failure(gallery.uploadImages(staff, await change({ alt: "A glove" }), [new File([], "")]));
  expect(noFile).toMatchObject({ code: "INVALID_INPUT", field: "images", message: "Choose an image to upload." });

  const text = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "glove.png", { type: "image/png" });
  // A good image before a bad one: the good one's file is not kept either.
  const notAnImage = await failure(gallery.uploadImages(staff, await change({ alt: "A glove" }), [await png(), text]));
  expect(notAnImage).toMatchObject({
    code: "INVALID_INPUT",
    field: "images",
    message: "The image must be a JPEG, PNG or WebP image.",
  });

  expect(uploaded()).toEqual(files);
  expect(await ids()).toHaveLength(3);
  expect(await version()).toBe(before);
  expect(await lastAudit()).toBeNull();
});

test("move up and down swap neighbours; at either end an image stays", async () => {
  const [front, back, side] = await ids();
  await gallery.moveImage(staff, await change({ image: String(side), direction: "up" }));
  expect(await ids()).toEqual([front, side, back]);
  await gallery.moveImage(staff, await change({ image: String(front), direction: "down" }));
  expect(await ids()).toEqual([side, front, back]);
  expect((await onTheShop()).map((image) => image.alt)).toEqual(["The side", "The front", "The back"]);
  expect(await lastAudit()).toMatchObject({
    action: "product.images-reordered",
    changes: {
      order: [
        [front, side, back],
        [side, front, back],
      ],
    },
  });

  await gallery.moveImage(staff, await change({ image: String(side), direction: "up" }));
  await gallery.moveImage(staff, await change({ image: String(back), direction: "down" }));
  expect(await ids()).toEqual([side, front, back]);
  const positions = await shop.database.db
    .select({ position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.position));
  expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);
});

test("a dragged order is stored as sent, when it holds each of the product's images once", async () => {
  const [front, back, side] = await ids();
  await gallery.reorderImages(staff, await change({ order: `${back},${side},${front}` }));
  expect(await ids()).toEqual([back, side, front]);
  expect((await onTheShop())[0]!.alt).toBe("The back");

  const other = await shop.database.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, spare[0]!.id));
  for (const order of [`${back},${side}`, `${back},${side},${side}`, `${back},${side},${other[0]?.id ?? 999999}`, "1;2", ""]) {
    expect(await failure(gallery.reorderImages(staff, await change({ order })))).toMatchObject({
      code: "INVALID_INPUT",
      field: "order",
    });
  }
  expect(await ids()).toEqual([back, side, front]);
});

test("setting the main image puts it first, the others keep their order; the shop's card shows it", async () => {
  const [front, back, side] = await ids();
  await gallery.setMainImage(staff, await change({ image: String(side) }));
  expect(await ids()).toEqual([side, front, back]);
  const [card] = await shop.services.catalog.cardsBySlug([product.slug]);
  expect(card?.image?.alt).toBe("The side");
  expect(await lastAudit()).toMatchObject({
    action: "product.main-image-set",
    changes: {
      order: [
        [front, back, side],
        [side, front, back],
      ],
    },
  });

  // An image of another product is not this product's.
  const [foreign] = await shop.database.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, spare[0]!.id));
  if (foreign) {
    expect(await failure(gallery.setMainImage(staff, await change({ image: String(foreign.id) })))).toMatchObject({
      code: "IMAGE_NOT_FOUND",
    });
  }
});

test("an image's description is changed, never to nothing", async () => {
  const [, back] = await ids();
  expect(await failure(gallery.editAlt(staff, await change({ image: String(back), alt: "" })))).toMatchObject({ field: "alt" });
  await gallery.editAlt(staff, await change({ image: String(back), alt: "The back, with its strap" }));
  expect((await onTheShop()).map((image) => image.alt)).toEqual(["The front", "The back, with its strap", "The side"]);
  expect(await lastAudit()).toMatchObject({
    action: "product.image-alt-changed",
    changes: {
      alt: [
        { image: back, alt: "The back" },
        { image: back, alt: "The back, with its strap" },
      ],
    },
  });
});

test("removing an image deletes its row and closes the gap; its upload stays in the media library", async () => {
  const [mine, shared] = await gallery.uploadImages(staff, await change({ alt: "Upload" }), [await photo(), await png()]);
  // Another product shows the second upload's file (as a duplicated product would).
  const other = spare[0]!;
  await shop.database.db
    .insert(productImages)
    .values({ productId: other.id, path: shared!.path, alt: "Shared", width: 300, height: 300 });
  const [front, back, side] = await ids();

  await gallery.removeImage(staff, await change({ image: String(front) }));
  expect(await ids()).toEqual([back, side, mine!.id, shared!.id]);
  expect((await onTheShop())[0]!.alt).toBe("The back");
  expect(await lastAudit()).toMatchObject({
    action: "product.image-removed",
    changes: { image: [{ id: front, path: `products/${product.slug}-front.webp`, alt: "The front" }, null] },
  });

  await gallery.removeImage(staff, await change({ image: String(mine!.id) }));
  await gallery.removeImage(staff, await change({ image: String(shared!.id) }));
  // The uploads are records of the media library (ADR 78): out of the gallery, they stay there,
  // with their files, until an editor deletes them in the library.
  const record = (await shop.services.mediaLibrary.list(staff, { q: "IMG_0001" })).items.find((item) => item.src === mine!.path);
  expect(record?.uses).toEqual([]);
  expect(existsSync(fileOf(mine!.path))).toBe(true);
  expect(existsSync(fileOf(shared!.path))).toBe(true);
  expect(await ids()).toEqual([back, side]);
  const positions = await shop.database.db
    .select({ position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, product.id));
  expect(positions.map((row) => row.position).sort()).toEqual([0, 1]);
});

test("a page read before another change is refused (409) for every change, and changes nothing", async () => {
  const stale = await version();
  const [front, back] = await ids();
  await gallery.editAlt(staff, { productId: String(product.id), version: stale, image: String(front), alt: "Front, first" });
  const auditBefore = await lastAudit();
  const files = uploaded();
  const at = { productId: String(product.id), version: stale };
  const image = await photo();
  const order = (await ids()).reverse().join(",");
  const attempts = [
    () => gallery.uploadImages(staff, { ...at, alt: "Late" }, [image]),
    () => gallery.moveImage(staff, { ...at, image: String(back), direction: "up" }),
    () => gallery.reorderImages(staff, { ...at, order }),
    () => gallery.setMainImage(staff, { ...at, image: String(back) }),
    () => gallery.editAlt(staff, { ...at, image: String(back), alt: "Late" }),
    () => gallery.removeImage(staff, { ...at, image: String(back) }),
  ];
  for (const attempt of attempts) {
    const refused = await failure(attempt());
    expect(refused).toMatchObject({ code: "STALE_VERSION", status: 409 });
    expect((refused as unknown as { details: { changedAt: string } }).details.changedAt).toBe(await version());
  }
  expect((await current()).images.map((image) => image.alt)).toEqual(["Front, first", "The back", "The side"]);
  expect(uploaded()).toEqual(files);
  expect((await lastAudit())!.id).toBe(auditBefore!.id);
});

test("every change moves the product's version, which the product editor's forms carry too", async () => {
  const [row] = await shop.database.db
    .select({ updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.id, product.id));
  expect(await version()).toBe(row!.updatedAt.toISOString());
  const seen = new Set([await version()]);
  const [front] = await ids();
  for (let i = 0; i < 3; i++) {
    await gallery.moveImage(staff, await change({ image: String(front), direction: i % 2 ? "up" : "down" }));
    seen.add(await version());
  }
  expect(seen.size).toBe(4);
});
