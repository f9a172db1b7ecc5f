import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { BAG_PATH, type BagActionResult } from "~/lib/bag";
import { formatMoney } from "~/lib/money";
import { usePriceRule } from "~/lib/price-rule";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { StickyAddBar } from "./sticky-add-bar";
import { quantityLimit, variantLabel, type Variant } from "./variant-choice";
import { unitPriceFor } from "../../../server/modules/membership/shared.ts";
import { DEFAULT_OPTION_NAMES, type OptionNames } from "../../../server/lib/shared.ts";

/**
 * The add-to-bag form: `intent=add`, `variantId` and `quantity`, posted to the bag. Without
 * JavaScript it is a plain form with a select of every variant ("8 · Black", sold-out ones
 * disabled), and the bag's action redirects to the bag. With JavaScript the option picker
 * chooses the variant (a hidden field carries it), the form goes through a fetcher with `js=1`,
 * the answer is a toast and the shopper stays on the page; the header's bag count follows by
 * itself, as the root loader runs again after the post.
 */
export function AddToBagForm({
  variants,
  chosen,
  currency,
  names = DEFAULT_OPTION_NAMES,
  productName,
}: {
  variants: readonly Variant[];
  chosen: Variant;
  currency: string;
  /** Named in the bar that follows a phone's scrolling (StickyAddBar). */
  productName: string;
  /** What the product calls its sizes and colours (ADR 74). */
  names?: OptionNames;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BagActionResult>();
  const button = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const anyInStock = variants.some((v) => v.stock > 0);
  // Without JavaScript the select may change the variant, so the field allows the most any variant has.
  const limit = hydrated ? quantityLimit(chosen.stock) : quantityLimit(Math.max(...variants.map((v) => v.stock)));
  const soldOut = hydrated ? chosen.stock <= 0 : !anyInStock;
  // What this visitor pays for each option (a member their member price, ADR 41).
  const rule = usePriceRule();
  const pay = (variant: Variant) => unitPriceFor(rule, variant);
  const pricesDiffer = variants.some((v) => pay(v) !== pay(variants[0]!));

  const label = busy ? "Adding…" : soldOut ? "Sold out" : "Add to bag";

  // Each answer is shown once, when it arrives.
  const shown = useRef<BagActionResult | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || shown.current === answer) return;
    shown.current = answer;
    toast(answer.message, answer.ok ? "success" : "error");
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form method="post" action={BAG_PATH} className="add-to-bag">
      <input type="hidden" name="intent" value="add" />
      {hydrated && <input type="hidden" name="js" value="1" />}
      {hydrated ? (
        <input type="hidden" name="variantId" value={chosen.id} />
      ) : (
        <label className="add-to-bag-field">
          {`${names.size} and ${names.colour.toLowerCase()}`}
          {/* A sold-out option cannot be sent: the select starts on one that can. */}
          <select
            name="variantId"
            defaultValue={(chosen.stock > 0 ? chosen : (variants.find((v) => v.stock > 0) ?? chosen)).id}
            className="add-to-bag-select"
          >
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id} disabled={variant.stock <= 0}>
                {variantLabel(variant, pricesDiffer ? formatMoney(pay(variant), currency) : undefined)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="add-to-bag-row">
        <QuantityField limit={limit} disabled={soldOut} stepper={hydrated} />
        {/* Sold out: dark text on a light grey (6.4:1), not white on grey (ADR 81). */}
        <button
          ref={button}
          type="submit"
          className="add-to-bag-button min-h-12 disabled:bg-grey-200 disabled:text-grey-800"
          disabled={soldOut || busy}
          aria-busy={busy || undefined}
        >
          {label}
        </button>
      </div>
      {hydrated && (
        <StickyAddBar
          watch={button}
          name={productName}
          price={formatMoney(pay(chosen), currency)}
          label={label}
          disabled={soldOut}
          busy={busy}
        />
      )}
    </fetcher.Form>
  );
}

/**
 * A number field from 1 to `limit`; with JavaScript, − and + buttons beside it. The browser
 * refuses to submit a number out of range, and the bag checks stock again.
 */
function QuantityField({ limit, disabled, stepper }: { limit: number; disabled: boolean; stepper: boolean }) {
  const [value, setValue] = useState("1");
  const max = Math.max(limit, 1);
  // Another variant may have fewer in stock: the quantity comes down to what it allows.
  const [allowed, setAllowed] = useState(max);
  if (allowed !== max) {
    setAllowed(max);
    if (Number(value) > max) setValue(String(max));
  }
  const number = Number(value);
  const step = (by: number) => setValue(String(Math.min(Math.max((Number.isFinite(number) ? number : 1) + by, 1), max)));
  return (
    <div className="quantity">
      <label htmlFor="quantity">Quantity</label>
      <div className="quantity-field">
        {stepper && (
          <button type="button" aria-label="One fewer" disabled={disabled || number <= 1} onClick={() => step(-1)}>
            −
          </button>
        )}
        <input
          id="quantity"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          required
          value={value}
          disabled={disabled}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        {stepper && (
          <button type="button" aria-label="One more" disabled={disabled || number >= max} onClick={() => step(1)}>
            +
          </button>
        )}
      </div>
    </div>
  );
}
