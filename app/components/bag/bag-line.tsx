import type { CartLineView } from "../../../server/modules/cart/shared.ts";
import { quantityCap } from "../../../server/modules/cart/shared.ts";
import { Price } from "~/components/price";
import { Link } from "~/components/ui/link";
import { productImageSources } from "~/lib/media";
import { formatMoney } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { BagForm } from "./bag-form";

/** One line of the bag: its option can be changed, its quantity stepped, and it can be removed. */
export function BagLine({ line, currency }: { line: CartLineView; currency: string }) {
  const hydrated = useHydrated();
  const href = `/shop/${line.categorySlug}/${line.slug}`;
  // No max on the quantity field: past the stock, the bag answers in words how many are left.
  const most = Math.max(1, quantityCap(line.stock));
  return (
    <li className="bag-line" data-testid="bag-line">
      <div className="bag-line-media">
        {line.image && (
          <img
            {...productImageSources(line.image.path, 160, [96, 160, 240, 320])}
            sizes="6rem"
            alt={line.image.alt}
            width={96}
            height={96}
            loading="lazy"
          />
        )}
      </div>
      <div className="bag-line-body">
        <p className="product-card-brand">{line.brand}</p>
        <h2 className="bag-line-name">{line.available ? <Link to={href}>{line.name}</Link> : line.name}</h2>
        {/* The unit price; the line's total beside it only when it differs (more than one). */}
        <div className="bag-line-price">
          {/* A member's price (ADR 41) beside the struck list price, as a sale's beside its price before. */}
          <Price
            price={line.unitPrice}
            compareAtPrice={line.unitPrice < line.listPrice ? (line.compareAtPrice ?? line.listPrice) : line.compareAtPrice}
            currency={currency}
          />
          {line.quantity > 1 && <span className="text-sm text-grey-600">each</span>}
          {line.unitPrice < line.listPrice && (
            <span className="text-xs" data-member-price="">
              Member price
            </span>
          )}
        </div>
        {line.problem && (
          <p className="bag-line-problem" role="alert">
            {line.problem}
          </p>
        )}

        {line.available && line.options.length > 1 ? (
          <BagForm className="bag-line-option" quiet>
            {(busy) => (
              <>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="lineId" value={line.id} />
                <label>
                  <span className="bag-label">
                    Option<span className="sr-only"> of {line.name}</span>
                  </span>
                  {/* With JavaScript a choice changes the line at once; without, its button sends it. */}
                  <select
                    name="variantId"
                    defaultValue={line.variantId}
                    onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
                  >
                    {line.options.map((option) => (
                      <option
                        key={option.variantId}
                        value={option.variantId}
                        disabled={option.stock === 0 && option.variantId !== line.variantId}
                      >
                        {option.size} · {option.colour}
                        {option.stock === 0 ? " (sold out)" : ""}
                      </option>
                    ))}
                  </select>
                </label>
                {/* Kept for keyboard users once the page runs (shown on focus), like the quantity's Update. */}
                <button
                  type="submit"
                  className={hydrated ? "sr-only focus:not-sr-only bag-small-button" : "bag-small-button"}
                  aria-disabled={busy}
                >
                  Change<span className="sr-only"> option of {line.name}</span>
                </button>
              </>
            )}
          </BagForm>
        ) : (
          <p className="bag-line-meta">
            {line.size} · {line.colour}
          </p>
        )}

        <div className="bag-line-actions">
          {line.available && (
            <BagForm className="qty-stepper" quiet>
              {(busy) => (
                <>
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="lineId" value={line.id} />
                  {/* First in the form, so Enter in the quantity field submits the typed number. */}
                  <button type="submit" className={hydrated ? "sr-only focus:not-sr-only qty-update" : "qty-update"}>
                    Update<span className="sr-only"> quantity of {line.name}</span>
                  </button>
                  <div className="qty-pill">
                    <button
                      type="submit"
                      name="delta"
                      value="-1"
                      className="qty-step rounded-l-full"
                      aria-label={`One fewer ${line.name}`}
                      aria-disabled={line.quantity <= 1}
                      onClick={line.quantity <= 1 ? (event) => event.preventDefault() : undefined}
                    >
                      −
                    </button>
                    <label className="qty-number">
                      <span className="sr-only">Quantity of {line.name}</span>
                      <input
                        key={line.quantity}
                        type="number"
                        name="quantity"
                        inputMode="numeric"
                        min={1}
                        defaultValue={line.quantity}
                        readOnly={busy}
                      />
                    </label>
                    <button
                      type="submit"
                      name="delta"
                      value="1"
                      className="qty-step rounded-r-full"
                      aria-label={`One more ${line.name}`}
                      aria-disabled={line.quantity >= most}
                      onClick={line.quantity >= most ? (event) => event.preventDefault() : undefined}
                    >
                      +
                    </button>
                  </div>
                </>
              )}
            </BagForm>
          )}
          <BagForm>
            {(busy) => (
              <>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="lineId" value={line.id} />
                <button type="submit" className="bag-remove min-h-11 px-1" aria-disabled={busy}>
                  Remove<span className="sr-only"> {line.name}</span>
                </button>
              </>
            )}
          </BagForm>
        </div>
      </div>
      {line.available && line.quantity > 1 && (
        <p className="bag-line-total" data-testid="line-total">
          <span className="sr-only">Total for {line.name}: </span>
          {formatMoney(line.lineTotal, currency)}
        </p>
      )}
    </li>
  );
}
