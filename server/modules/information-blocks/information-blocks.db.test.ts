import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, categories } from "../../db/schema/index.ts";
import { noFilters } from "../catalog/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * The product information blocks in the back office (issue 26 §3, ADR 76): made, changed,
 * unpublished, moved and deleted under their versions, each audited; product pages and GET
 * /ecommerce/custom-information (the catalogue's reader) show every change at the next request.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let editor: StaffScope;
let glove: { id: number; slug: string; category: string };
let other: { id: number; slug: string };
let gloves: number;

beforeAll(async () => {
  shop = await seededShop(24);
  const { db } = shop.database;
  editor = staffScopeOf(systemScope(db), { id: 44, email: "editor@example.com", role: "editor" }, "req-info");
  [{ id: gloves }] = (await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, "gloves"), isNull(categories.parentId)))) as [{ id: number }];
  // Products every visitor sees (a product's own block shows only while its page does).
  const listed = async (category: string) =>
    (
      await shop.services.catalog.listing.list({
        scope: { category },
        filters: noFilters(),
        sort: "featured",
        page: 1,
        pageSize: 1,
      })
    ).products[0]!;
  const first = await listed("gloves");
  glove = { id: first.id, slug: first.slug, category: "gloves" };
  const another = await listed("apparel");
  other = { id: another.id, slug: another.slug };
});

afterAll(async () => {
  await shop?.close();
});

const blocks = () => shop.services.informationBlocks;
const scope = () => systemScope(shop.database.db);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; fields: Record<string, string> },
  );
/** The titles the product's page shows, as the shop API answers them. */
const shownOn = async (slug: string) =>
  (await shop.services.catalog.customInformation.list({ product: slug })).map((block) => block.title);
const row = async (id: number) => (await blocks().list(scope())).blocks.find((block) => block.id === id)!;
const audited = (id: number) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "information"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

test("a new block for one product shows on its page at once, at the end of the order, audited", async () => {
  const before = await shownOn(glove.slug);
  const { id, created } = await blocks().save(editor, {
    kind: "Fit",
    title: "How this glove fits",
    body: "Snug at the wrist.\n\nTake your usual size.",
    target: "product",
    product: glove.slug,
    published: "on",
  });
  expect(created).toBe(true);
  expect(await shownOn(glove.slug)).toEqual([...before, "How this glove fits"]);
  expect(await shownOn(other.slug)).not.toContain("How this glove fits");
  expect(await row(id)).toMatchObject({ kind: "fit", productId: glove.id, showsOn: expect.any(String), productSlug: glove.slug });
  const [entry] = await audited(id);
  expect(entry).toMatchObject({ action: "information.created", actorEmail: "editor@example.com", actorRole: "editor" });
  expect(entry!.changes).toMatchObject({ title: [null, "How this glove fits"], productId: [null, glove.id] });
});

test("bad input is refused by its field; an unknown product or category too; nothing is made", async () => {
  const count = (await blocks().list(scope())).blocks.length;
  const refused = await failure(blocks().save(editor, { kind: "size guide!", title: "", body: "", target: "category" }));
  expect(refused).toMatchObject({ code: "INVALID_INPUT" });
  expect(Object.keys(refused!.fields).sort()).toEqual(["body", "categoryId", "kind", "title"]);
  expect(
    await failure(blocks().save(editor, { kind: "care", title: "T", body: "B", target: "product", product: "no-such-glove" })),
  ).toMatchObject({ fields: { product: expect.any(String) } });
  expect(
    await failure(blocks().save(editor, { kind: "care", title: "T", body: "B", target: "category", categoryId: "999999" })),
  ).toMatchObject({
    fields: { categoryId: expect.any(String) },
  });
  // A number beyond any record id (a barcode pasted in the field) is unknown too, not a failure.
  expect(
    await failure(blocks().save(editor, { kind: "care", title: "T", body: "B", target: "product", product: "4006381333" })),
  ).toMatchObject({ fields: { product: expect.any(String) } });
  expect(
    await failure(blocks().save(editor, { kind: "care", title: "T", body: "B", target: "category", categoryId: "4006381333" })),
  ).toMatchObject({ fields: { categoryId: expect.any(String) } });
  expect((await blocks().list(scope())).blocks).toHaveLength(count);
});

test("a change moves it to a category and renames it, audited field by field; a stale form is refused; unpublished, it leaves the pages", async () => {
  const { blocks: list } = await blocks().list(scope());
  const block = list.find((each) => each.title === "How this glove fits")!;
  const form = {
    id: String(block.id),
    version: block.version,
    kind: "fit",
    title: "How our gloves fit",
    body: block.body,
    target: "category",
    categoryId: String(gloves),
    published: "on",
  };
  expect(await blocks().save(editor, form)).toMatchObject({ created: false, changed: ["title", "categoryId", "productId"] });
  expect(await shownOn(glove.slug)).toContain("How our gloves fit");
  expect((await shop.services.catalog.customInformation.list({ category: "gloves" })).map((each) => each.title)).toContain(
    "How our gloves fit",
  );
  const entries = await audited(block.id);
  expect(entries.at(-1)).toMatchObject({
    action: "information.changed",
    changes: { title: ["How this glove fits", "How our gloves fit"], categoryId: [null, gloves], productId: [glove.id, null] },
  });
  // The form read before that change is stale: 409, nothing changes.
  expect(await failure(blocks().save(editor, { ...form, title: "Lost" }))).toMatchObject({ code: "STALE_VERSION" });
  expect((await row(block.id)).title).toBe("How our gloves fit");

  await blocks().save(editor, { ...form, version: (await row(block.id)).version, published: undefined });
  expect(await shownOn(glove.slug)).not.toContain("How our gloves fit");
  expect((await row(block.id)).published).toBe(false);
});

test("moving a block changes the order product pages show; at the end nothing moves; a stale move is refused", async () => {
  const { blocks: list } = await blocks().list(scope());
  const last = list.at(-1)!;
  const onPage = async () =>
    (
      await shop.services.catalog.customInformation.informationFor({
        id: glove.id,
        category: { slug: "gloves" },
        subCategory: null,
      } as never)
    ).map((each) => each.id);
  await blocks().save(editor, {
    id: String(last.id),
    version: last.version,
    kind: last.kind,
    title: last.title,
    body: last.body,
    target: "all",
    published: "on",
  });
  const order = await onPage();
  const at = order.indexOf(last.id);
  expect(at).toBeGreaterThan(0);
  expect(await blocks().move(editor, { id: String(last.id), version: (await row(last.id)).version, direction: "down" })).toEqual({
    moved: false,
  });
  expect(await blocks().move(editor, { id: String(last.id), version: (await row(last.id)).version, direction: "up" })).toEqual({
    moved: true,
  });
  const moved = await onPage();
  expect(moved.indexOf(last.id)).toBe(at - 1);
  expect((await audited(last.id)).at(-1)).toMatchObject({ action: "information.moved" });
  expect(await failure(blocks().move(editor, { id: String(last.id), version: last.version, direction: "up" }))).toMatchObject({
    code: "STALE_VERSION",
  });
});

test("deleting takes it off every page, audited with what it was; a stale delete or an unknown block is refused", async () => {
  const { blocks: list } = await blocks().list(scope());
  const block = list.find((each) => each.title === "How our gloves fit")!;
  expect(await failure(blocks().remove(editor, { id: String(block.id), version: "2020-01-01T00:00:00.000Z" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  await blocks().remove(editor, { id: String(block.id), version: block.version });
  expect((await blocks().list(scope())).blocks.some((each) => each.id === block.id)).toBe(false);
  expect((await audited(block.id)).at(-1)).toMatchObject({
    action: "information.deleted",
    changes: { title: ["How our gloves fit", null] },
  });
  expect(await failure(blocks().remove(editor, { id: String(block.id), version: block.version }))).toMatchObject({
    code: "ENTRY_NOT_FOUND",
  });
  expect(await failure(blocks().block(scope(), block.id))).toMatchObject({ code: "ENTRY_NOT_FOUND" });
});
