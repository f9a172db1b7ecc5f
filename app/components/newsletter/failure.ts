import type { FormFailure } from "~/lib/forms.server";

/**
 * A refusal of the newsletter's link pages with its message above the form: they have no fields,
 * so a field's message (a missing token) is the page's.
 */
export function withMessage(failure: FormFailure | null): FormFailure | null {
  if (!failure) return null;
  return { ...failure, formError: failure.formError ?? Object.values(failure.fieldErrors)[0] ?? "Something went wrong." };
}
