import { Form, useNavigation } from "react-router";
import { formMessage } from "~/components/account-page";
import { TextField } from "~/components/ui/text-field";
import type { FormFailure } from "~/lib/forms.server";

/**
 * The one-field form of the back office's sign-in steps: a code from the authenticator app (or,
 * where `label` says so, a recovery code), what was wrong with the last one above it.
 */
export function CodeForm({ label, button, failure }: { label: string; button: string; failure: FormFailure | null }) {
  const busy = useNavigation().state === "submitting";
  const refusal = formMessage(failure, ["code"]);
  return (
    <>
      {refusal && (
        <p role="alert" className="form-error mt-4" data-testid="form-error" tabIndex={-1}>
          {refusal}
        </p>
      )}
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <TextField
          label={label}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={failure?.fieldErrors.code}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {button}
        </button>
      </Form>
    </>
  );
}
