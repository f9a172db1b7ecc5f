import { wholeUnits } from "../../server/modules/catalog/shared.ts";
import type { ListingFilters } from "../../server/modules/catalog/shared.ts";

/** How many filter values the visitor chose (the "Filters (n)" toggle, "Clear all"). */
export function countActiveFilters(filters: ListingFilters): number {
  return (
    (filters.priceMin !== undefined ? 1 : 0) +
    (filters.priceMax !== undefined ? 1 : 0) +
    filters.sizes.length +
    filters.colours.length +
    filters.brands.length +
    filters.subCategories.length +
    Object.values(filters.attributes).reduce((n, values) => n + values.length, 0) +
    (filters.inStock ? 1 : 0)
  );
}

/** What the filter form shows of the visitor's filters: prices in whole units, and stock. */
export function filterFormValues(filters: ListingFilters): { priceMin?: string; priceMax?: string; inStock: boolean } {
  return {
    priceMin: filters.priceMin === undefined ? undefined : wholeUnits(filters.priceMin),
    priceMax: filters.priceMax === undefined ? undefined : wholeUnits(filters.priceMax),
    inStock: filters.inStock,
  };
}
