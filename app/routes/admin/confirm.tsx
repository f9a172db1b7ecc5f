import { useRef } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/confirm";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { CodeForm } from "~/components/admin/code-form";
import { Panel } from "~/components/admin/panel";
import { backOfficeAddress } from "~/lib/admin-actions.server";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * "Confirm it is you" before a sensitive read (an export of personal data): the authenticator's
 * code or a recovery code, then on to the address asked for. A download is offered as a link,
 * since following it leaves this page where it is.
 */

export const handle: RouteHandle = { backOffice: "any" };

export const meta: Route.MetaFunction = () => [{ title: "Confirm it is you · Back office" }];

export function loader({ request }: Route.LoaderArgs) {
  return { next: backOfficeAddress(new URL(request.url).searchParams.get("redirect")) ?? "/admin" };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const fields = await formFields(request);
  const next = backOfficeAddress(new URL(request.url).searchParams.get("redirect")) ?? "/admin";
  try {
    await context.services.staffAccess.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
  } catch (error) {
    return formFailure(error, {});
  }
  if (isDownload(next)) return { ok: true as const };
  return redirect(next, 303);
}

function isDownload(address: string): boolean {
  return /\.(csv|json)(\?|$)/.test(address);
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const confirmed = actionData && "ok" in actionData && actionData.ok;
  return (
    <div ref={page} className="flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Confirm it is you</h1>
      <Panel title={confirmed ? "Confirmed" : "Your code"}>
        {confirmed ? (
          <div className="flex flex-col gap-3 text-sm">
            <p role="status">Thank you. For the next 10 minutes this is not asked again.</p>
            {/* A document request (data-reload), not a client navigation: the browser saves the file. */}
            <a className="button-primary self-start" href={loaderData.next} data-reload>
              Download
            </a>
          </div>
        ) : (
          <>
            <p className="text-sm text-grey-700">
              What you asked for holds customers&apos; personal data. Give the code your authenticator app shows now, or a
              recovery code.
            </p>
            <CodeForm label="Code" button="Confirm" failure={failure} />
          </>
        )}
      </Panel>
    </div>
  );
}
