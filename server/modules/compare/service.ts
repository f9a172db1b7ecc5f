import { shopErrorCode } from "../../lib/shop-error.ts";
import { sameProducts, type CompareList } from "./compare-list.ts";
import { buildComparison, differingRows, type Comparison } from "./comparison.ts";
import { parseCompareAction, parseSharedProducts, sharePath, type CompareAction } from "./input.ts";
import type { CompareNotice } from "./notices.ts";
import { addToCompare, comparedProducts, keepAsList, removeFromCompare, type ProductLookup } from "./lookups.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/index.ts";

/** Finds a product the shop shows to `viewer` (the catalogue's productDetail). */
export type ViewerLookup = (slugOrId: string, viewer: Pick<Viewer, "earlyAccess">) => ReturnType<ProductLookup>;

/** What the compare page shows: the visitor's own list, or a comparison shared by its address. */
export interface ComparePage {
  view: "own" | "shared";
  comparison: Comparison;
  /** Rows before "differences only" left the equal ones out. */
  rowCount: number;
  differencesOnly: boolean;
  /** How many products the list or link named, to say when some are gone. */
  requested: number;
  ownCount: number;
  /** A shared address that names exactly the visitor's own list. */
  isOwnList: boolean;
  /** The address that shares this comparison; null when there is nothing to compare. */
  sharePath: string | null;
  /** The ids of the products shown, in order. */
  productIds: number[];
  /** The visitor's list without the products the shop no longer shows, when that differs from the list: to store. */
  keptList: CompareList | null;
}

/** What a compare form did: the list to keep and what the shopper is told. */
export interface CompareChange {
  /** The form, read; null when it was not a compare form. */
  input: CompareAction | null;
  list: CompareList;
  changed: boolean;
  notice: CompareNotice;
  /** 200, or the HTTP status of a refusal (400 not a form, 404 an unknown product, 409 a full list). */
  status: number;
}

/**
 * Comparing products (issue 3; ADR 18): the compare page's one call to show a comparison, and
 * its one call to apply a compare form. The list itself is the visitor's cookie; products come
 * from the catalogue through `lookup`, so the rules run without a database in tests.
 */
export function createCompare(lookupFor: ViewerLookup) {
  // Members-only products are compared only by those who may see them (ADR 41).
  const as =
    (viewer: Pick<Viewer, "earlyAccess">): ProductLookup =>
    (slugOrId) =>
      lookupFor(slugOrId, viewer);
  return {
    async show(
      own: CompareList,
      address: { products?: string | null; diff?: string | null },
      viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR,
    ): Promise<ComparePage> {
      const lookup = as(viewer);
      const shared = parseSharedProducts(address.products ?? null);
      const differencesOnly = address.diff === "1";
      const products = await comparedProducts(lookup, shared ?? own);
      const ids = products.map((p) => p.id);
      const comparison = buildComparison(products);
      return {
        view: shared === null ? "own" : "shared",
        comparison: { products: comparison.products, rows: differencesOnly ? differingRows(comparison) : comparison.rows },
        rowCount: comparison.rows.length,
        differencesOnly,
        requested: (shared ?? own).length,
        ownCount: own.length,
        isOwnList: own.length > 0 && sameProducts(ids, own),
        sharePath:
          products.length > 0
            ? sharePath(
                products.map((p) => p.slug),
                differencesOnly,
              )
            : null,
        productIds: ids,
        // Products the shop no longer shows leave the visitor's list quietly.
        keptList: shared === null && ids.length < own.length ? ids : null,
      };
    },

    async change(list: CompareList, form: FormData, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR): Promise<CompareChange> {
      const input = parseCompareAction(form);
      if (!input) return { input, list, changed: false, notice: { kind: "invalid" }, status: 400 };
      try {
        const applied = await apply(as(viewer), input, list);
        return { input, ...applied, changed: applied.list !== list, status: 200 };
      } catch (error) {
        const code = shopErrorCode(error);
        if (code === "COMPARE_FULL") return { input, list, changed: false, notice: { kind: "full" }, status: 409 };
        if (code === "PRODUCT_NOT_FOUND") return { input, list, changed: false, notice: { kind: "unavailable" }, status: 404 };
        throw error;
      }
    },
  };

  async function apply(
    lookup: ProductLookup,
    input: CompareAction,
    list: CompareList,
  ): Promise<{ list: CompareList; notice: CompareNotice }> {
    switch (input.intent) {
      case "add": {
        const added = await addToCompare(lookup, list, input.productId);
        return { list: added.list, notice: { kind: "added", product: added.product.name } };
      }
      case "remove": {
        const removed = await removeFromCompare(lookup, list, input.productId);
        return { list: removed.list, notice: { kind: "removed", product: removed.product?.name } };
      }
      case "clear":
        return { list: [], notice: { kind: "cleared" } };
      case "keep":
        return { list: await keepAsList(lookup, input.products), notice: { kind: "kept" } };
    }
  }
}

export type Compare = ReturnType<typeof createCompare>;
