import type { BrandDetails, CategoryNode } from "../../server/modules/catalog/index.ts";
import type { ListingScope } from "../../server/modules/catalog/shared.ts";
import type { Crumb } from "~/components/breadcrumbs";

/** What a listing page is called and where it sits, from its scope. */
export interface ListingPlace {
  title: string;
  description: string;
  path: string;
  trail: Crumb[];
  /** The category of the page, if any: its sub-categories and brand pages link from it. */
  category?: { slug: string; name: string };
  /** The brand of a brand page (/brands/{slug}), with its logo. */
  brand?: { name: string; logoPath: string | null };
}

/** The scope from the address: /shop, /shop/{c}, .../sale, /brand/{b}, /sub/{s}, /sub/{s}/sale, /sub/sale, /brands/{b}. */
export function scopeFromPath(params: { category?: string; sub?: string; brand?: string }, pathname: string): ListingScope {
  return {
    category: params.category,
    sub: params.sub,
    brand: params.brand,
    saleOnly: isSalePath(pathname),
  };
}

/**
 * The sale addresses are /shop/{c}/sale, /shop/{c}/sub/sale and /shop/{c}/sub/{s}/sale: "sale" is
 * their last segment, and it is not a slug (of a category, a brand or a brand page).
 */
function isSalePath(pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  return segments[0] === "shop" && segments.length >= 3 && segments[2] !== "brand" && segments[segments.length - 1] === "sale";
}

/** Names the place; null when the category, sub-category or brand does not exist. */
export function describePlace(scope: ListingScope, categories: CategoryNode[], brands: BrandDetails[]): ListingPlace | null {
  const trail: Crumb[] = [{ label: "Home", to: "/" }];
  if (!scope.category && scope.brand) {
    const brand = brands.find((b) => b.slug === scope.brand);
    if (!brand) return null;
    trail.push({ label: brand.name });
    return {
      title: brand.name,
      description: brand.story,
      path: `/brands/${brand.slug}`,
      trail,
      brand: { name: brand.name, logoPath: brand.logoPath },
    };
  }
  if (!scope.category) {
    trail.push({ label: "Shop" });
    return {
      title: "Shop",
      description: "Every product in the shop, by category, brand, size and colour.",
      path: "/shop",
      trail,
    };
  }
  const category = categories.find((c) => c.slug === scope.category);
  if (!category) return null;
  trail.push({ label: "Shop", to: "/shop" });
  let path = `/shop/${category.slug}`;
  let title = category.name;
  let description = category.description;
  const sub = scope.sub ? category.subCategories.find((s) => s.slug === scope.sub) : undefined;
  if (scope.sub && !sub) return null;
  const brand = scope.brand ? brands.find((b) => b.slug === scope.brand) : undefined;
  if (scope.brand && !brand) return null;
  const lastCrumbs: Crumb[] = [];
  if (sub) {
    trail.push({ label: category.name, to: path });
    path += `/sub/${sub.slug}`;
    title = sub.name;
    description = sub.description;
    lastCrumbs.push({ label: sub.name, to: path });
  } else if (brand) {
    trail.push({ label: category.name, to: path });
    path += `/brand/${brand.slug}`;
    title = `${brand.name} ${category.name.toLowerCase()}`;
    description = `${category.name} by ${brand.name}.`;
    lastCrumbs.push({ label: brand.name, to: path });
  } else {
    lastCrumbs.push({ label: category.name, to: path });
  }
  if (scope.saleOnly) {
    path += "/sale";
    title = `${title} on sale`;
    description = `Reduced: ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
    lastCrumbs.push({ label: "Sale" });
  }
  // The page itself is the last crumb and has no link.
  const last = lastCrumbs[lastCrumbs.length - 1]!;
  lastCrumbs[lastCrumbs.length - 1] = { label: last.label };
  return { title, description, path, trail: [...trail, ...lastCrumbs], category: { slug: category.slug, name: category.name } };
}
