import type { EditableOption, EditableProduct } from "../../../../server/modules/product-editor/index.ts";
import { amountText } from "../../../../server/modules/product-editor/shared.ts";

/*
 * What the editor's forms show in their fields: the product as it is, or what the owner typed
 * when the form came back (refused, or with a preview). Named as the fields are, so one map
 * fills a form either way.
 */

export type FormValues = Readonly<Record<string, string>>;

/** An ISO time as a date-time field holds it, in UTC: "2026-12-01T09:30". */
export function localMoment(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

/** The details form's fields of a product (a new one: empty, a draft for everyone). */
export function productValues(product: EditableProduct | null): FormValues {
  if (!product) return { "product.publish": "draft", "product.access": "everyone" };
  const values: Record<string, string> = {
    "product.name": product.name,
    "product.slug": product.slug,
    "product.description": product.description,
    "product.brandId": String(product.brandId),
    "product.categoryId": String(product.categoryId),
    "product.subCategoryId": product.subCategoryId === null ? "" : String(product.subCategoryId),
    "product.sizeName": product.optionNames.size,
    "product.colourName": product.optionNames.colour,
    "product.seoTitle": product.seoTitle,
    "product.seoDescription": product.seoDescription,
    "product.publish": product.status === "scheduled" ? "at" : product.status === "published" ? "now" : "draft",
    "product.publishAt": product.status === "scheduled" ? localMoment(product.publishAt) : "",
    "product.access": product.access,
    "product.publicAt": localMoment(product.publicAt),
  };
  for (const [key, chosen] of Object.entries(product.attributes)) {
    values[`product.attributes.${key}`] = chosen[0] ?? "";
    chosen.forEach((value, i) => (values[`product.attributes.${key}.${i}`] = value));
  }
  return values;
}

/** The options form's fields: a row each of the options on sale, amounts in the main unit. */
export function optionValues(options: readonly EditableOption[], currency: string): FormValues {
  const values: Record<string, string> = {};
  const money = (minor: number | null) => (minor === null ? "" : amountText(minor, currency));
  options
    .filter((option) => option.archivedAt === null)
    .forEach((option, i) => {
      const row = `variants.${i}.`;
      values[`${row}id`] = String(option.id);
      values[`${row}size`] = option.size;
      values[`${row}colour`] = option.colour;
      values[`${row}colourHex`] = option.colourHex;
      values[`${row}sku`] = option.sku;
      values[`${row}barcode`] = option.barcode ?? "";
      values[`${row}price`] = money(option.price);
      values[`${row}compareAtPrice`] = money(option.compareAtPrice);
      values[`${row}memberPrice`] = money(option.memberPrice);
      values[`${row}lowStockThreshold`] = option.lowStockThreshold === null ? "" : String(option.lowStockThreshold);
    });
  return values;
}

/** Whether a value among the submitted checkboxes of an attribute (product.attributes.<key>.<n>) is `value`. */
export function ticked(values: FormValues, key: string, value: string): boolean {
  const prefix = `product.attributes.${key}.`;
  return Object.entries(values).some(([name, chosen]) => name.startsWith(prefix) && chosen === value);
}
