import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { failureOf, formMessage, useFocusOnFailure } from "~/components/account-page";
import { TextField } from "~/components/ui/text-field";
import { BACK_OFFICE } from "~/lib/guards.server";
import { formFailure, formFields } from "~/lib/forms.server";
import { sessionRenewed } from "~/lib/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useRef } from "react";
import { pageContext } from "../../../../server/http/page-context.ts";

/*
 * A link into the back office (ADR 58): the owner's set-up link, printed at a start while the shop
 * has no owner, or an invitation the owner mailed. Whoever holds it chooses a password (the set-up
 * link also asks for the e-mail address), is logged in, and goes on to set up two-factor sign-in.
 */

export const handle: RouteHandle = { backOfficeStep: "link" };

const ROLE_NAMES: Record<string, string> = { owner: "the owner", staff: "staff", editor: "an editor" };

export const meta: Route.MetaFunction = () => [{ title: "Join the back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = token ? await context.services.staffAccess.invitation(context, token) : null;
  const view = {
    token,
    invitation: invitation && { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() },
  };
  // A link that no longer works is not found, and says why.
  return data(view, { status: invitation ? 200 : 404 });
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  try {
    const user = await context.services.staffAccess.acceptInvitation(context, fields);
    // The new password logs the account in, as any login would; two-factor set-up comes next (the
    // page says so: the shop's one-time notice would wait for the next shop page).
    const opened = await context.services.accounts.login(context, { identifier: user.email, password: fields.password });
    return redirect(BACK_OFFICE.enrol, {
      headers: sessionRenewed(context, opened, null),
    });
  } catch (error) {
    return formFailure(error, { token: fields.token ?? "", email: fields.email ?? "", username: fields.username ?? "" });
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const card = useRef<HTMLDivElement>(null);
  useFocusOnFailure(card, failure);
  const { invitation, token } = loaderData;
  if (!invitation) {
    return (
      <div>
        <h1 className="text-xl font-semibold">This link no longer works</h1>
        <p className="mt-2 text-grey-700">
          It has been used, has expired or was withdrawn. Ask the shop&rsquo;s owner for a new invitation; an owner&rsquo;s set-up
          link is printed again when the shop starts while it has no owner.
        </p>
      </div>
    );
  }
  const owner = invitation.role === "owner" && invitation.email === null;
  return (
    <div ref={card}>
      <h1 className="text-xl font-semibold">{owner ? "Set up the shop's owner" : "Join the back office"}</h1>
      <p className="mt-2 text-sm text-grey-700">
        {owner
          ? "Choose the owner's e-mail address and password. Two-factor sign-in comes next."
          : `You are invited as ${ROLE_NAMES[invitation.role] ?? invitation.role}, with ${invitation.email}. Choose a password; two-factor sign-in comes next.`}
      </p>
      {formMessage(failure, ["email", "password"]) && (
        <p role="alert" className="form-error mt-4" data-testid="form-error" tabIndex={-1}>
          {formMessage(failure, ["email", "password"])}
        </p>
      )}
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <input type="hidden" name="token" value={token} />
        {owner && (
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failure?.values.email}
            error={failure?.fieldErrors.email}
          />
        )}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters; common passwords are refused."
          error={failure?.fieldErrors.password}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {owner ? "Create the owner" : "Join"}
        </button>
      </Form>
    </div>
  );
}
