import { Fragment, useEffect, useRef, type CSSProperties } from "react";
import { useLocation, useSubmit } from "react-router";
import {
  SIZE_GROUP_LABELS,
  type FacetOption,
  type ListingFacets,
  type SizeFacetOption,
} from "../../../server/modules/catalog/shared.ts";
import { changedSinceRender, syncFormWithQuery } from "~/lib/sync-form";
import { useHydrated } from "~/lib/use-hydrated";
import { CachedHtml } from "../ui/cached-html";
import { Link } from "../ui/link";

export interface FiltersProps {
  formId: string;
  /** The listing's path: the form submits to it with GET, so the filters live in the URL. */
  action: string;
  facets: ListingFacets;
  /** The price bounds the visitor chose, as the URL writes them (whole units, cents if any). */
  priceMin?: string;
  priceMax?: string;
  inStock: boolean;
  currencySymbol: string;
  activeCount: number;
}

/**
 * The listing's filters: one GET form. Without JavaScript it submits with its Apply button; with
 * JavaScript every committed change (a box ticked, a price entered, the slider let go) applies at
 * once, keeping the scroll position. On small screens it is a drawer opened by "Filters".
 * Its inputs are uncontrolled, and follow the URL when it changes some other way (back,
 * forward, "clear all"), without disturbing the field the visitor is typing in.
 */
export function Filters({ formId, ...fields }: FiltersProps) {
  const { action, facets, priceMin, priceMax, inStock, currencySymbol, activeCount } = fields;
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { search } = useLocation();

  // The server rendered the fields from this very URL, so there is nothing to sync on the first
  // run: a field that differs then was changed by the visitor before the page came alive, when
  // no script was there to hear it, so this first run submits their choice, not the URL's.
  const syncedSearch = useRef(search);
  useEffect(() => {
    if (syncedSearch.current === search) {
      // A change made before hydration had no script to apply it; apply it now.
      if (form.current && changedSinceRender(form.current, document.activeElement))
        void submit(form.current, { preventScrollReset: true });
      return;
    }
    syncedSearch.current = search;
    if (form.current) syncFormWithQuery(form.current, new URLSearchParams(search), document.activeElement);
  }, [search, submit]);

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
      <CachedHtml
        tag="form"
        ref={form}
        id={formId}
        method="get"
        action={action}
        className="filters"
        aria-label="Filters"
        source={facets}
        variant={[action, priceMin, priceMax, inStock, activeCount, currencySymbol, hydrated].join(" ")}
      >
        <FilterFields {...fields} slider={hydrated} />
      </CachedHtml>
    </>
  );
}

/** The form's fields; the server renders them once per listing answer and choice (CachedHtml). */
function FilterFields({
  action,
  facets,
  priceMin,
  priceMax,
  inStock,
  currencySymbol,
  activeCount,
  slider,
}: Omit<FiltersProps, "formId"> & { slider: boolean }) {
  return (
    <>
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
          slider={slider}
        />
      )}
      <SizeGroups options={facets.sizes} />
      <OptionGroup title="Colour" name="colour" options={facets.colours} variant="swatches" />
      <OptionGroup title="Category" name="sub" options={facets.subCategories} />
      <OptionGroup title="Brand" name="brand" options={facets.brands} />
      {facets.attributes.map((group) => (
        <OptionGroup key={group.name} title={group.label} name={`attr.${group.name}`} options={group.options} />
      ))}
      <fieldset className="filter-group">
        <legend>Availability</legend>
        <label className="filter-check" data-disabled={facets.inStock === 0 && !inStock ? "" : undefined}>
          <input type="checkbox" name="in_stock" value="1" defaultChecked={inStock} disabled={facets.inStock === 0 && !inStock} />
          In stock only <span className="filter-count">{`(${facets.inStock})`}</span>
        </label>
      </fieldset>

      <button type="submit" className="filters-apply">
        Apply filters
      </button>
    </>
  );
}

/**
 * The sizes, one fieldset per kind (glove, junior, clothing, shoe): a listing of everything never
 * mixes them in one list. The facet gives them in size order, so each kind is one run of it.
 */
function SizeGroups({ options }: { options: SizeFacetOption[] }) {
  const groups: { group: SizeFacetOption["group"]; options: SizeFacetOption[] }[] = [];
  for (const option of options) {
    const last = groups[groups.length - 1];
    if (last?.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  // One kind (a category's listing): the list is just "Size".
  if (groups.length === 1) return <OptionGroup title="Size" name="size" options={options} variant="chips" />;
  return (
    <>
      {groups.map(({ group, options: ofGroup }) => (
        <OptionGroup key={group} title={SIZE_GROUP_LABELS[group]} name="size" options={ofGroup} variant="chips" />
      ))}
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
      <div className="filter-options">
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
              {/* The count as one text node: filters repeat this dozens of times. */}
              <span>{option.label}</span> <span className="filter-count">{`(${option.count})`}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Two number inputs carry the price bounds in the form. The slider (JavaScript only, and without
 * names of its own) mirrors them both ways; letting go of it commits like typing a price does.
 * Everything is uncontrolled, so a navigation never resets a field mid-edit.
 */
function PriceRange({
  bounds,
  priceMin,
  priceMax,
  symbol,
  slider,
}: {
  bounds: { min: number; max: number };
  priceMin?: string;
  priceMax?: string;
  symbol: string;
  slider: boolean;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  const field = (name: string) => box.current?.querySelector<HTMLInputElement>(`[name="${name}"]`);
  const range = (name: string) => box.current?.querySelector<HTMLInputElement>(`[data-mirror="${name}"]`);
  const span = Math.max(1, bounds.max - bounds.min);
  const percent = (value: number) => `${(Math.min(Math.max(value, bounds.min), bounds.max) - bounds.min) * (100 / span)}%`;
  // The one track's chosen stretch, between the two handles, is drawn from these (pages.css).
  const paint = () => {
    const low = range("price_min");
    const high = range("price_max");
    const track = low?.parentElement;
    if (!low || !high || !track) return;
    track.style.setProperty("--from", percent(Number(low.value)));
    track.style.setProperty("--to", percent(Number(high.value)));
    // Both handles at the top end: the lower one must stay grabbable, so it goes on top.
    if (Number(low.value) >= bounds.max) low.dataset.above = "";
    else delete low.dataset.above;
  };
  const slid = (name: "price_min" | "price_max", value: number) => {
    const other = range(name === "price_min" ? "price_max" : "price_min");
    const clamped = other
      ? name === "price_min"
        ? Math.min(value, Number(other.value))
        : Math.max(value, Number(other.value))
      : value;
    const own = range(name);
    if (own) own.value = String(clamped);
    const input = field(name);
    if (input) input.value = String(clamped);
    paint();
  };
  const typed = (name: string, value: string) => {
    const mirror = range(name);
    if (mirror && value !== "") mirror.value = value;
    paint();
  };
  const ends = [
    { name: "price_min", label: "Lowest price", value: priceMin, edge: bounds.min },
    { name: "price_max", label: "Highest price", value: priceMax, edge: bounds.max },
  ] as const;
  return (
    <fieldset ref={box} className="filter-group">
      <legend>Price</legend>
      <div className="flex items-center gap-2">
        {ends.map((end, i) => (
          <Fragment key={end.name}>
            {i > 0 && <span aria-hidden="true">–</span>}
            <label className="price-input">
              <span className="sr-only">{end.label}</span>
              {symbol}
              <input
                type="number"
                name={end.name}
                min={bounds.min}
                max={bounds.max}
                step={0.01}
                placeholder={String(end.edge)}
                defaultValue={end.value}
                onInput={(e) => typed(end.name, e.currentTarget.value)}
              />
            </label>
          </Fragment>
        ))}
      </div>
      {slider && (
        <div
          className="range-pair"
          style={
            {
              "--from": percent(Number(priceMin ?? bounds.min)),
              "--to": percent(Number(priceMax ?? bounds.max)),
            } as CSSProperties
          }
        >
          {ends.map((end) => (
            <input
              key={end.name}
              type="range"
              aria-label={`${end.label}, slider`}
              data-mirror={end.name}
              data-above={end.name === "price_min" && Number(end.value ?? end.edge) >= bounds.max ? "" : undefined}
              min={bounds.min}
              max={bounds.max}
              defaultValue={end.value ?? end.edge}
              onInput={(e) => slid(end.name, Number(e.currentTarget.value))}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
