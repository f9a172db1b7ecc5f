import { Form } from "react-router";
import type { EditableOption } from "../../../../server/modules/product-editor/index.ts";
import { stockPageOf, type OptionNames } from "../../../../server/modules/product-editor/shared.ts";
import { Link } from "~/components/ui/link";
import type { FormValues } from "./form-values";

/** The editable fields of an option's row, with their labels. */
const COLUMNS = [
  { field: "colour", label: "Colour", width: "w-28" },
  { field: "colourHex", label: "Swatch", width: "w-14" },
  { field: "size", label: "Size", width: "w-20" },
  { field: "sku", label: "SKU", width: "w-44" },
  { field: "barcode", label: "Barcode (GTIN)", width: "w-40" },
  { field: "price", label: "Price", width: "w-24" },
  { field: "compareAtPrice", label: "Was (sale)", width: "w-24" },
  { field: "memberPrice", label: "Member price", width: "w-24" },
  { field: "lowStockThreshold", label: "Low at", width: "w-16" },
] as const;

const MONEY = new Set(["price", "compareAtPrice", "memberPrice"]);

/**
 * A product's options as rows to edit (issue 25 §1, ADR 63), in one form saved at once. Stock is
 * shown, not edited: the stock page moves it with a reason. Each row's remove button belongs to a
 * form of its own (outside the table, tied by its id), which deletes the option, or archives it
 * when an order names it. Archived options are listed below, as they were, each with a button that
 * puts it back on sale (ADR 74).
 */
export function OptionRows({
  productId,
  options,
  values,
  errors,
  version,
  busy,
  currencySymbol,
  names,
}: {
  productId: number;
  /** What the product calls its sizes and colours: the columns say so too. */
  names: OptionNames;
  options: readonly EditableOption[];
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  version: string;
  busy: boolean;
  currencySymbol: string;
}) {
  const labelOf = (column: (typeof COLUMNS)[number]) =>
    column.field === "size" ? names.size : column.field === "colour" ? names.colour : column.label;
  const onSale = options.filter((option) => option.archivedAt === null);
  const archived = options.filter((option) => option.archivedAt !== null);
  const stockLink = (
    <Link to={stockPageOf(productId)} className="text-link">
      the stock page
    </Link>
  );
  return (
    <div className="flex flex-col gap-3">
      {onSale.length === 0 ? (
        <p className="text-sm text-grey-600">No options on sale yet: make them below.</p>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="save-options" />
          <input type="hidden" name="version" value={version} />
          <div className="overflow-x-auto">
            <table className="text-sm">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column.field} scope="col" className="px-1 text-left font-medium whitespace-nowrap">
                      {labelOf(column)}
                      {MONEY.has(column.field) && ` (${currencySymbol})`}
                    </th>
                  ))}
                  <th scope="col" className="px-1 text-right font-medium">
                    Stock
                  </th>
                  <th scope="col" className="px-1">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {onSale.map((option, i) => {
                  const name = (field: string) => `variants.${i}.${field}`;
                  return (
                    <tr key={option.id} className="align-top">
                      {COLUMNS.map((column) => (
                        <td key={column.field} className="px-1 py-1">
                          <input
                            name={name(column.field)}
                            type={column.field === "colourHex" ? "color" : "text"}
                            inputMode={
                              MONEY.has(column.field)
                                ? "decimal"
                                : column.field === "lowStockThreshold" || column.field === "barcode"
                                  ? "numeric"
                                  : undefined
                            }
                            defaultValue={values[name(column.field)] ?? ""}
                            aria-label={`${labelOf(column)} of ${option.colour}, ${option.size}`}
                            aria-invalid={errors[name(column.field)] ? true : undefined}
                            className={`${column.width} rounded-md border border-grey-500 px-2 py-1 aria-[invalid=true]:border-danger-600`}
                          />
                        </td>
                      ))}
                      <td className="px-1 py-1 text-right">
                        {option.stock}
                        <input type="hidden" name={name("id")} value={option.id} />
                      </td>
                      <td className="px-1 py-1">
                        <button
                          type="submit"
                          form={`remove-option-${option.id}`}
                          className="text-link whitespace-nowrap"
                          disabled={busy}
                        >
                          {option.ordered ? "Archive" : "Remove"}
                          <span className="sr-only">
                            {" "}
                            {option.colour}, {option.size}
                          </span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <OptionErrors rows={onSale} errors={errors} />
          <p className="text-sm text-grey-600">
            Stock is changed on {stockLink}. An option an order names is archived, not deleted, so the order keeps it.
          </p>
          <button type="submit" className="button-primary self-start" disabled={busy}>
            Save the options
          </button>
        </Form>
      )}
      {onSale.map((option) => (
        <Form key={option.id} id={`remove-option-${option.id}`} method="post" hidden>
          <input type="hidden" name="intent" value="remove-option" />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="variantId" value={option.id} />
        </Form>
      ))}
      {archived.length > 0 && (
        <div className="text-sm">
          <h3 className="font-semibold">Archived options (kept for their orders)</h3>
          <ul className="flex flex-col gap-1 text-grey-600">
            {archived.map((option) => (
              <li key={option.id}>
                <Form method="post" className="flex flex-wrap items-baseline gap-x-3">
                  <span>
                    {option.sku}: {option.colour}, {option.size} · {option.stock} in stock · archived{" "}
                    {option.archivedAt!.slice(0, 10)}
                  </span>
                  <input type="hidden" name="intent" value="restore-option" />
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="variantId" value={option.id} />
                  <button type="submit" className="text-link" disabled={busy}>
                    Put back on sale<span className="sr-only"> {option.sku}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The rows' errors in words, each naming its option (the table's cells only mark the field). */
function OptionErrors({ rows, errors }: { rows: readonly EditableOption[]; errors: Readonly<Record<string, string>> }) {
  const listed = Object.entries(errors).flatMap(([field, message]) => {
    const match = /^variants\.(\d+)\./.exec(field);
    const option = match ? rows[Number(match[1])] : undefined;
    return option ? [`${option.colour}, ${option.size}: ${message}`] : [];
  });
  if (listed.length === 0) return null;
  return (
    <ul className="field-error list-inside list-disc">
      {listed.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
