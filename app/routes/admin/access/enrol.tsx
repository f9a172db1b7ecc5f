import { useRef } from "react";
import type { Route } from "./+types/enrol";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { CodeForm } from "~/components/admin/code-form";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { TotpSetup } from "~/components/admin/totp-setup";
import { staffScope } from "~/lib/admin-actions.server";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../../server/http/page-context.ts";

/*
 * Setting up two-factor sign-in (ADR 58), which every back-office account needs before its first
 * page: scan the code (or type the key) into an authenticator app, give one code to confirm it,
 * then keep the ten recovery codes, shown this once.
 */

export const handle: RouteHandle = { backOfficeStep: "enrol" };

export const meta: Route.MetaFunction = () => [{ title: "Set up two-factor sign-in" }, { name: "robots", content: "noindex" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  if (await context.services.staffAccess.hasAuthenticator(context.db, user.id)) return { enrolment: null };
  return { enrolment: await context.services.staffAccess.startEnrolment(context, { userId: user.id, sessionId }) };
}

// The key shown is the one the app scanned: a refused code does not draw a new one.
export function shouldRevalidate() {
  return false;
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const fields = await formFields(request);
  try {
    // As the staff member: a new app replacing one (a key waiting from My sign-in) is audited.
    const { recoveryCodes } = await context.services.staffAccess.confirmEnrolment(staffScope(context), {
      userId: user.id,
      sessionId,
      code: fields.code,
    });
    return { ok: true as const, recoveryCodes };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const done = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const card = useRef<HTMLDivElement>(null);
  useFocusOnFailure(card, failure);
  if (done) {
    return (
      <div>
        <h1 className="text-xl font-semibold">Two-factor sign-in is on</h1>
        <RecoveryCodes codes={done} />
        <a href="/admin" className="button-primary mt-6 block text-center">
          I have kept them: open the back office
        </a>
      </div>
    );
  }
  if (!loaderData.enrolment) {
    return (
      <div>
        <h1 className="text-xl font-semibold">Two-factor sign-in is on</h1>
        <p className="mt-2 text-sm text-grey-700">
          To use another authenticator or get new recovery codes, go to{" "}
          <a className="text-link" href="/admin/account">
            My sign-in
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <div ref={card}>
      <h1 className="text-xl font-semibold">Set up two-factor sign-in</h1>
      <p className="mt-2 text-sm text-grey-700">
        The back office asks for a code from an authenticator app each time you sign in.
      </p>
      <TotpSetup {...loaderData.enrolment} />
      <CodeForm label="The app's 6-digit code" button="Confirm" failure={failure} />
    </div>
  );
}
