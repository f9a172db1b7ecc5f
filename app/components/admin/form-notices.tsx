import { formMessage } from "~/components/account-page";
import type { FormFailure } from "~/lib/forms.server";

/**
 * What a back-office page's forms answered: a success said in a polite live region, a refusal as
 * an alert (the form's error, or that of a field the page does not show). `shown`: the fields the
 * page shows their errors beside.
 */
export function FormNotices({
  message,
  failure,
  shown,
}: {
  message: string | null | undefined;
  failure: FormFailure | null;
  shown: readonly string[];
}) {
  const refusal = formMessage(failure, shown);
  return (
    <>
      <div role="status" aria-live="polite">
        {message && <p className="rounded-md bg-mint-50 px-3 py-2 text-sm text-mint-800">{message}</p>}
      </div>
      {refusal && (
        <p role="alert" className="form-error" data-testid="form-error" tabIndex={-1}>
          {refusal}
        </p>
      )}
    </>
  );
}
