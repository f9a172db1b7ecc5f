import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/recover-user";
import { AccountFormPage, failureOf, successOf } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), {
    title: "Recover your account",
    description: "Get a new confirmation link, or find out which account your e-mail address belongs to.",
    path: "/recover-user",
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const SENT: Record<string, (email: string) => string> = {
  confirmation: (email) => `If ${email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.`,
  reminder: (email) => `If ${email} belongs to an account, we have sent it the account's user name.`,
};

// Open to everyone: a logged-in customer may want a new confirmation link too.
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const { accounts } = context.services;
  try {
    if (fields.intent === "reminder") {
      const { email } = await accounts.remindAccount(context, fields);
      return { ok: true as const, message: SENT.reminder!(email) };
    }
    const { email } = await accounts.sendEmailConfirmation(context, fields);
    return { ok: true as const, message: SENT.confirmation!(email) };
  } catch (error) {
    return formFailure(error, fields);
  }
}

export default function RecoverUser({ actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const sent = successOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <AccountFormPage
      title="Recover your account"
      failure={failure}
      intro={
        <p className="text-grey-700">
          Did the confirmation mail not arrive, or do you not remember your user name? Give your e-mail address and choose what to
          send.
        </p>
      }
    >
      {sent && (
        <p role="status" className="form-success" data-testid="form-success">
          {sent.message}
        </p>
      )}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="confirmation" className="button-primary" disabled={busy}>
            Send a new confirmation link
          </button>
          <button type="submit" name="intent" value="reminder" className="button-secondary" disabled={busy}>
            Send me my user name
          </button>
        </div>
      </Form>
      <p className="text-sm">
        <Link to="/forgot-password" className="text-link">
          Forgot your password?
        </Link>
      </p>
    </AccountFormPage>
  );
}
