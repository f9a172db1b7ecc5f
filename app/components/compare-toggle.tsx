import { CompareForm, useCompareList, usePendingCompareIntent } from "./compare-form";

/**
 * Puts a product on the visitor's compare list or takes it off: a pressed/unpressed button
 * (aria-pressed) in a small form, so it works without JavaScript. Product cards repeat it, so it
 * stays one form with one button, styled by .compare-toggle in app.css.
 */
export function CompareToggle({ productId, productName }: { productId: number; productName: string }) {
  const list = useCompareList();
  const pending = usePendingCompareIntent(productId);
  // While the change is on its way, show where it is going.
  const inList = pending === "add" ? true : pending === "remove" ? false : list.includes(productId);
  return (
    <CompareForm fields={{ productId: String(productId) }} className="compare-toggle">
      <button
        type="submit"
        name="intent"
        value={inList ? "remove" : "add"}
        aria-pressed={inList}
        aria-label={`Compare ${productName}`}
      >
        Compare
      </button>
    </CompareForm>
  );
}
