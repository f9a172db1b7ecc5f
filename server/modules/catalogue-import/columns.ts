import { PRODUCTS_CSV_COLUMNS } from "../back-office/index.ts";

/*
 * The import reads the export's columns (ADR 70): a file exported, edited in a spreadsheet and
 * imported again changes what was edited. Handle and SKU find the records; a column left out
 * leaves that field as it is; Image addresses are not read (images are added on the product's
 * page, where they are checked and re-encoded).
 */

export const IMPORT_COLUMNS = PRODUCTS_CSV_COLUMNS.filter((column) => column !== "Image addresses");
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly ImportColumn[] = ["Handle", "SKU"];

/** The product's own columns (the same on each of its lines); the rest are its option's. */
export const PRODUCT_COLUMNS: readonly ImportColumn[] = [
  "Title",
  "Brand",
  "Category",
  "Sub-category",
  "Status",
  "Publish at (UTC)",
  "Members only",
];
