import { asShopError, ShopError } from "../../../lib/shop-error.ts";

/*
 * An editor's refusal (news-editor's, pages'; ADR 75) in the content API's terms: its fields as
 * the entry's (`data.<field>`), a taken slug in Strapi's words.
 */

/** The editor's field names as the entry's; a taken slug in Strapi's words. */
const RENAMED: Readonly<Record<string, string>> = {
  categoryId: "data.category",
  coverId: "data.cover",
  coverAlt: "data.cover",
  publishAt: "status",
};
export async function inEntryTerms<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const shop = asShopError(error);
    if (shop?.code !== "INVALID_INPUT") throw error;
    const entryField = (path: string) => RENAMED[path] ?? `data.${path}`;
    if (shop.field === "slug" && /^Another (post|page) /.test(shop.message))
      throw new ShopError("INVALID_INPUT", "This attribute must be unique", { field: "data.slug" });
    throw new ShopError("INVALID_INPUT", shop.message, {
      field: shop.field === undefined ? undefined : entryField(shop.field),
      fields: Object.fromEntries(Object.entries(shop.fields).map(([path, message]) => [entryField(path), message])),
      details: shop.details,
    });
  }
}
