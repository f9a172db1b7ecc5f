import { useState } from "react";
import { Form } from "react-router";
import { SelectField } from "~/components/admin/product-editor/fields";
import { TextField } from "~/components/ui/text-field";
import { useHydrated } from "~/lib/use-hydrated";
import {
  BULK_ACTION_INFO,
  BULK_ACTIONS,
  BULK_PATH,
  BULK_VALUE_HINTS,
  LIST_PARAMS,
  type BulkAction,
} from "../../../server/modules/product-bulk/shared.ts";

/*
 * The product list's bulk edits (issue 25 §3, ADR 71), in the shape of the order list's batch
 * (ADR 62): tick products (or "all that match the filter"), choose what to change, and Preview.
 * The form stands apart from the filter form (forms cannot nest); the boxes in the table join it by
 * their `form` attribute. It is a GET to the preview page, so it works without JavaScript and the
 * preview's address says what it previews; without JavaScript "all on this page" sends the page's
 * products beside it (`shown`), with it the box ticks the rows. The list's own parameters travel
 * too: "all that match" is the list's filter, and the way back is the list as it was.
 */

export const BULK_FORM = "products-bulk";

function boxesOf(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.elements].filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.dataset.pick === "product",
  );
}

/** The head's box follows the rows: ticked when all are, mixed when some are. */
function followRows(form: HTMLFormElement | null) {
  const boxes = boxesOf(form);
  const ticked = boxes.filter((box) => box.checked).length;
  const all = form?.ownerDocument.querySelector<HTMLInputElement>(`input[form="${BULK_FORM}"][data-pick="all"]`);
  if (all) {
    all.checked = boxes.length > 0 && ticked === boxes.length;
    all.indeterminate = ticked > 0 && ticked < boxes.length;
  }
}

/**
 * The bar above the list. `shown`: the page's product ids; `matching`: how many products the
 * filter matches; `params`: the list's address parameters; `categories`: the move's choices.
 */
export function ProductBulkForm({
  shown,
  matching,
  params,
  categories,
}: {
  shown: readonly number[];
  matching: number;
  params: URLSearchParams;
  categories: readonly { id: number; name: string }[];
}) {
  const hydrated = useHydrated();
  const [action, setAction] = useState<BulkAction>("price-percent");
  const kind = BULK_ACTION_INFO[action].value;
  const groups = [...new Set(BULK_ACTIONS.map((one) => BULK_ACTION_INFO[one].group))];
  return (
    <Form
      id={BULK_FORM}
      method="get"
      action={BULK_PATH}
      aria-label="Bulk edit"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-grey-200 bg-white p-3"
    >
      {LIST_PARAMS.map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
      {!hydrated && shown.map((id) => <input key={id} type="hidden" name="shown" value={id} />)}
      <p className="w-full text-sm text-grey-700">
        Tick products in the list below, or take all that match the filter, then preview a change.
      </p>
      <label className="flex w-full items-center gap-2 text-sm">
        <input type="checkbox" name="all" value="matching" data-testid="bulk-all-matching" />
        {matching === 1 ? "The 1 product that matches" : `All ${matching.toLocaleString("en")} products that match`} the filter
        (the ticks are then not needed)
      </label>
      <SelectField
        label="Change"
        name="action"
        value={action}
        onChange={(event) => setAction(event.currentTarget.value as BulkAction)}
      >
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {BULK_ACTIONS.filter((one) => BULK_ACTION_INFO[one].group === group).map((one) => (
              <option key={one} value={one}>
                {BULK_ACTION_INFO[one].words}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      {/* Without JavaScript every value field is there (the server reads the one the change needs); with it, only that one. */}
      {(!hydrated || (kind !== null && kind !== "category")) && (
        <TextField
          label="Value"
          name="value"
          inputMode="decimal"
          autoComplete="off"
          hint={
            hydrated && kind && kind !== "category"
              ? BULK_VALUE_HINTS[kind]
              : "A percentage (-10) or an amount (49.95), for a price or a sale."
          }
        />
      )}
      {(!hydrated || kind === "category") && (
        <SelectField label="Move to" name="moveTo" defaultValue="">
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
      )}
      <button type="submit" className="button-primary">
        Preview the change
      </button>
    </Form>
  );
}

/** A row's box: the product joins the bulk edit. */
export function ProductPick({ id, name }: { id: number; name: string }) {
  return (
    <input
      type="checkbox"
      form={BULK_FORM}
      name="id"
      value={id}
      data-pick="product"
      aria-label={`Select ${name}`}
      onChange={(event) => followRows(event.currentTarget.form)}
    />
  );
}

/**
 * The head's box: every product on this page. With JavaScript it ticks the rows' boxes; without,
 * it is sent (all=page) and the server takes the page's products (`shown`).
 */
export function PickAllProducts() {
  const hydrated = useHydrated();
  return (
    <input
      type="checkbox"
      form={BULK_FORM}
      name={hydrated ? undefined : "all"}
      value="page"
      data-pick="all"
      aria-label="Select all products on this page"
      onChange={(event) => {
        for (const box of boxesOf(event.currentTarget.form)) box.checked = event.currentTarget.checked;
      }}
    />
  );
}
