import { useMemo, useState, type ReactNode } from "react";
import type { ProductVariantDetail } from "../../../server/modules/catalog/shared.ts";
import { DEFAULT_OPTION_NAMES, type OptionNames } from "../../../server/lib/shared.ts";
import { useHydrated } from "~/lib/use-hydrated";
import { MemberAwarePrice } from "../price";
import { usePriceRule } from "~/lib/price-rule";
import type { BackInStockResult } from "~/lib/back-in-stock";
import type { DeliveryEstimate as DeliveryEstimateFacts } from "~/lib/delivery-words";
import { AddToBagForm } from "./add-to-bag-form";
import { DeliveryEstimate } from "./delivery-estimate";
import { BackInStockForm } from "./back-in-stock-form";
import { OptionPicker } from "./option-picker";
import { StockMessage } from "./stock-message";
import { useToldStock } from "./use-live-stock";
import { stockAfter, withColour, withSize, type Variant } from "./variant-choice";

/**
 * Price, option select, stock message and the add-to-bag form of one product, its stock kept
 * live while the page is open, and the back-in-stock form for sold-out options. The chosen variant
 * is state here: it sets the price and the stock message, and goes into the address
 * (`?variant=`) so the choice can be shared or bookmarked.
 */
export function ProductPurchase({
  productId,
  variants: loaded,
  initialVariantId,
  currency,
  optionNames = DEFAULT_OPTION_NAMES,
  customerEmail = null,
  backInStock,
  productName = "",
  delivery = null,
  onChoose,
  children,
}: {
  productId: number;
  /** For the phone's add-to-bag bar. */
  productName?: string;
  /** How long delivery takes, shown by the button (ADR 81). */
  delivery?: DeliveryEstimateFacts | null;
  variants: ProductVariantDetail[];
  initialVariantId: number;
  currency: string;
  /** What the product calls its sizes and colours (ADR 74). */
  optionNames?: OptionNames;
  /** A logged-in customer's address: their back-in-stock requests are for it. */
  customerEmail?: string | null;
  /** The page action's answer to the back-in-stock form sent without JavaScript. */
  backInStock?: BackInStockResult;
  /** Told of each new choice (the gallery follows its colour). */
  onChoose?: (variant: Variant) => void;
  /** Shown beside the add-to-bag button (the compare toggle). */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const rule = usePriceRule();
  // The stock as it changes while the page is open ("Only 2 left", sold out, back in stock), and
  // as the back-in-stock form's answer tells it: an option refused because it is in stock now
  // shows so, with or without JavaScript, instead of the loaded (up to 10 s old) "Sold out".
  const answered = useMemo(() => withStockTold(loaded, backInStock), [loaded, backInStock]);
  const [variants, tellStock] = useToldStock(productId, answered);
  const [chosenId, setChosenId] = useState(initialVariantId);
  const chosen = variants.find((v) => v.id === chosenId) ?? variants[0]!;

  const choose = (variant: Variant) => {
    setChosenId(variant.id);
    onChoose?.(variant);
    // Not a navigation: nothing needs loading again, and the history gets no new entry.
    const url = new URL(window.location.href);
    url.searchParams.set("variant", String(variant.id));
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  };

  return (
    <div className="product-purchase">
      <div className="product-price">
        <MemberAwarePrice option={chosen} rule={rule} currency={currency} />
      </div>
      {hydrated && (
        <OptionPicker
          variants={variants}
          chosen={chosen}
          names={optionNames}
          onColour={(colour) => choose(withColour(variants, chosen, colour))}
          onSize={(size) => choose(withSize(variants, chosen, size))}
        />
      )}
      <StockMessage stock={chosen.stock} />
      <div className="product-actions">
        <AddToBagForm variants={variants} chosen={chosen} currency={currency} names={optionNames} productName={productName} />
        <DeliveryEstimate estimate={delivery} currency={currency} />
        {children}
      </div>
      {/* Keyed by option: another choice starts with a fresh form and no earlier answer. */}
      <BackInStockForm
        key={chosen.id}
        variants={variants}
        chosen={chosen}
        customerEmail={customerEmail}
        answer={backInStock}
        onStockTold={tellStock}
      />
    </div>
  );
}

/** The variants with the stock a back-in-stock answer told of (an option in stock now). */
function withStockTold(variants: ProductVariantDetail[], answer: BackInStockResult | undefined): ProductVariantDetail[] {
  if (!answer || answer.ok || !answer.stock || answer.variantId === undefined) return variants;
  const { variantId, stock } = answer;
  return variants.map((v) => (v.id === variantId ? { ...v, stock: stockAfter(v.stock, stock) } : v));
}
