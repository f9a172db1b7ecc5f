import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FormFailure } from "~/lib/forms.server";

/*
 * The forms of the back office's settings pages (delivery, memberships, shop settings): several on
 * one page, each named by a hidden `form` key, so a refusal shows its field errors and what was
 * typed in the one form that was sent, and nowhere else.
 */

/** What a refused form answered, for the form of that key only. */
export function failureFor(failure: FormFailure | null, key: string) {
  const mine = failure?.values.form === key ? failure : null;
  return {
    error: (field: string) => mine?.fieldErrors[field] ?? null,
    /** The typed value after a refusal, else the record's. */
    value: (field: string, current: string) => mine?.values[field] ?? current,
  };
}

export function SettingsForm({
  formKey,
  intent,
  hidden = {},
  submit,
  children,
  className = "flex flex-col gap-3",
}: {
  formKey: string;
  intent: string;
  hidden?: Record<string, string>;
  submit: string;
  children?: ReactNode;
  className?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className={className} noValidate>
      <input type="hidden" name="form" value={formKey} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div>
        <button type="submit" className="button-secondary" disabled={busy}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

/** A labelled checkbox (ticked sends "on"). */
export function CheckField({ label, name, defaultChecked }: { label: string; name: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}
