import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field } from "~/components/ui/text-field";

/* The editor's labelled selects and text areas, in the frame TextField has (ui/text-field.tsx). */

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string | null; hint?: ReactNode }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | null; hint?: ReactNode }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(control) => (
        <textarea
          {...control}
          className="w-full min-w-0 rounded-md border border-grey-500 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-danger-600"
          {...area}
        />
      )}
    />
  );
}

/** A group of radios or checkboxes with its legend and error. */
export function ChoiceGroup({
  legend,
  error,
  hint,
  children,
}: {
  legend: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-grey-900">{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1">{children}</div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function Choice({
  type,
  name,
  value,
  label,
  checked,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type={type} name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}
