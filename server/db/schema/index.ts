export * from "./categories.ts";
export * from "./brands.ts";
export * from "./products.ts";
export * from "./variants.ts";
export * from "./product-images.ts";
export * from "./site-settings.ts";
export * from "./feature-flags.ts";
