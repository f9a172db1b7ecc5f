import { useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";
import type { FacetOption, ListingFacets } from "../../../server/modules/catalog/listing/types.ts";
import { useHydrated } from "~/lib/use-hydrated";
import { Link } from "../ui/link";

export interface FiltersProps {
  formId: string;
  /** The listing's path: the form submits to it with GET, so the filters live in the URL. */
  action: string;
  facets: ListingFacets;
  /** The price bounds the visitor chose, in whole currency units (as in the URL). */
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  currencySymbol: string;
  activeCount: number;
}

/**
 * The listing's filters: one GET form. Without JavaScript it submits with its Apply button; with
 * JavaScript every committed change (a box ticked, a price entered, the slider let go) applies at
 * once, keeping the scroll position. On small screens it is a drawer opened by "Filters".
 * Its inputs are uncontrolled: render it with a key of the URL's query, so back and forward
 * (which change the URL, not the inputs) show the filters of the page they land on.
 */
export function Filters({ formId, action, facets, priceMin, priceMax, inStock, currencySymbol, activeCount }: FiltersProps) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();

  useEffect(() => {
    const el = form.current;
    if (!el) return;
    // The native change event fires once a value is committed, not on every keystroke.
    const apply = () => void submit(el, { preventScrollReset: true });
    el.addEventListener("change", apply);
    return () => el.removeEventListener("change", apply);
  }, [submit]);

  return (
    <>
      <input id={`${formId}-open`} type="checkbox" className="peer sr-only lg:hidden" aria-label="Show filters" />
      <label htmlFor={`${formId}-open`} className="filters-toggle">
        Filters{activeCount > 0 && ` (${activeCount})`}
      </label>
      <form ref={form} id={formId} method="get" action={action} className="filters" aria-label="Filters">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Filters</h2>
          {activeCount > 0 && (
            <Link to={action} className="text-sm text-mint-700 underline">
              Clear all
            </Link>
          )}
        </div>

        {facets.price && (
          <PriceRange
            bounds={{ min: Math.floor(facets.price.min / 100), max: Math.ceil(facets.price.max / 100) }}
            priceMin={priceMin}
            priceMax={priceMax}
            symbol={currencySymbol}
            slider={hydrated}
          />
        )}
        <OptionGroup title="Size" name="size" options={facets.sizes} variant="chips" />
        <OptionGroup title="Colour" name="colour" options={facets.colours} variant="swatches" />
        <OptionGroup title="Category" name="sub" options={facets.subCategories} />
        <OptionGroup title="Brand" name="brand" options={facets.brands} />
        {facets.attributes.map((group) => (
          <OptionGroup key={group.name} title={capitalise(group.name)} name={`attr.${group.name}`} options={group.options} />
        ))}
        <fieldset className="filter-group">
          <legend>Availability</legend>
          <label className="filter-check" data-disabled={facets.inStock === 0 && !inStock ? "" : undefined}>
            <input
              type="checkbox"
              name="in_stock"
              value="1"
              defaultChecked={inStock}
              disabled={facets.inStock === 0 && !inStock}
            />
            In stock only <span className="filter-count">({facets.inStock})</span>
          </label>
        </fieldset>

        <button type="submit" className="filters-apply">
          Apply filters
        </button>
      </form>
    </>
  );
}

function OptionGroup({
  title,
  name,
  options,
  variant = "list",
}: {
  title: string;
  name: string;
  options: (FacetOption & { hex?: string })[];
  variant?: "list" | "chips" | "swatches";
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filter-group" data-variant={variant}>
      <legend>{title}</legend>
      <div>
        {options.map((option) => {
          const disabled = option.count === 0 && !option.selected;
          return (
            <label
              key={option.value}
              className="filter-check"
              data-disabled={disabled ? "" : undefined}
              title={`${option.label} (${option.count})`}
            >
              <input type="checkbox" name={name} value={option.value} defaultChecked={option.selected} disabled={disabled} />
              {variant === "swatches" && (
                <span className="filter-swatch" style={{ backgroundColor: option.hex }} aria-hidden="true" />
              )}
              <span>{option.label}</span> <span className="filter-count">({option.count})</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Two number inputs carry the price bounds in the form. The slider (JavaScript only, so it has
 * no names of its own) moves them; letting go of it commits the change like typing a price does.
 */
function PriceRange({
  bounds,
  priceMin,
  priceMax,
  symbol,
  slider,
}: {
  bounds: { min: number; max: number };
  priceMin?: number;
  priceMax?: number;
  symbol: string;
  slider: boolean;
}) {
  const [low, setLow] = useState(priceMin ?? bounds.min);
  const [high, setHigh] = useState(priceMax ?? bounds.max);
  const lowInput = useRef<HTMLInputElement>(null);
  const highInput = useRef<HTMLInputElement>(null);
  const slide = (which: "low" | "high", value: number) => {
    if (which === "low") {
      const next = Math.min(value, high);
      setLow(next);
      if (lowInput.current) lowInput.current.value = String(next);
    } else {
      const next = Math.max(value, low);
      setHigh(next);
      if (highInput.current) highInput.current.value = String(next);
    }
  };
  return (
    <fieldset className="filter-group">
      <legend>Price</legend>
      <div className="flex items-center gap-2">
        <label className="price-input">
          <span className="sr-only">Lowest price</span>
          {symbol}
          <input
            ref={lowInput}
            type="number"
            name="price_min"
            min={bounds.min}
            max={bounds.max}
            step={1}
            placeholder={String(bounds.min)}
            defaultValue={priceMin}
            onChange={(e) => setLow(Number(e.target.value) || bounds.min)}
          />
        </label>
        <span aria-hidden="true">–</span>
        <label className="price-input">
          <span className="sr-only">Highest price</span>
          {symbol}
          <input
            ref={highInput}
            type="number"
            name="price_max"
            min={bounds.min}
            max={bounds.max}
            step={1}
            placeholder={String(bounds.max)}
            defaultValue={priceMax}
            onChange={(e) => setHigh(Number(e.target.value) || bounds.max)}
          />
        </label>
      </div>
      {slider && (
        <div className="price-slider">
          <input
            type="range"
            aria-label="Lowest price"
            min={bounds.min}
            max={bounds.max}
            value={low}
            onChange={(e) => slide("low", Number(e.target.value))}
          />
          <input
            type="range"
            aria-label="Highest price"
            min={bounds.min}
            max={bounds.max}
            value={high}
            onChange={(e) => slide("high", Number(e.target.value))}
          />
        </div>
      )}
    </fieldset>
  );
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
