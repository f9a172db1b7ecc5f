import { useLayoutEffect, useRef, useState } from "react";
import type { ProductVariantDetail } from "../../server/modules/catalog/shared.ts";
import { BagForm } from "~/components/bag/bag-form";
import { useLiveStock } from "~/components/product/use-live-stock";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/lib/use-hydrated";

type Option = Pick<ProductVariantDetail, "id" | "size" | "colour" | "stock">;
type Options =
  { state: "closed" } | { state: "loading" } | { state: "ready"; productId: number; options: Option[] } | { state: "failed" };

/**
 * The grid's quick add. Grids repeat it two dozen times, so a card carries only one button: the
 * product's options are fetched from the shop API when the shopper opens it, and each option is a
 * submit button of one bag form. Without JavaScript it is a link to the product page, where the
 * option is chosen in a form (docs/decisions/0020-the-bag.md).
 */
export function QuickAdd({ slug, categorySlug, name }: { slug: string; categorySlug: string; name: string }) {
  const hydrated = useHydrated();
  const [options, setOptions] = useState<Options>({ state: "closed" });
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Counts openings and closings: options that arrive after the panel was closed (Escape pressed
  // while they load) are for an opening that is over, and must not open it again.
  const opening = useRef(0);
  const open = options.state !== "closed";
  const close = () => {
    opening.current++;
    setOptions({ state: "closed" });
  };

  // A layout effect: the listeners are in place as soon as the open panel is on screen, so an
  // Escape pressed right away is not missed.
  useLayoutEffect(() => {
    if (!open) return;
    const closeOn = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      if (event instanceof PointerEvent && panel.current?.contains(event.target as Node)) return;
      close();
      if (event instanceof KeyboardEvent) trigger.current?.focus();
    };
    document.addEventListener("keydown", closeOn);
    document.addEventListener("pointerdown", closeOn);
    return () => {
      document.removeEventListener("keydown", closeOn);
      document.removeEventListener("pointerdown", closeOn);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <Link to={`/shop/${categorySlug}/${slug}`} className="quick-add" aria-label={`Choose options for ${name}`}>
        Choose options
      </Link>
    );
  }

  async function load() {
    if (open) return close();
    const current = ++opening.current;
    setOptions({ state: "loading" });
    let next: Options;
    try {
      const response = await fetch(`/ecommerce/products/${encodeURIComponent(slug)}`, {
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { data: { id: number; variants: Option[] } };
      next = { state: "ready", productId: body.data.id, options: body.data.variants };
    } catch {
      next = { state: "failed" };
    }
    if (opening.current === current) setOptions(next);
  }

  return (
    <div className="quick-add-wrap" ref={panel}>
      <button ref={trigger} type="button" className="quick-add" aria-expanded={open} onClick={load}>
        Quick add<span className="sr-only"> {name}</span>
      </button>
      {open && (
        <div className="quick-add-panel" role="group" aria-label={`Options of ${name}`}>
          {options.state === "loading" && <p>Loading options…</p>}
          {options.state === "failed" && (
            <p>
              The options could not be loaded. <Link to={`/shop/${categorySlug}/${slug}`}>Open the product</Link>
            </p>
          )}
          {options.state === "ready" && (
            <BagForm
              onResult={(result) => {
                if (!result.ok) return;
                close();
                // The focused option goes away with the panel: focus goes back to what opened it.
                trigger.current?.focus();
              }}
            >
              {(busy) => (
                <>
                  <input type="hidden" name="intent" value="add" />
                  <input type="hidden" name="quantity" value="1" />
                  <QuickAddOptions productId={options.productId} options={options.options} busy={busy} />
                </>
              )}
            </BagForm>
          )}
        </div>
      )}
    </div>
  );
}

/** The open panel's options, one submit button each, their stock kept live while it is open. */
function QuickAddOptions({ productId, options, busy }: { productId: number; options: Option[]; busy: boolean }) {
  const live = useLiveStock(productId, options);
  return (
    <ul>
      {live.map((option) => (
        <li key={option.id}>
          <button type="submit" name="variantId" value={option.id} disabled={busy || option.stock === 0}>
            {option.size} · {option.colour}
            {option.stock === 0 && <span className="sr-only"> (sold out)</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
