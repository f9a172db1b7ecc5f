import { COMPARE_TOGGLES_FORM, useCompareList, usePendingCompareIntent } from "./compare-form";

/** Whether the product shows as on the visitor's compare list: while a change is on its way, where it is going. */
export function useInCompareList(productId: number): boolean {
  const list = useCompareList();
  const pending = usePendingCompareIntent(productId);
  return pending === "add" ? true : pending === "remove" ? false : list.includes(productId);
}

/**
 * Puts a product on the visitor's compare list or takes it off: a pressed/unpressed button
 * (aria-pressed) that submits the page's one compare form (CompareTogglesForm, in the layout) as
 * add=<id> or remove=<id>, so it works without JavaScript. Product cards repeat it, so it is one
 * element, styled by .compare-toggle in app.css.
 */
export function CompareToggle({ productId, productName }: { productId: number; productName: string }) {
  return <CompareToggleButton productId={productId} productName={productName} inList={useInCompareList(productId)} />;
}

/** The toggle as it shows for `inList`: for a part that reads the list once for itself (a product card). */
export function CompareToggleButton({
  productId,
  productName,
  inList,
  compact = false,
}: {
  productId: number;
  productName: string;
  inList: boolean;
  /**
   * A product card's: a small round control over the picture's corner (pages.css, .card-compare),
   * a 44 px target that leaves the card's foot to the quick add.
   */
  compact?: boolean;
}) {
  return (
    <button
      type="submit"
      form={COMPARE_TOGGLES_FORM}
      name={inList ? "remove" : "add"}
      value={productId}
      className={compact ? "card-compare" : "compare-toggle min-h-11"}
      aria-pressed={inList}
      aria-label={`Compare ${productName}`}
      title={compact ? (inList ? "On your compare list" : "Compare") : undefined}
    >
      {compact ? <span aria-hidden="true" /> : "Compare"}
    </button>
  );
}
