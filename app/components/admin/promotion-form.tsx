import { Form } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { FormFailure } from "~/lib/forms.server";
import type { CategoryChoice, PromotionDetail } from "../../../server/modules/promotions/index.ts";
import { KIND_LABELS, PROMOTION_KINDS, SHOP_TIME_ZONE } from "../../../server/modules/promotions/shared.ts";
import { hundredthsText, momentField } from "./promotion-words";

/**
 * The promo code editor's form (ADR 67): a plain POST, so it works without JavaScript. What it
 * applies to is a list of categories to tick and a box of product slugs or SKUs, one a line.
 */
export function PromotionForm({
  code,
  categories,
  failure,
  currency,
  busy,
}: {
  code: PromotionDetail | null;
  categories: CategoryChoice[];
  failure: FormFailure | null;
  currency: string;
  busy: boolean;
}) {
  // After a refusal the form shows what was typed; else the code as it is.
  const typed = failure?.values;
  const value = (name: string, stored: string) => typed?.[name] ?? stored;
  const errors = failure?.fieldErrors ?? {};
  const kind = value("kind", code?.kind ?? "percent");
  const checkedCategories = new Set(
    typed ? (typed.categories ?? "").split(",").filter(Boolean).map(Number) : (code?.categoryIds ?? []),
  );
  const onceChecked = typed ? typed.oncePerCustomer === "true" : (code?.oncePerCustomer ?? true);
  return (
    <Form method="post" className="flex max-w-xl flex-col gap-4" aria-label={code ? `Edit ${code.code}` : "New promo code"}>
      <input type="hidden" name="intent" value="save" />
      {code && <input type="hidden" name="version" value={code.version} />}
      <TextField
        label="Code"
        name="code"
        required
        maxLength={32}
        autoCapitalize="characters"
        autoComplete="off"
        defaultValue={value("code", code?.code ?? "")}
        error={errors.code}
        hint="Letters, digits and hyphens; kept in capitals. Shoppers may type it in any case."
      />
      <fieldset className="field">
        <legend>What it gives</legend>
        {PROMOTION_KINDS.map((one) => (
          <label key={one} className="flex items-center gap-2">
            <input type="radio" name="kind" value={one} defaultChecked={kind === one} />
            {KIND_LABELS[one]}
          </label>
        ))}
        {errors.kind && <p className="field-error">{errors.kind}</p>}
      </fieldset>
      <TextField
        label="Value"
        name="value"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value(
          "value",
          !code || code.kind === "free_delivery" ? "" : hundredthsText(code.value, code.kind === "percent"),
        )}
        error={errors.value}
        hint={`A percentage off the items (10 or 12.5), or an amount off in ${currency} (5.00). Free delivery needs none.`}
      />
      <TextField
        label={`Minimum spend (${currency}, optional)`}
        name="minimumSpend"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value("minimumSpend", code && code.minimumSpend > 0 ? hundredthsText(code.minimumSpend) : "")}
        error={errors.minimumSpend}
        hint="The bag's items must be worth at least this, whatever the code applies to."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Starts (${SHOP_TIME_ZONE}, optional)`}
          name="startsAt"
          type="datetime-local"
          defaultValue={value("startsAt", momentField(code?.startsAt ?? null))}
          error={errors.startsAt}
        />
        <TextField
          label={`Ends (${SHOP_TIME_ZONE}, optional)`}
          name="endsAt"
          type="datetime-local"
          defaultValue={value("endsAt", momentField(code?.endsAt ?? null))}
          error={errors.endsAt}
        />
      </div>
      <TextField
        label="Total uses allowed (optional)"
        name="usageLimit"
        type="number"
        min={1}
        step={1}
        defaultValue={value("usageLimit", code?.usageLimit?.toString() ?? "")}
        error={errors.usageLimit}
        hint={code ? `Used ${code.usedCount} times so far. Empty: no limit.` : "Empty: no limit."}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="oncePerCustomer" value="true" defaultChecked={onceChecked} />
        Once per customer (an account, or a guest's mailbox: ann+shop@ and ann@ are one)
      </label>
      <fieldset className="field">
        <legend>Applies to categories (none ticked, and no products: the whole bag)</legend>
        <div className="max-h-60 overflow-y-auto rounded-md border border-grey-200 p-2">
          {categories.map((category) => (
            <label key={category.id} className={`flex items-center gap-2 ${category.parentId !== null ? "pl-6" : ""}`}>
              <input type="checkbox" name="categories" value={category.id} defaultChecked={checkedCategories.has(category.id)} />
              {category.name}
            </label>
          ))}
        </div>
        <p className="field-hint">A category includes its sub-categories.</p>
        {errors.categories && <p className="field-error">{errors.categories}</p>}
      </fieldset>
      <div className="field">
        <label htmlFor="promotion-products">Applies to products (slugs or SKUs, one a line)</label>
        <textarea
          id="promotion-products"
          name="products"
          rows={4}
          aria-invalid={errors.products ? true : undefined}
          aria-describedby={errors.products ? "promotion-products-error" : undefined}
          defaultValue={value("products", code?.products.map((p) => p.slug).join("\n") ?? "")}
        />
        {errors.products && (
          <p id="promotion-products-error" className="field-error">
            {errors.products}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="button-primary" disabled={busy}>
          {code ? "Save changes" : "Create code"}
        </button>
      </div>
    </Form>
  );
}
