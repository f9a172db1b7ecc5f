import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import { archiveProduct, restoreProduct } from "./archive.ts";
import { createProduct } from "./create.ts";
import { duplicateProduct } from "./duplicate.ts";
import { editorChoices, productForEditing } from "./read.ts";
import { removeOption } from "./remove-option.ts";
import { restoreOption } from "./restore-option.ts";
import { updateProduct } from "./update.ts";
import type { EditorDeps } from "./version.ts";

export type { EditableOption, EditableProduct, EditorChoices } from "./read.ts";
export type { MatrixInput, OptionRowInput, ProductFieldsInput } from "./schemas.ts";
export { editorSchemas, productFieldsInput, removeOptionInput, versionInput } from "./schemas.ts";
export type { EditorDeps } from "./version.ts";
export {
  accessColumns,
  archivedColumns,
  ARCHIVED_STAYS_OFF,
  DRAFT,
  largestPrice,
  optionPriceProblems,
  publishedNow,
  type OptionPrices,
  type PriceField,
  type PublishColumns,
} from "./rules.ts";
export { nextVersion, productVersionOf, versionColumn } from "./version.ts";
export { BARCODE_INDEX, barcodeOwners, barcodeRace, barcodeTakenMessage, gtinKey, type BarcodeOwner } from "./barcodes.ts";
export * from "./shared.ts";

/** The longest description the preview renders (the description's own limit). */
const MAX_PREVIEW = 20_000;

/**
 * The back office's product editor (issue 25 §1, ADR 63): read a product to edit, create, change
 * (fields, options, a matrix of new options), duplicate, archive and restore it, remove an option.
 * Every change takes a staff scope (audited in its own transaction), refuses a stale version
 * (STALE_VERSION, 409) and drops the catalogue's caches once committed. Inputs are raw (a form's
 * fields made into objects, or the catalogue import's rows) and parsed here.
 */
export function createProductEditor(deps: EditorDeps) {
  return {
    /** What the editor's selects and checkboxes offer: brands, categories with subs, filter attributes. */
    choices: (scope: Scope) => editorChoices(scope),
    /** The product with its options and version; PRODUCT_NOT_FOUND. */
    product: (scope: Scope, id: unknown, now?: Date) => productForEditing(scope, id, now),
    /** `raw`: { product: fields, variants?: option rows, options?: { sizes, colours, price, skuPrefix? } }. */
    create: (scope: StaffScope, raw: unknown, now?: Date) => createProduct(scope, deps, raw, now),
    /** `raw`: { version, product?: fields, variants?: option rows, options?: matrix }. */
    update: (scope: StaffScope, id: unknown, raw: unknown, now?: Date) => updateProduct(scope, deps, id, raw, now),
    duplicate: (scope: StaffScope, id: unknown) => duplicateProduct(scope, deps, id),
    /** `raw`: { version }. */
    archive: (scope: StaffScope, id: unknown, raw: unknown, now?: Date) => archiveProduct(scope, deps, id, raw, now),
    /** Back as a draft. `raw`: { version }. */
    restore: (scope: StaffScope, id: unknown, raw: unknown) => restoreProduct(scope, deps, id, raw),
    /** `raw`: { version, variantId }: deleted, or archived when an order line names it. */
    removeOption: (scope: StaffScope, id: unknown, raw: unknown, now?: Date) => removeOption(scope, deps, id, raw, now),
    /** `raw`: { version, variantId }: an archived option back on sale, as it was. */
    restoreOption: (scope: StaffScope, id: unknown, raw: unknown) => restoreOption(scope, deps, id, raw),
    /** The description as the shop renders it (the site's Markdown renderer and sanitiser): HTML safe to insert. */
    preview: (markdown: string) => deps.renderMarkdown(markdown.slice(0, MAX_PREVIEW)),
    /** The shop's currency, for the form's amounts. */
    currency: deps.currency,
  };
}

export type ProductEditor = ReturnType<typeof createProductEditor>;
