import { useEffect, useRef, useState } from "react";
import type { ProductVariantDetail } from "../../server/modules/catalog/shared.ts";
import { BagForm } from "~/components/bag/bag-form";
import { useLiveStock } from "~/components/product/use-live-stock";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/lib/use-hydrated";

type Option = Pick<ProductVariantDetail, "id" | "size" | "colour" | "colourHex" | "stock">;
type Options =
  { state: "closed" } | { state: "loading" } | { state: "ready"; productId: number; options: Option[] } | { state: "failed" };

/**
 * The grid's quick add. Grids repeat it two dozen times, so a card carries only one button: the
 * product's options are fetched from the shop API when the shopper opens it. They open in a modal
 * <dialog> (focus kept inside, Escape and the backdrop close it), a sheet from the bottom on a
 * phone and a small box on wider screens (pages.css): the colour first, then that colour's sizes,
 * each size a submit button of one bag form. Without JavaScript it is a link to the product page,
 * where the option is chosen in a form (docs/decisions/0020-the-bag.md, 0081).
 */
export function QuickAdd({ slug, categorySlug, name }: { slug: string; categorySlug: string; name: string }) {
  const hydrated = useHydrated();
  const [options, setOptions] = useState<Options>({ state: "closed" });
  // What the bag refused (the last unit just sold, a limit): said in the sheet, since the page's
  // toasts are behind the modal's backdrop.
  const [refusal, setRefusal] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Counts openings and closings: options that arrive after the sheet was closed (Escape pressed
  // while they load) are for an opening that is over, and must not open it again.
  const opening = useRef(0);
  const open = options.state !== "closed";
  const href = `/shop/${categorySlug}/${slug}`;

  useEffect(() => {
    const box = dialog.current;
    if (open && box && !box.open) box.showModal();
  }, [open]);

  if (!hydrated) {
    return (
      <Link to={href} className="quick-add-button" aria-label={`Choose options for ${name}`}>
        Choose options
      </Link>
    );
  }

  const close = () => {
    opening.current++;
    if (dialog.current?.open) dialog.current.close();
    setOptions({ state: "closed" });
    setRefusal(null);
    trigger.current?.focus();
  };

  async function load() {
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
    <>
      <button
        ref={trigger}
        type="button"
        className="quick-add-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={open ? close : load}
      >
        Quick add<span className="sr-only"> {name}</span>
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="quick-add-sheet"
          aria-label={`Options of ${name}`}
          data-testid="quick-add-sheet"
          // Escape closes a modal dialog by itself; this keeps the state in step with it.
          onClose={close}
          // A click on the backdrop lands on the dialog itself, outside its box; so does one on the
          // sheet's own padding, inside it, which must not close it.
          onClick={(event) => {
            if (event.target !== event.currentTarget) return;
            const box = event.currentTarget.getBoundingClientRect();
            const inside =
              event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
            if (!inside) close();
          }}
        >
          <div className="quick-add-sheet-head">
            <p className="font-semibold">{name}</p>
            <button type="button" className="quick-add-close" onClick={close} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {options.state === "loading" && <p className="py-4">Loading options…</p>}
          {options.state === "failed" && (
            <p className="py-4">
              The options could not be loaded. <Link to={href}>Open the product</Link>
            </p>
          )}
          {options.state === "ready" && (
            <BagForm
              onResult={(result) => {
                if (result.ok) close();
                else setRefusal(result.message);
              }}
            >
              {(busy) => (
                <>
                  <input type="hidden" name="intent" value="add" />
                  <input type="hidden" name="quantity" value="1" />
                  <QuickAddChoice productId={options.productId} options={options.options} busy={busy} />
                </>
              )}
            </BagForm>
          )}
          {refusal && (
            <p role="alert" className="form-error mt-3">
              {refusal}
            </p>
          )}
          <Link to={href} className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-mint-700 underline">
            See the product
          </Link>
        </dialog>
      )}
    </>
  );
}

/**
 * The colour, then the sizes of that colour (one submit button each), their stock kept live while
 * the sheet is open. One colour: it is chosen already.
 */
function QuickAddChoice({ productId, options, busy }: { productId: number; options: Option[]; busy: boolean }) {
  const live = useLiveStock(productId, options);
  const colours = [...new Map(live.map((o) => [o.colour, o.colourHex])).entries()];
  const [colour, setColour] = useState<string | null>(colours.length === 1 ? colours[0]![0] : null);
  const sizes = live.filter((o) => o.colour === colour);
  return (
    <>
      <fieldset className="quick-add-step">
        <legend>Colour{colour && <span className="font-normal text-grey-600">: {colour}</span>}</legend>
        <div className="flex flex-wrap gap-2">
          {colours.map(([name, hex]) => {
            const soldOut = live.every((o) => o.colour !== name || o.stock === 0);
            return (
              <button
                key={name}
                type="button"
                className="quick-add-colour"
                aria-pressed={colour === name}
                onClick={() => setColour(name)}
              >
                <span className="quick-add-dot" style={{ backgroundColor: hex }} aria-hidden="true" />
                {name}
                {soldOut && <span className="sr-only"> (sold out)</span>}
              </button>
            );
          })}
        </div>
      </fieldset>
      {colour && (
        <fieldset className="quick-add-step">
          <legend>Size</legend>
          <ul className="grid grid-cols-4 gap-2">
            {sizes.map((option) => (
              <li key={option.id}>
                <button
                  type="submit"
                  name="variantId"
                  value={option.id}
                  className="quick-add-size"
                  disabled={busy || option.stock === 0}
                >
                  {option.size}
                  {/* The option's whole name for screen readers (and tests): size and colour. */}
                  <span className="sr-only"> · {option.colour}</span>
                  {option.stock === 0 && <span className="sr-only"> (sold out)</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}
