import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** What a control inside a Field is given: its id, whether it is in error, what describes it. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label, a hint and an error around one control (an input, a select, a text area), tied together
 * for screen readers. The error comes from the server (forms work without JavaScript), so it is
 * rendered, not computed here.
 */
export function Field({
  label,
  error,
  hint,
  control,
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  control: (props: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint and its error. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string | null; hint?: ReactNode }) {
  return <Field label={label} error={error} hint={hint} control={(control) => <input {...control} {...input} />} />;
}
