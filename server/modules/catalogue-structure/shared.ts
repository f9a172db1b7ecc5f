// What the back office's catalogue pages may share of this module (ADR 53): plain values, types
// and pure functions, no server code (what a page takes from here may ship to the browser).

/** The kinds of filter attribute: one value picked per product, or several offered as checkboxes. */
export const ATTRIBUTE_KIND_LABELS = { choice: "One value", multiple: "Several values" } as const;
export type AttributeKind = keyof typeof ATTRIBUTE_KIND_LABELS;

/** A slug's rule, said where a form asks for one. */
export const SLUG_HINT = "Lower-case letters, digits and hyphens; left empty, it is made from the name.";

/** The listing path of a category, as the shop serves it (app/routes.ts: shop/:category). */
export const categoryPath = (slug: string) => `/shop/${slug}`;

/** The listing path of a sub-category (shop/:category/sub/:sub). */
export const subCategoryPath = (categorySlug: string, subSlug: string) => `/shop/${categorySlug}/sub/${subSlug}`;

/** A brand's page (brands/:brand). */
export const brandPath = (slug: string) => `/brands/${slug}`;

/** "3 products", "1 product". */
export const productCount = (count: number) => `${count} product${count === 1 ? "" : "s"}`;
