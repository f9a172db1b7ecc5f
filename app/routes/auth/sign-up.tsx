import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import { AccountFormPage, failureOf } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import { completeLogin } from "~/lib/auth.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

export const handle: RouteHandle = { auth: "guest" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Create an account", description: "Create your account.", path: "/sign-up" });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader() {
  return null;
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  try {
    const opened = await context.services.accounts.register(context, fields);
    return await completeLogin(
      request,
      context,
      opened,
      `Welcome! We sent a link to ${opened.user.email}: please confirm your e-mail address.`,
    );
  } catch (error) {
    return formFailure(error, fields);
  }
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <AccountFormPage title="Create an account" failure={failure}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <TextField
          label="User name"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={30}
          hint="3 to 30 letters, digits, dots, dashes or underscores."
          defaultValue={failure?.values.username}
          error={failure?.fieldErrors.username}
        />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters. A few words you will remember are best; common passwords are refused."
          error={failure?.fieldErrors.password}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
      <p className="text-sm text-grey-700">
        Already have an account?{" "}
        <Link to="/login" className="text-link">
          Log in
        </Link>
        .
      </p>
    </AccountFormPage>
  );
}
