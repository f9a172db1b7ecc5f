import type { Db } from "../../db/client.ts";
import { brandList } from "./brand-list.ts";
import { categoryMenu } from "./category-menu.ts";
import { featuredProducts } from "./product-cards.ts";

export type { MenuCategory } from "./category-menu.ts";
export type { ProductCard } from "./product-cards.ts";
export type { BrandSummary } from "./brand-list.ts";

/** The catalogue as the storefront reads it. */
export function createCatalog(db: Db) {
  return {
    categoryMenu: () => categoryMenu(db),
    featuredProducts: (limit?: number) => featuredProducts(db, limit),
    brands: () => brandList(db),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
