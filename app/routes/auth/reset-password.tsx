import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AccountFormPage, failureOf } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import { completeLogin } from "~/lib/auth.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), {
    title: "Choose a new password",
    description: "Choose a new password.",
    path: "/reset-password",
  }),
  { name: "robots", content: "noindex" },
];

// The code in the address is a secret: the page is never stored, and never tells another site where
// it came from ("same-origin": with no referrer at all, the form's Origin would be "null" and refused).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request }: Route.LoaderArgs) {
  return { code: new URL(request.url).searchParams.get("code") ?? "" };
}

// Open to a logged-in visitor too: someone who forgot their password may still be logged in elsewhere.
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  try {
    const opened = await context.services.accounts.resetPassword(context, fields);
    return await completeLogin(request, context, opened, "Your password has been changed, and you are logged in.");
  } catch (error) {
    return formFailure(error, { code: fields.code ?? "" });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const code = failure?.values.code ?? loaderData.code;
  const codeError = failure?.fieldErrors.code;
  return (
    <AccountFormPage title="Choose a new password" failure={failure}>
      {!code || codeError ? (
        <p role="alert" className="form-error">
          {codeError ?? "This link is incomplete."}{" "}
          <Link to="/forgot-password" className="text-link">
            Ask for a new link
          </Link>
          .
        </p>
      ) : null}
      {code && !codeError && (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="code" value={code} />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters; common passwords are refused."
            error={failure?.fieldErrors.password}
          />
          <TextField
            label="Repeat the new password"
            name="passwordConfirmation"
            type="password"
            autoComplete="new-password"
            required
            error={failure?.fieldErrors.passwordConfirmation}
          />
          <button type="submit" className="button-primary" disabled={busy}>
            Save the new password
          </button>
        </Form>
      )}
    </AccountFormPage>
  );
}
