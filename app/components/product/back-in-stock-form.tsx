import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { BACK_IN_STOCK_INTENT, type BackInStockResult, type StockTold } from "~/lib/back-in-stock";
import { useHydrated } from "~/lib/use-hydrated";
import { variantLabel, type Variant } from "./variant-choice";

/**
 * "Email me when it's back" for sold-out options (ADR 47), posted to the product page's action.
 *
 * - With JavaScript: shown while the chosen option is sold out (the live stock hides it again
 *   when it comes back); it posts through a fetcher and the answer appears in a live region
 *   beside it. The parent keys it by option, so another choice starts with a fresh form.
 * - Without JavaScript there is no picker: the form offers a select of the sold-out options, and
 *   the page comes back with the answer (`answer`, the action's data). When the option the page
 *   opened on is in stock, the form sits in <noscript>, so a browser running scripts never shows
 *   it, and no page shifts when it hydrates.
 *
 * A logged-in customer's request is for their account's address: the field shows it, read-only.
 * Refused because the option is in stock now, the answer's stock goes to `onStockTold`, so the page
 * offers it for sale at once.
 */
export function BackInStockForm({
  variants,
  chosen,
  customerEmail,
  answer,
  onStockTold,
}: {
  variants: readonly Variant[];
  chosen: Variant;
  customerEmail: string | null;
  /** The action's answer to a form sent without JavaScript (the page's action data). */
  answer: BackInStockResult | undefined;
  /** The stock of an option the action found in stock now. */
  onStockTold?: (variantId: number, stock: StockTold) => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BackInStockResult>();
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  // A form sent before the page hydrated came back as the page's own answer.
  const sent = fetcher.state === "idle" ? fetcher.data : undefined;
  const result = hydrated ? (sent ?? (answer?.variantId === chosen.id ? answer : undefined)) : answer;
  const failure = result && !result.ok ? result : null;
  const emailError = failure?.fieldErrors.email ?? null;
  const formError = failure ? (failure.formError ?? failure.fieldErrors.variantId ?? null) : null;

  // A refused address gets the focus back, so the message beside it is read out.
  useEffect(() => {
    if (sent && !sent.ok && sent.fieldErrors.email) form.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, [sent]);
  const tellStock = useEffectEvent((variantId: number, stock: StockTold) => onStockTold?.(variantId, stock));
  useEffect(() => {
    if (sent && !sent.ok && sent.stock && sent.variantId !== undefined) tellStock(sent.variantId, sent.stock);
  }, [sent]);

  const soldOut = variants.filter((v) => v.stock <= 0);
  const shown = hydrated ? chosen.stock <= 0 : soldOut.length > 0;
  const message = (
    // Always in the page while the form may be, so screen readers announce what arrives in it.
    <p aria-live="polite" className="text-sm" data-testid="back-in-stock-message">
      {result?.ok && <span className="form-success block">{result.message}</span>}
      {formError && <span className="block font-medium text-danger-600">{formError}</span>}
    </p>
  );
  if (!shown) return result ? message : null;

  const fields: ReactNode = (
    <>
      <input type="hidden" name="intent" value={BACK_IN_STOCK_INTENT} />
      {hydrated ? (
        <>
          <input type="hidden" name="js" value="1" />
          <input type="hidden" name="variantId" value={chosen.id} />
        </>
      ) : (
        <label className="add-to-bag-field">
          Sold-out option
          <select name="variantId" className="add-to-bag-select" defaultValue={(chosen.stock <= 0 ? chosen : soldOut[0]!).id}>
            {soldOut.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variantLabel(variant)}
              </option>
            ))}
          </select>
        </label>
      )}
      {customerEmail ? (
        <TextField
          label="Your e-mail"
          name="email"
          type="email"
          value={customerEmail}
          readOnly
          hint="The address of your account."
        />
      ) : (
        <TextField
          label="Your e-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email ?? ""}
          error={emailError}
        />
      )}
      <button type="submit" className="button-secondary self-start" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Sending…" : "Email me when it's back"}
      </button>
    </>
  );
  const section = (withMessage: boolean) => (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-md border border-grey-200 p-4"
      data-testid="back-in-stock"
    >
      <h2 id={titleId} className="font-semibold">
        Want it when it is back?
      </h2>
      <p className="text-sm text-grey-700">
        {hydrated ? "This option is sold out." : "Some options are sold out."} Leave your e-mail and we send you one mail when it
        is back in stock; that mail ends the request.
      </p>
      <fetcher.Form ref={form} method="post" className="flex flex-col gap-3" noValidate>
        {fields}
      </fetcher.Form>
      {withMessage && message}
    </section>
  );
  // Without JavaScript, on an option in stock: the form for browsers without scripts only, and
  // the answer to it outside, where that browser shows it.
  if (!hydrated && chosen.stock > 0) {
    return (
      <>
        <noscript>{section(false)}</noscript>
        {result && message}
      </>
    );
  }
  return section(true);
}
