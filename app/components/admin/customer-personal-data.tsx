import { Form } from "react-router";
import { orderDate } from "~/components/account/order-table";
import { TextField } from "~/components/ui/text-field";
import type { FormFailure } from "~/lib/forms.server";

/**
 * A customer's personal data on their back-office page (issue 24 §5, ADR 61): download it as JSON
 * (their right of access), or erase it. Both ask for the authenticator's code when the last one
 * is more than 10 minutes old. `failure`: the refusal of one of these forms, shown beside its fields.
 */
export function CustomerPersonalData({
  email,
  version,
  erasedAt,
  askCode,
  failure,
  busy,
}: {
  email: string;
  version: string;
  erasedAt: string | null;
  askCode: boolean;
  failure: FormFailure | null;
  busy: boolean;
}) {
  const failed = (intent: string) => (failure?.values.intent === intent ? failure : null);
  return (
    <div className="flex flex-col gap-6 text-sm">
      <Form method="post" className="flex flex-col gap-2 sm:max-w-sm" noValidate>
        <input type="hidden" name="intent" value="export" />
        <p className="text-grey-600">
          Everything the shop holds about this customer, as one JSON file: account, addresses, orders, membership, consents,
          requests, sessions and the mails sent to them. Never passwords, codes or tokens.
        </p>
        {(askCode || failed("export")?.fieldErrors.code) && <CodeField error={failed("export")?.fieldErrors.code} />}
        <button type="submit" className="button-secondary self-start" disabled={busy}>
          Download the data (JSON)
        </button>
      </Form>
      {erasedAt ? (
        <p>Erased on {orderDate(erasedAt)}: nothing that names or reaches the person is left but what the books keep.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-2 sm:max-w-sm" noValidate>
          <input type="hidden" name="intent" value="erase" />
          <input type="hidden" name="version" value={version} />
          <p className="text-grey-600">
            Erasing removes their names, e-mail address, phone, picture, addresses, social logins, sessions, consents, newsletter
            subscription, back-in-stock requests and mails; ends the membership and blocks the login. Paid orders keep the
            buyer&apos;s name and postal address while the books must keep them (7 years after the year of the order), without
            phone or e-mail. Refused while an order is still open. It cannot be undone.
          </p>
          <TextField
            label={`Type ${email} to confirm`}
            name="confirm"
            type="email"
            autoComplete="off"
            defaultValue={failed("erase")?.values.confirm}
            error={failed("erase")?.fieldErrors.confirm}
          />
          {(askCode || failed("erase")?.fieldErrors.code) && <CodeField error={failed("erase")?.fieldErrors.code} />}
          <button type="submit" className="button-secondary self-start text-danger-700" disabled={busy}>
            Erase the personal data
          </button>
        </Form>
      )}
    </div>
  );
}

function CodeField({ error }: { error: string | undefined }) {
  return (
    <TextField label="Authenticator code (asked again after 10 minutes)" name="code" autoComplete="one-time-code" error={error} />
  );
}
