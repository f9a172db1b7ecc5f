import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { PasswordFields } from "~/components/account/password-fields";
import { FormNotices } from "~/components/admin/form-notices";
import { orderDateTime } from "~/components/account/order-table";
import { Panel } from "~/components/admin/panel";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { TotpSetup } from "~/components/admin/totp-setup";
import { TextField } from "~/components/ui/text-field";
import { staffScope } from "~/lib/admin-actions.server";
import { sessionRenewed } from "~/lib/auth.server";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * My sign-in (issue 24 §2): the password (the shop's rules; every other session ends, and this
 * browser gives its code once more), another authenticator app, new recovery codes, and one's own
 * sessions, each of which can be ended. Changing the authenticator or the codes asks for a code
 * first when the last was more than 10 minutes ago; each change is in the audit log.
 */

export const handle: RouteHandle = { backOffice: "any" };

export const meta: Route.MetaFunction = () => [{ title: "My sign-in · Back office" }];

const PASSWORD_CHANGED = "password";

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const done = new URL(request.url).searchParams.get("done");
  const { user, sessionId } = context.session!;
  const sessions = await context.services.staffAccess.sessionsOf(context.db, user.id, sessionId);
  return {
    email: user.email,
    passwordChanged: done === PASSWORD_CHANGED,
    sessions: sessions.map((session) => ({
      id: session.id,
      strategy: session.strategy,
      createdAt: session.createdAt.toISOString(),
      current: session.current,
    })),
  };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const { user, sessionId } = context.session!;
  const who = { userId: user.id, sessionId };
  const access = context.services.staffAccess;
  const staff = staffScope(context);
  try {
    switch (fields.intent) {
      case "password": {
        const opened = await context.services.accounts.changePassword(staff, user.id, fields);
        // The new session gives its code before the page says it is done (the guard asks for it).
        return redirect(`/admin/account?done=${PASSWORD_CHANGED}`, {
          status: 303,
          headers: sessionRenewed(context, opened, null),
        });
      }
      case "authenticator":
        if (fields.code) await access.verifySecondFactor(context, { ...who, code: fields.code });
        return { ok: true as const, enrolment: await access.startEnrolment(context, who) };
      case "authenticator-confirm":
        try {
          const { recoveryCodes } = await access.confirmEnrolment(staff, { ...who, code: fields.code });
          return {
            ok: true as const,
            recoveryCodes,
            message: "Your new authenticator app is in use; the old one no longer works.",
          };
        } catch (error) {
          // The key the app scanned stays on the page (the waiting one is shown again), while the
          // last code is recent enough to show it; else the person gives a code to see it again.
          const enrolment = await access.startEnrolment(context, who).catch((shown: unknown) => {
            if ((shown as { code?: string }).code === "SECOND_FACTOR_REQUIRED") return null;
            throw shown;
          });
          if (!enrolment) return formFailure(error, { intent: "authenticator" });
          return formFailure(error, { intent: "authenticator-confirm" }, { enrolment });
        }
      case "recovery-codes":
        if (fields.code) await access.verifySecondFactor(context, { ...who, code: fields.code });
        return { ok: true as const, recoveryCodes: await access.newRecoveryCodes(staff, who) };
      case "end-session":
        await access.endSession(staff, user.id, fields.sessionId ?? "");
        return { ok: true as const, message: "That session has ended." };
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return formFailure(error, { intent: fields.intent ?? "" });
  }
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const enrolment = actionData && "enrolment" in actionData ? actionData.enrolment : null;
  const message =
    actionData && "message" in actionData
      ? actionData.message
      : !actionData && loaderData.passwordChanged
        ? "Your password has been changed. You are signed out everywhere else."
        : null;
  const failed = (intent: string) => (failure?.values.intent === intent ? failure : null);
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">My sign-in</h1>
      <p className="text-sm text-grey-600">Signed in as {loaderData.email}.</p>
      <FormNotices message={message} failure={failure} shown={["code", "currentPassword", "password", "passwordConfirmation"]} />
      {codes && (
        <Panel title="Your new recovery codes">
          <RecoveryCodes codes={codes} />
        </Panel>
      )}
      <Panel title="Password">
        <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
          <PasswordFields errors={failed("password")?.fieldErrors} />
          <button type="submit" className="button-secondary" disabled={busy}>
            Change password
          </button>
        </Form>
      </Panel>
      <Panel title="Authenticator app">
        {enrolment ? (
          <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
            <p className="text-sm">Scan this into the new app, then give its first code. Until then, the old app still works.</p>
            <TotpSetup {...enrolment} />
            <input type="hidden" name="intent" value="authenticator-confirm" />
            <TextField
              label="The new app's 6-digit code"
              name="code"
              autoComplete="one-time-code"
              error={failed("authenticator-confirm")?.fieldErrors.code}
            />
            <button type="submit" className="button-secondary" disabled={busy}>
              Use the new app
            </button>
          </Form>
        ) : (
          <CodeStep
            intent="authenticator"
            button="Set up another app"
            hint="Asked when your last code was more than 10 minutes ago. New recovery codes come with the new app."
            error={failed("authenticator")?.fieldErrors.code}
            busy={busy}
          />
        )}
      </Panel>
      {!codes && (
        <Panel title="Recovery codes">
          <CodeStep
            intent="recovery-codes"
            button="Make new recovery codes"
            hint="Asked when your last code was more than 10 minutes ago. The old codes stop working."
            error={failed("recovery-codes")?.fieldErrors.code}
            busy={busy}
          />
        </Panel>
      )}
      <Panel title="My sessions">
        <ul className="flex flex-col gap-2 text-sm">
          {loaderData.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-2">
              {session.strategy} · since {orderDateTime(session.createdAt)}
              {session.current ? (
                <strong>(this one)</strong>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button type="submit" className="text-link">
                    End it
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** A change to the sign-in that may first ask for the authenticator's code. */
function CodeStep(props: { intent: string; button: string; hint: string; error: string | undefined; busy: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
      <input type="hidden" name="intent" value={props.intent} />
      <TextField label="Authenticator code" name="code" autoComplete="one-time-code" hint={props.hint} error={props.error} />
      <button type="submit" className="button-secondary" disabled={props.busy}>
        {props.button}
      </button>
    </Form>
  );
}
