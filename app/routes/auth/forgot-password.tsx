import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AccountFormPage, failureOf, successOf } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

export const handle: RouteHandle = { auth: "guest" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Forgot your password?", description: "Reset your password.", path: "/forgot-password" });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader() {
  return null;
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  try {
    await context.services.accounts.forgotPassword(context, fields);
    return { ok: true as const, email: fields.email?.trim() ?? "" };
  } catch (error) {
    return formFailure(error, fields);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const sent = successOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <AccountFormPage
      title="Forgot your password?"
      failure={failure}
      intro={
        <p className="text-grey-700">
          Give the e-mail address of your account and we will send you a link to choose a new password.
        </p>
      }
    >
      {sent ? (
        // The same words for every address: whether it has an account is not for us to say here.
        <p role="status" className="form-success" data-testid="form-success">
          If {sent.email} belongs to an account, a link to reset its password is on its way. The link works for one hour.
        </p>
      ) : (
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
          <button type="submit" className="button-primary" disabled={busy}>
            Send the link
          </button>
        </Form>
      )}
      <p className="text-sm">
        <Link to="/login" className="text-link">
          Back to log in
        </Link>
      </p>
    </AccountFormPage>
  );
}
