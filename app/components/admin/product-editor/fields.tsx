import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/*
 * The editor's labelled selects and text areas, their hints and errors tied to them for screen
 * readers, as TextField does for inputs.
 */

function described(id: string, hint: ReactNode, error: string | null | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string | null; hint?: ReactNode }) {
  const id = useId();
  const { hintId, errorId, describedBy } = described(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | null; hint?: ReactNode }) {
  const id = useId();
  const { hintId, errorId, describedBy } = described(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full min-w-0 rounded-md border border-grey-500 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-danger-600"
        {...area}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
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
