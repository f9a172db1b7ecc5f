import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Scope } from "../../../lib/scope.ts";
import { asShopError, invalidInput, ShopError } from "../../../lib/shop-error.ts";
import { isStaffScope, type StaffScope } from "../../audit/index.ts";
import { amountText, type EditableOption, type EditableProduct, type ProductEditor } from "../../product-editor/index.ts";
import type { WriteDef } from "../collection.ts";
import { present, relationRef, resolveRef } from "../write.ts";

/*
 * Products written through the content API (issue 25 §6, ADR 73) by staff, in the Strapi shape of
 * ADR 39, through the back office's product editor (ADR 63): the same checks, slugs and old
 * addresses, versions (409), audit entries and catalogue refresh. This file only turns an entry's
 * `data` into the editor's input, and the editor's field names back into the entry's:
 *
 * - POST publishes now, or at `publishAt` when it is to come; `?status=draft` keeps a draft.
 * - PUT names the version it read (`data.version`, the entry's `version`) and merges the fields
 *   sent into the product, an option row with an `id` into that option; without `?status=draft`
 *   the product is (or stays) on the shop, a scheduled one keeping its moment.
 * - DELETE archives (`?version=`): a product is never deleted, so its orders keep their lines.
 * - Prices are minor units (1250, as the entry's `price` reads) or a decimal text ("12.50").
 */

/** The writer as audited: the content adapter hands a staff scope to signed-in writers. */
function staffOf(scope: Scope): StaffScope {
  if (!isStaffScope(scope)) throw new ShopError("FORBIDDEN", "Forbidden");
  return scope;
}

const moment = z.union([z.string().max(64), z.null()]);
/** An option's fields (checked by the editor). Stock is not one: it moves on the stock page, with a reason. */
const variantRow = z
  .strictObject(
    {
      id: z.unknown(),
      size: z.unknown(),
      colour: z.unknown(),
      colourHex: z.unknown(),
      sku: z.unknown(),
      barcode: z.unknown(),
      price: z.unknown(),
      compareAtPrice: z.unknown(),
      memberPrice: z.unknown(),
      lowStockThreshold: z.unknown(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Invalid key ${issue.keys.join(", ")}` : undefined) },
  )
  .partial();

const productShape = {
  name: z.unknown(),
  slug: z.unknown(),
  description: z.unknown(),
  brand: relationRef,
  category: relationRef,
  subCategory: relationRef,
  /** By filter attribute key: a value, or several of a "multiple" attribute. */
  attributes: z.unknown(),
  seoTitle: z.unknown(),
  seoDescription: z.unknown(),
  membersOnly: z.boolean(),
  /** Early access (members-only products): when it opens to everyone. */
  publicAt: moment,
  /** When the product goes on the shop; to come: scheduled. */
  publishAt: moment,
  /** The options: rows as the entry's `variants` reads them; a row without an id is a new option. */
  variants: z.array(variantRow).max(500, "A product has at most 500 options."),
  /** The version read (the entry's `version`): required to change or archive a product. */
  version: z.unknown(),
};
/** `data` of POST and PUT alike: PUT merges the fields sent, POST leaves the rest to the editor's defaults. */
const entryData = z.object(productShape).partial();
type Data = z.output<typeof entryData>;

/** A price as the editor reads it (text in the main unit): minor units, or a decimal text as sent. */
function priceText(value: unknown, field: string, currency: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "number") return value;
  if (!Number.isSafeInteger(value)) {
    throw invalidInput(field, 'Give the amount in minor units (1250) or as a decimal text ("12.50").');
  }
  return amountText(value, currency);
}

/** An option as a row of the editor's input (amounts still minor units). */
function optionRow(option: EditableOption): Record<string, unknown> {
  const { id, size, colour, colourHex, sku, barcode, price, compareAtPrice, memberPrice, lowStockThreshold } = option;
  return { id, size, colour, colourHex, sku, barcode, price, compareAtPrice, memberPrice, lowStockThreshold };
}

const PRICES = ["price", "compareAtPrice", "memberPrice"] as const;
const CLEARABLE = ["barcode", "lowStockThreshold"] as const;

/** The rows sent, each with an id merged into that option as it is; prices made texts, nulls absent. */
function variantRows(rows: NonNullable<Data["variants"]>, base: EditableProduct | null, currency: string) {
  return rows.map((sent, index) => {
    const current = base?.options.find((option) => option.id === sent.id && option.archivedAt === null);
    const row: Record<string, unknown> = { ...(current ? optionRow(current) : {}), ...present(sent) };
    for (const key of PRICES) row[key] = priceText(row[key], `variants.${index}.${key}`, currency);
    for (const key of CLEARABLE) if (row[key] === null) row[key] = undefined;
    return row;
  });
}

/**
 * When the product goes on the shop: `publishedAt` is what the content API makes of `?status`
 * (null: a draft). Without a `publishAt`, a scheduled product keeps its moment.
 */
function publishing(data: Data, base: EditableProduct | null, publishedAt: Date | null | undefined) {
  if (publishedAt === null) {
    if (data.publishAt)
      throw invalidInput(
        "product.publishAt",
        "A draft has no publishing time: leave out publishAt, or leave out ?status=draft to schedule it.",
      );
    return { publish: "draft" };
  }
  const at = data.publishAt !== undefined ? data.publishAt : base?.status === "scheduled" ? base.publishAt : null;
  return at ? { publish: "at", publishAt: at } : { publish: "now" };
}

/** The editor's product fields: those sent, over the product as it is (`base`; null for a new one). */
async function productFields(scope: Scope, data: Data, base: EditableProduct | null, publishedAt: Date | null | undefined) {
  const ref = async (from: string, value: Data["brand"], field: string) =>
    value === undefined ? undefined : ((await resolveRef(scope, sql.raw(from), value, field)) ?? undefined);
  const brandId = (await ref("brands", data.brand, "brand")) ?? (data.brand === undefined ? base?.brandId : undefined);
  const categoryId =
    (await ref("categories", data.category, "category")) ?? (data.category === undefined ? base?.categoryId : undefined);
  // A new category without a sub-category named leaves the old one's sub-category behind.
  const keepSub = data.category === undefined || categoryId === base?.categoryId;
  const subCategoryId =
    data.subCategory !== undefined
      ? await ref("categories", data.subCategory, "subCategory")
      : keepSub
        ? base?.subCategoryId
        : undefined;
  const membersOnly = data.membersOnly ?? (base ? base.access !== "everyone" : false);
  const publicAt = data.publicAt !== undefined ? data.publicAt : (base?.publicAt ?? null);
  return {
    name: data.name ?? base?.name,
    slug: data.slug ?? base?.slug,
    description: data.description ?? base?.description,
    brandId,
    categoryId,
    subCategoryId: subCategoryId ?? undefined,
    attributes: data.attributes ?? base?.attributes,
    seoTitle: data.seoTitle ?? base?.seoTitle,
    seoDescription: data.seoDescription ?? base?.seoDescription,
    access: !membersOnly ? "everyone" : publicAt ? "early" : "members",
    publicAt: publicAt ?? undefined,
    ...publishing(data, base, publishedAt),
  };
}

/** The editor's field paths (product.brandId, variants.0.price) as the entry's (data.brand, data.variants.0.price). */
const RENAMED: Readonly<Record<string, string>> = {
  "product.brandId": "data.brand",
  "product.categoryId": "data.category",
  "product.subCategoryId": "data.subCategory",
  "product.access": "data.membersOnly",
  // Whether it is on the shop is the request's ?status.
  "product.publish": "status",
};
function entryField(path: string, versionIn: "data" | "query"): string {
  if (RENAMED[path]) return RENAMED[path];
  if (path === "data" || path.startsWith("data.")) return path;
  if (path === "version") return versionIn === "data" ? "data.version" : "version";
  if (path.startsWith("product.")) return `data.${path.slice("product.".length)}`;
  return `data.${path}`;
}

/** Runs an editor call, its input errors named by the entry's fields. */
async function inEntryTerms<T>(call: () => Promise<T>, versionIn: "data" | "query" = "data"): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const shop = asShopError(error);
    if (shop?.code !== "INVALID_INPUT") throw error;
    throw new ShopError("INVALID_INPUT", shop.message, {
      field: shop.field === undefined ? undefined : entryField(shop.field, versionIn),
      fields: Object.fromEntries(Object.entries(shop.fields).map(([path, message]) => [entryField(path, versionIn), message])),
      details: shop.details,
    });
  }
}

/** The version a change names: the entry's `version` as read. */
function versionOf(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") {
    throw invalidInput(field, "Send the product's version as read (its version field): a change must name what it changes.");
  }
  return value;
}

export function productWrites(editor: ProductEditor): WriteDef<Data> {
  const { currency } = editor;
  return {
    keys: Object.keys(productShape),
    schema: entryData,
    partial: entryData,
    async create(scope, data, publishedAt) {
      return inEntryTerms(async () => {
        if (data.version !== undefined) throw invalidInput("version", "A new product has no version yet: leave out version.");
        const input = {
          product: await productFields(scope, data, null, publishedAt),
          variants: data.variants ? variantRows(data.variants, null, currency) : undefined,
        };
        return (await editor.create(staffOf(scope), input)).id;
      });
    },
    async update(scope, id, data, publishedAt) {
      return inEntryTerms(async () => {
        const version = versionOf(data.version, "version");
        const base = await editor.product(scope, id);
        const input = {
          version,
          product: await productFields(scope, data, base, publishedAt),
          variants: data.variants ? variantRows(data.variants, base, currency) : undefined,
        };
        await editor.update(staffOf(scope), id, input);
      });
    },
    async remove(scope, id, query) {
      await inEntryTerms(async () => {
        await editor.archive(staffOf(scope), id, { version: versionOf(query.version, "version") });
      }, "query");
    },
  };
}
