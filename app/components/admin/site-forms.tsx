import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { failureFor } from "./settings-form";

/*
 * The forms of /admin/site (ADR 76), one per part of the site's data. A part's form sends all its
 * rows (items.0.label, items.0.href, ...) and one blank row to add; Save checks and stores the
 * whole part. The row buttons (up, down, remove) belong to a second, empty form of the part (the
 * `form` attribute), which changes the part as stored: pressing Enter in a field always saves,
 * never moves a row. Both carry the part's version: a page read before another change is refused.
 */

export type PartFailure = ReturnType<typeof failureFor>;

const rowsFormId = (part: string) => `${part}-rows`;

/** A part's form: its fields, then Save; the part's row form follows it, outside it (forms cannot nest). */
export function PartForm({
  part,
  version,
  submit,
  children,
}: {
  part: string;
  version: string;
  submit: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <Form method="post" className="flex flex-col gap-4" noValidate preventScrollReset>
        <input type="hidden" name="form" value={part} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />
        {children}
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {submit}
          </button>
        </div>
      </Form>
      <Form method="post" id={rowsFormId(part)} preventScrollReset>
        <input type="hidden" name="form" value={part} />
        <input type="hidden" name="intent" value="row" />
        <input type="hidden" name="version" value={version} />
      </Form>
    </>
  );
}

/** Up, down and remove for the row at `path` ("2", or "1.3" for a column's link), submitting the part's row form. */
export function RowButtons({
  part,
  path,
  label,
  first,
  last,
  removeLabel = "Remove",
}: {
  part: string;
  path: string;
  /** What the buttons act on, for screen readers ("Move menu item News up"). */
  label: string;
  first: boolean;
  last: boolean;
  removeLabel?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const button = (op: string, text: string, name: string, disabled = false) => (
    <button
      type="submit"
      form={rowsFormId(part)}
      name="op"
      value={`${op}:${path}`}
      className="rounded border border-grey-300 px-2 py-1 text-sm disabled:opacity-40"
      disabled={busy || disabled}
      aria-label={name}
    >
      {text}
    </button>
  );
  return (
    <div className="flex gap-1">
      {button("up", "↑", `Move ${label} up`, first)}
      {button("down", "↓", `Move ${label} down`, last)}
      {button("remove", removeLabel, `Remove ${label}`)}
    </div>
  );
}

/** A button of the part's row form for another change ("add-categories"). */
export function RowFormButton({ part, op, children }: { part: string; op: string; children: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" form={rowsFormId(part)} name="op" value={op} className="button-secondary" disabled={busy}>
      {children}
    </button>
  );
}

/** A row of two text fields (text and address) in a titled group, with its row buttons; the panel says what an address may be. */
export function LinkRow({
  legend,
  names,
  values,
  labels = ["Text", "Address"],
  form,
  buttons,
}: {
  legend: string;
  names: [string, string];
  values: [string, string];
  labels?: [string, string];
  form: PartFailure;
  buttons?: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-grey-200 p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label={labels[0]}
          name={names[0]}
          defaultValue={form.value(names[0], values[0])}
          error={form.error(names[0])}
        />
        <TextField
          label={labels[1]}
          name={names[1]}
          defaultValue={form.value(names[1], values[1])}
          error={form.error(names[1])}
        />
      </div>
      {buttons}
    </fieldset>
  );
}

/** What the panel's addresses may be, said once above its rows. */
export function AddressRule({
  children = "An address is a path of the shop (/membership) or an https:// address of another site.",
}: {
  children?: ReactNode;
}) {
  return <p className="mb-3 text-sm text-grey-600">{children}</p>;
}
