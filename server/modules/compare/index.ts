export * from "./compare-list.ts";
export * from "./comparison.ts";
export * from "./cookies.ts";
export * from "./input.ts";
export * from "./lookups.ts";
export * from "./notices.ts";
export { createCompare, type Compare, type ComparePage, type CompareChange } from "./service.ts";
