import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";

/**
 * A list's filters: a GET form, so the view lands in the address and works without JavaScript
 * (Apply). With JavaScript, choosing in a list applies it at once, as a navigation that keeps the
 * page (no reload); the search box and dates apply on Enter or Apply.
 */
export function FilterForm({ children, label = "Filters" }: { children: ReactNode; label?: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-grey-200 bg-white p-3"
      onChange={(event) => {
        const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
        // A date is typed a digit at a time: it applies with Apply (or Enter), as the search does.
        if (field.tagName === "SELECT") submit(field.form, { preventScrollReset: true, replace: true });
      }}
    >
      {children}
      <button type="submit" className="button-secondary">
        Apply
      </button>
    </Form>
  );
}

/** A labelled choice of a filter form; "" is "any". */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-grey-700">{label}</span>
      <select name={name} defaultValue={value} className="rounded-md border border-grey-300 bg-white px-2 py-1.5">
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled text or date field of a filter form. */
export function FilterInput({
  label,
  name,
  value,
  type = "text",
}: {
  label: string;
  name: string;
  value: string;
  type?: "text" | "date" | "search";
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-grey-700">{label}</span>
      <input name={name} type={type} defaultValue={value} className="rounded-md border border-grey-300 px-2 py-1.5" />
    </label>
  );
}
