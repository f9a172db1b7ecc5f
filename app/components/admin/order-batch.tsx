import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { FormFailure } from "~/lib/forms.server";
import { useHydrated } from "~/lib/use-hydrated";

/*
 * The order list's bulk actions (issue 24 §4, ADR 62): tick orders, then mark them shipped or
 * print their packing slips. The form stands apart from the list's filter form (forms cannot
 * nest); the boxes in the table join it through their `form` attribute. Without JavaScript it is
 * a plain form: "Mark shipped" posts to the list's action, "Print packing slips" opens the slips
 * (GET) in a new tab, and "all on this page" sends the page's numbers beside it. With JavaScript
 * the select-all box ticks the boxes, shipping stays on the page, and printing opens the slips of
 * exactly the ticked orders.
 */

export const BATCH_FORM = "orders-batch";
const SLIPS = "/admin/orders/packing-slips";

/** The list's ticked boxes (and their select-all box) of the batch form. */
function boxesOf(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.elements].filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.dataset.pick === "order",
  );
}

function selectAllOf(form: HTMLFormElement | null): HTMLInputElement | null {
  return form ? form.ownerDocument.querySelector<HTMLInputElement>(`input[form="${BATCH_FORM}"][data-pick="all"]`) : null;
}

/** The select-all box follows the row boxes: ticked when all are, mixed when some are. */
function followRows(form: HTMLFormElement | null): number {
  const boxes = boxesOf(form);
  const ticked = boxes.filter((box) => box.checked).length;
  const all = selectAllOf(form);
  if (all) {
    all.checked = boxes.length > 0 && ticked === boxes.length;
    all.indeterminate = ticked > 0 && ticked < boxes.length;
  }
  return ticked;
}

/**
 * The bar above the list: the batch's carrier and tracking link, and its two actions. `shown`: the
 * page's order numbers (sent as `shown` without JavaScript, for "all on this page"); `answer`: the
 * last batch's answer, after which the boxes are cleared.
 */
export function OrderBatchForm({
  shown,
  failure,
  answer,
}: {
  shown: readonly string[];
  failure: FormFailure | null;
  answer: unknown;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "ship";
  // A batch was shipped: its boxes are cleared for the next one.
  useEffect(() => {
    if (!answer || failure) return;
    for (const box of boxesOf(form.current)) box.checked = false;
    followRows(form.current);
  }, [answer, failure]);
  return (
    <form
      id={BATCH_FORM}
      ref={form}
      method="post"
      noValidate
      aria-label="Ticked orders"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-grey-200 bg-white p-3"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        event.preventDefault();
        if (submitter?.value === "ship") {
          setNotice(null);
          void submit(submitter, { preventScrollReset: true });
          return;
        }
        const numbers = boxesOf(event.currentTarget)
          .filter((box) => box.checked)
          .map((box) => box.value);
        if (numbers.length === 0) {
          setNotice("Tick the orders to print first.");
          return;
        }
        setNotice(null);
        window.open(`${SLIPS}?${new URLSearchParams(numbers.map((number) => ["number", number]))}`, "_blank", "noopener");
      }}
    >
      {!hydrated && shown.map((number) => <input key={number} type="hidden" name="shown" value={number} />)}
      <p className="w-full text-sm text-grey-700">Tick orders in the list below, then mark them shipped or print them.</p>
      <TextField label="Carrier" name="carrier" defaultValue={failure?.values.carrier} error={failure?.fieldErrors.carrier} />
      <TextField
        label="Tracking link (optional, one for all)"
        name="trackingUrl"
        type="url"
        defaultValue={failure?.values.trackingUrl}
        error={failure?.fieldErrors.trackingUrl}
      />
      <button type="submit" name="intent" value="ship" className="button-primary" disabled={busy}>
        Mark shipped
      </button>
      <button type="submit" formMethod="get" formAction={SLIPS} formTarget="_blank" formNoValidate className="button-secondary">
        Print packing slips<span className="sr-only"> (opens a new tab)</span>
      </button>
      {notice && (
        <p role="alert" className="form-error w-full">
          {notice}
        </p>
      )}
    </form>
  );
}

/** A row's box: the order joins the batch. */
export function OrderPick({ number }: { number: string }) {
  return (
    <input
      type="checkbox"
      form={BATCH_FORM}
      name="number"
      value={number}
      data-pick="order"
      aria-label={`Select order ${number}`}
      onChange={(event) => followRows(event.currentTarget.form)}
    />
  );
}

/**
 * The head's box: every order on this page. With JavaScript it ticks the rows' boxes; without, it
 * is sent (all=page) and the server takes the page's numbers.
 */
export function PickAll() {
  const hydrated = useHydrated();
  return (
    <input
      type="checkbox"
      form={BATCH_FORM}
      name={hydrated ? undefined : "all"}
      value="page"
      data-pick="all"
      aria-label="Select all orders on this page"
      onChange={(event) => {
        for (const box of boxesOf(event.currentTarget.form)) box.checked = event.currentTarget.checked;
      }}
    />
  );
}
