/** Where a product information block shows: every product, one category's, one product's. No imports: pages read it. */
export const INFORMATION_TARGETS = ["all", "category", "product"] as const;
export type InformationTargetChoice = (typeof INFORMATION_TARGETS)[number];
