import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { orderDateTime } from "~/components/account/order-table";
import { Panel } from "~/components/admin/panel";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * My sign-in (issue 24 §2): new recovery codes (after giving a code again when the last was more
 * than 10 minutes ago), and one's own sessions, each of which can be ended. The password is
 * changed on the shop's account page, by the same rules.
 */

export const handle: RouteHandle = { backOffice: "any" };

export const meta: Route.MetaFunction = () => [{ title: "My sign-in · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const sessions = await context.services.staffAccess.sessionsOf(context.db, user.id, sessionId);
  return {
    email: user.email,
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
  const access = context.services.staffAccess;
  try {
    switch (fields.intent) {
      case "recovery-codes":
        if (fields.code) await access.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
        return { ok: true as const, recoveryCodes: await access.newRecoveryCodes(context, { userId: user.id, sessionId }) };
      case "end-session":
        await access.endSession(context, user.id, fields.sessionId ?? "");
        return { ok: true as const, message: "That session has ended." };
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">My sign-in</h1>
      <p className="text-sm text-grey-600">
        Signed in as {loaderData.email}. Change your password on{" "}
        <a className="text-link" href="/my-account/personal-details">
          your account page
        </a>
        .
      </p>
      <FormNotices message={message} failure={failure} shown={["code"]} />
      <Panel title="Recovery codes">
        {codes ? (
          <RecoveryCodes codes={codes} />
        ) : (
          <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
            <input type="hidden" name="intent" value="recovery-codes" />
            <TextField
              label="Authenticator code"
              name="code"
              autoComplete="one-time-code"
              hint="Asked when your last code was more than 10 minutes ago. The old codes stop working."
              error={failure?.fieldErrors.code}
            />
            <button type="submit" className="button-secondary" disabled={busy}>
              Make new recovery codes
            </button>
          </Form>
        )}
      </Panel>
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
