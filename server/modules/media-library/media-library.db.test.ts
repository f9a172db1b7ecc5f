import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, categories, mediaFiles, productImages, products, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import type { MediaItem } from "./index.ts";

/*
 * The media library (issue 26 §2, ADR 78), every use case as an editor and the shop see it: the
 * library lists every uploaded image with its uses (galleries, catalogue pictures, news covers,
 * pages), takes several files at once, changes a description under its version, replaces a file
 * so that every use shows the new one, and deletes only what nothing shows.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let editor: StaffScope;
let owner: StaffScope;

beforeAll(async () => {
  shop = await seededShop(4);
  const { db } = shop.database;
  const [row] = await db
    .insert(users)
    .values([
      { username: "edda", email: "edda@example.com", firstName: "Edda", lastName: "Editor", role: "editor" },
      { username: "olga", email: "olga@example.com", firstName: "Olga", lastName: "Owner", role: "owner" },
    ])
    .returning({ id: users.id });
  editor = staffScopeOf(systemScope(db), { id: row!.id, email: "edda@example.com", role: "editor" }, "req-media");
  owner = staffScopeOf(systemScope(db), { id: row!.id + 1, email: "olga@example.com", role: "owner" }, "req-media-owner");
});

afterAll(async () => {
  await shop?.close();
});

const library = () => shop.services.mediaLibrary;
const scope = () => systemScope(shop.database.db);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error as { code?: string; status?: number; field?: string; message: string; details?: Record<string, unknown> },
  );

/** A photo as a phone takes it: a JPEG with the camera's metadata. */
async function photo(name = "IMG_0001.jpg", colour = { r: 200, g: 60, b: 40 }): Promise<File> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Ann, at home in Utrecht", Make: "PhoneCam" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

async function png(name = "banner.png", width = 300): Promise<File> {
  const bytes = await sharp({ create: { width, height: 200, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

const notAnImage = (name = "notes.jpg") => new File(["just some text, not a picture"], name, { type: "image/jpeg" });

const libraryFiles = () => {
  const folder = join(shop.dataDir, "uploads", "library");
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const fileOf = (src: string) => join(shop.dataDir, src);
const item = (id: number) => library().item(scope(), id);
const audited = (id: number) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "media"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
const allItems = async (raw: Record<string, string> = {}) => (await library().list(scope(), raw)).items;
const byName = (items: MediaItem[], name: string) => items.find((entry) => entry.name === name);

async function aProduct() {
  const [product] = await shop.database.db.select({ id: products.id, slug: products.slug }).from(products).limit(1);
  return product!;
}
const productVersion = async (productId: number) =>
  (await shop.services.productGallery.gallery(scope(), { productId: String(productId) })).product.version;

test("several images uploaded at once are listed newest first, re-encoded without their metadata, each audited", async () => {
  const before = libraryFiles();
  const added = await library().upload(editor, { alt: "A goalkeeper at full stretch" }, [
    await photo("dive.jpg"),
    await png("banner.png"),
  ]);
  expect(added.map((entry) => entry.name)).toEqual(["dive.jpg", "banner.png"]);

  const items = await allItems();
  const [banner, dive] = [byName(items, "banner.png")!, byName(items, "dive.jpg")!];
  expect(items.indexOf(banner)).toBeLessThan(items.indexOf(dive));
  expect(dive).toMatchObject({ alt: "A goalkeeper at full stretch", width: 640, height: 480, uses: [] });
  expect(dive.src).toMatch(/^\/uploads\/library\/[0-9a-f]{32}\.webp$/);
  expect(dive.size).toBe(readFileSync(fileOf(dive.src)).byteLength);
  const kept = await sharp(readFileSync(fileOf(dive.src))).metadata();
  expect(kept.format).toBe("webp");
  expect(kept.exif).toBeUndefined();
  expect(libraryFiles()).toHaveLength(before.length + 2);
  expect((await audited(dive.id)).map((entry) => [entry.action, entry.actorEmail])).toEqual([
    ["media.uploaded", "edda@example.com"],
  ]);

  // The chooser (the news editor's cover) offers them, newest first, searchable by name or text (words no
  // demo cover is named with: each post's cover is named for its slug).
  const choices = await library().choices(scope(), { q: "full stretch" });
  expect(choices.map((choice) => choice.id)).toEqual([banner.id, dive.id]);
  expect(choices[0]).toMatchObject({ src: banner.src, alt: "A goalkeeper at full stretch", width: 300, height: 200 });
});

test("one file the shop cannot take refuses the whole upload, naming it, and leaves no file behind", async () => {
  const before = { files: libraryFiles(), total: (await library().list(scope(), {})).total };
  const refused = await failure(library().upload(editor, { alt: "" }, [await photo("fine.jpg"), notAnImage("notes.jpg")]));
  expect(refused).toMatchObject({ code: "INVALID_INPUT", field: "files" });
  expect(refused!.message).toMatch(/^notes\.jpg: .*JPEG, PNG or WebP/);
  expect(libraryFiles()).toEqual(before.files);
  expect((await library().list(scope(), {})).total).toBe(before.total);
  expect(await failure(library().upload(editor, {}, []))).toMatchObject({ code: "INVALID_INPUT", field: "files" });
});

test("the library lists the seed's covers and page pictures with their uses, and every gallery and catalogue upload", async () => {
  const items = await allItems();
  const kinds = new Set(items.flatMap((entry) => entry.uses.map((use) => use.kind)));
  expect(kinds).toContain("news");
  expect(kinds).toContain("page");
  const cover = items.find((entry) => entry.uses.some((use) => use.kind === "news"))!;
  expect(cover.src).toMatch(/^\/media\/news\//);
  expect(cover.uses[0]!.label).toMatch(/^Cover of the news post “.+”$/);

  const product = await aProduct();
  const [image] = await shop.services.productGallery.uploadImages(
    owner,
    { productId: String(product.id), version: await productVersion(product.id), alt: "Palm grip close up" },
    [await photo("palm.jpg")],
  );
  const [gloves] = await shop.database.db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, "gloves"), isNull(categories.parentId)));
  await shop.services.catalogueStructure.setCategoryImage(
    owner,
    { id: gloves!.id, version: gloves!.updatedAt.toISOString() },
    await png("gloves.png"),
  );

  const after = await allItems();
  const palm = byName(after, "palm.jpg")!;
  expect(palm).toMatchObject({ src: image!.path, alt: "Palm grip close up" });
  expect(palm.uses).toEqual([
    expect.objectContaining({ kind: "product", id: product.id, href: `/admin/products/${product.id}/images` }),
  ]);
  const picture = byName(after, "gloves.png")!;
  expect(picture.uses).toEqual([
    {
      kind: "category",
      id: gloves!.id,
      label: "Picture of the category Gloves",
      href: `/admin/catalogue/categories/${gloves!.id}`,
    },
  ]);

  // The lists: what nothing shows, what has no description.
  const unused = await allItems({ filter: "unused" });
  expect(unused.every((entry) => entry.uses.length === 0)).toBe(true);
  expect(byName(unused, "dive.jpg")).toBeDefined();
  expect(byName(unused, "palm.jpg")).toBeUndefined();
  // An upload from before descriptions were required (or through the content API) has none.
  await shop.database.db
    .insert(mediaFiles)
    .values({
      name: "undescribed.webp",
      path: "/uploads/library/undescribed.webp",
      mime: "image/webp",
      width: 10,
      height: 10,
      size: 1,
      alternativeText: " ",
    });
  const undescribed = await allItems({ filter: "no-alt" });
  expect(byName(undescribed, "undescribed.webp")).toBeDefined();
  expect(byName(undescribed, "dive.jpg")).toBeUndefined();
  expect(undescribed.every((entry) => entry.alt.trim() === "")).toBe(true);
  expect(byName(await allItems({ q: "palm" }), "palm.jpg")).toBeDefined();
});

test("a description changes under its version: a stale page is refused (409); covers and galleries that used the old text follow", async () => {
  const product = await aProduct();
  const [shared] = await shop.services.productGallery.uploadImages(
    owner,
    { productId: String(product.id), version: await productVersion(product.id), alt: "Old text" },
    [await photo("strap.jpg")],
  );
  const record = byName(await allItems(), "strap.jpg")!;
  const stale = record.version;

  const { version } = await library().editAlt(editor, { id: String(record.id), version: stale, alt: "The wrist strap, closed" });
  expect(version).not.toBe(stale);
  expect((await item(record.id)).alt).toBe("The wrist strap, closed");
  const [image] = await shop.database.db.select().from(productImages).where(eq(productImages.id, shared!.id));
  expect(image!.alt).toBe("The wrist strap, closed");
  const detail = await shop.services.catalog.cachedProductDetail(product.slug);
  expect(detail!.images.map((entry) => entry.alt)).toContain("The wrist strap, closed");

  const refused = await failure(library().editAlt(editor, { id: String(record.id), version: stale, alt: "Overwritten" }));
  expect(refused).toMatchObject({ code: "STALE_VERSION", status: 409 });
  expect((await item(record.id)).alt).toBe("The wrist strap, closed");
  expect(await failure(library().editAlt(editor, { id: String(record.id), version, alt: "  " }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "alt",
  });

  // A text written in the gallery for that product is the gallery's own.
  await shop.services.productGallery.editAlt(owner, {
    productId: String(product.id),
    version: await productVersion(product.id),
    image: String(shared!.id),
    alt: "The strap on the Aero glove",
  });
  await library().editAlt(editor, { id: String(record.id), version, alt: "A wrist strap" });
  const [kept] = await shop.database.db.select().from(productImages).where(eq(productImages.id, shared!.id));
  expect(kept!.alt).toBe("The strap on the Aero glove");

  const entries = await audited(record.id);
  // The gallery's upload is audited on the product (product.image-added); the library's changes on the image.
  expect(entries.map((entry) => entry.action)).toEqual(["media.alt-changed", "media.alt-changed"]);
  expect(entries[0]!.changes).toMatchObject({ alt: ["Old text", "The wrist strap, closed"] });
});

test("a replaced file shows in every use at once (gallery, category, storefront); the old file goes, the text and uses stay", async () => {
  const product = await aProduct();
  await shop.services.productGallery.uploadImages(
    owner,
    { productId: String(product.id), version: await productVersion(product.id), alt: "Back of the glove" },
    [await photo("back.jpg")],
  );
  const record = byName(await allItems(), "back.jpg")!;
  const [gloves] = await shop.database.db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, "gloves"), isNull(categories.parentId)));
  // The category shows the same record as the gallery (as a chooser would set it).
  await shop.database.db
    .update(categories)
    .set({ imagePath: record.src, imageMediaId: record.id })
    .where(eq(categories.id, gloves!.id));
  const oldFile = fileOf(record.src);
  expect(existsSync(oldFile)).toBe(true);

  const stale = await failure(
    library().replace(editor, { id: String(record.id), version: "2020-01-01T00:00:00.000Z" }, await png("new.png")),
  );
  expect(stale).toMatchObject({ code: "STALE_VERSION", status: 409 });
  const bad = await failure(library().replace(editor, { id: String(record.id), version: record.version }, notAnImage()));
  expect(bad).toMatchObject({ code: "INVALID_INPUT", field: "file" });
  expect((await item(record.id)).src).toBe(record.src);

  // The catalogue shows it: an editor may not swap it (staff and the owner change the catalogue).
  const editors = await failure(
    library().replace(editor, { id: String(record.id), version: record.version }, await png("new.png")),
  );
  expect(editors).toMatchObject({ code: "FORBIDDEN", status: 403 });
  expect((await item(record.id)).src).toBe(record.src);

  const filesBefore = libraryFiles().length;
  await library().replace(owner, { id: String(record.id), version: record.version }, await png("new.png", 500));
  const now = await item(record.id);
  expect(now.src).not.toBe(record.src);
  expect(now).toMatchObject({ id: record.id, name: "back.jpg", alt: "Back of the glove", width: 500, height: 200 });
  expect(now.version).not.toBe(record.version);
  expect(now.uses.map((use) => use.kind).sort()).toEqual(["category", "product"]);

  const images = await shop.database.db.select().from(productImages).where(eq(productImages.mediaId, record.id));
  expect(images.map((image) => [image.path, image.width, image.height])).toEqual([[now.src, 500, 200]]);
  const [category] = await shop.database.db.select().from(categories).where(eq(categories.id, gloves!.id));
  expect(category!.imagePath).toBe(now.src);
  const detail = await shop.services.catalog.cachedProductDetail(product.slug);
  expect(detail!.images.map((entry) => entry.path)).toContain(now.src);
  expect(detail!.images.map((entry) => entry.path)).not.toContain(record.src);

  await expect.poll(() => existsSync(oldFile)).toBe(false);
  // The gallery's file was under uploads/products; the new one is the library's.
  expect(libraryFiles().length).toBe(filesBefore + 1);
  const [entry] = (await audited(record.id)).filter((row) => row.action === "media.replaced");
  expect(entry!.changes).toMatchObject({ path: [record.src, now.src], width: [640, 500] });
  await shop.database.db.update(categories).set({ imagePath: null, imageMediaId: null }).where(eq(categories.id, gloves!.id));
});

test("an image in use is not deleted: the refusal names its uses; once unused it goes with its file, audited", async () => {
  const product = await aProduct();
  const [image] = await shop.services.productGallery.uploadImages(
    owner,
    { productId: String(product.id), version: await productVersion(product.id), alt: "Thumb" },
    [await photo("thumb.jpg")],
  );
  const record = byName(await allItems(), "thumb.jpg")!;

  const refused = await failure(library().remove(editor, { id: String(record.id), version: record.version }));
  expect(refused).toMatchObject({ code: "ENTRY_IN_USE", status: 409 });
  expect(refused!.message).toContain(`Gallery of `);
  expect(refused!.details).toMatchObject({ uses: [{ kind: "product", id: product.id }] });
  const cover = (await allItems()).find((entry) => entry.uses.some((use) => use.kind === "news"))!;
  expect((await failure(library().remove(editor, { id: String(cover.id), version: cover.version })))!.message).toMatch(
    /Cover of the news post/,
  );

  // Out of the gallery, the image stays in the library with its file.
  await shop.services.productGallery.removeImage(owner, {
    productId: String(product.id),
    version: await productVersion(product.id),
    image: String(image!.id),
  });
  const unused = await item(record.id);
  expect(unused.uses).toEqual([]);
  expect(existsSync(fileOf(record.src))).toBe(true);

  expect(await failure(library().remove(editor, { id: String(record.id), version: "2020-01-01T00:00:00.000Z" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  await library().remove(editor, { id: String(record.id), version: unused.version });
  expect(await failure(item(record.id))).toMatchObject({ code: "ENTRY_NOT_FOUND" });
  expect(await shop.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, record.id))).toEqual([]);
  await expect.poll(() => existsSync(fileOf(record.src))).toBe(false);
  expect((await audited(record.id)).map((entry) => [entry.action, entry.actorEmail])).toEqual([
    ["media.deleted", "edda@example.com"],
  ]);
});

test("a replaced file that something else still names (a copied row, a past order's picture) is kept on disk", async () => {
  const [record] = await library().upload(editor, { alt: "Kept" }, [await photo("kept.jpg")]);
  const before = await item(record!.id);
  const other = await aProduct();
  // A row that names the file itself, not the record (as an order line keeps the picture as bought).
  await shop.database.db
    .insert(productImages)
    .values({ productId: other.id, path: before.src, alt: "Copy", width: 640, height: 480, position: 99 });
  await library().replace(editor, { id: String(before.id), version: before.version }, await png("kept-new.png"));
  const after = await item(before.id);
  expect(after.src).not.toBe(before.src);
  // The copy is no use of the record: it keeps its own path, and the file stays for it.
  const [copy] = await shop.database.db.select().from(productImages).where(eq(productImages.position, 99));
  expect(copy!.path).toBe(before.src);
  // A second replacement, whose old file nothing names, is deleted: the first clean-up ran before it.
  await library().replace(editor, { id: String(after.id), version: after.version }, await png("kept-newer.png"));
  await expect.poll(() => existsSync(fileOf(after.src))).toBe(false);
  expect(existsSync(fileOf(before.src))).toBe(true);
  await shop.database.db.delete(productImages).where(eq(productImages.id, copy!.id));
});
