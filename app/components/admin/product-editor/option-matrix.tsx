import { TextField } from "~/components/ui/text-field";
import { TextAreaField } from "./fields";
import type { FormValues } from "./form-values";

/**
 * Options made at once (ADR 63): every size in every colour, at one price, with SKUs made from
 * the product's address (or the start given). Sizes and colours the product has already are
 * skipped; each new option starts with no stock.
 */
export function OptionMatrix({
  values,
  errors,
  currencySymbol,
}: {
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  currencySymbol: string;
}) {
  const v = (name: string) => values[`options.${name}`] ?? "";
  const e = (name: string) => errors[`options.${name}`];
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label="Sizes"
        name="options.sizes"
        defaultValue={v("sizes")}
        error={e("sizes")}
        hint="Separated by commas: 7, 8, 9 or S, M, L, or One size."
      />
      <TextAreaField
        label="Colours"
        name="options.colours"
        defaultValue={v("colours")}
        error={e("colours")}
        rows={3}
        hint="One a line, its name then its swatch colour: Black #111111"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`Price (${currencySymbol})`}
          name="options.price"
          inputMode="decimal"
          defaultValue={v("price")}
          error={e("price")}
          hint="Such as 49.95; each option's own price can be changed after."
        />
        <TextField
          label="SKU start (optional)"
          name="options.skuPrefix"
          defaultValue={v("skuPrefix")}
          error={e("skuPrefix")}
          hint="Empty: made from the address. SKUs read START-COLOUR-SIZE."
        />
      </div>
      <p className="text-sm text-grey-600">New options start with no stock: add it on the stock page once they are made.</p>
    </div>
  );
}
