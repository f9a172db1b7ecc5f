import { useRef } from "react";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/verify";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { CodeForm } from "~/components/admin/code-form";
import { BACK_OFFICE } from "~/lib/guards.server";
import { mayOpen } from "../../../../server/modules/staff-access/shared.ts";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { clearedRedirectCookie, readRedirect } from "../../../../server/modules/accounts/shared.ts";
import { pageContext } from "../../../../server/http/page-context.ts";

/*
 * The second factor (ADR 58): a code from the authenticator app, or one of the recovery codes.
 * Then back to the back-office page the account was on its way to.
 */

export const handle: RouteHandle = { backOfficeStep: "verify" };

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in" }, { name: "robots", content: "noindex" }];

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const fields = await formFields(request);
  try {
    await context.services.staffAccess.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
  } catch (error) {
    return formFailure(error, {});
  }
  const wanted = readRedirect(request.headers.get("cookie"));
  // Back to the page asked for; else the dashboard, or for a role without it (an editor) their sign-in page.
  const home = mayOpen(user, "staff") ? BACK_OFFICE.home : "/admin/account";
  const next = wanted && (wanted === BACK_OFFICE.home || wanted.startsWith(`${BACK_OFFICE.home}/`)) ? wanted : home;
  return redirect(next, { status: 303, headers: { "Set-Cookie": clearedRedirectCookie(context.cookies) } });
}

export default function Verify({ actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const card = useRef<HTMLDivElement>(null);
  useFocusOnFailure(card, failure);
  return (
    <div ref={card}>
      <h1 className="text-xl font-semibold">Two-factor sign-in</h1>
      <p className="mt-2 text-sm text-grey-700">
        Give the 6-digit code your authenticator app shows now, or one of your recovery codes.
      </p>
      <CodeForm label="Code" button="Continue" failure={failure} />
      <Form method="post" action="/logout" className="mt-4">
        <button type="submit" className="text-link text-sm">
          Log out
        </button>
      </Form>
    </div>
  );
}
