import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/cancel";
import { AccountFormPage, failureOf, successOf } from "~/components/account-page";
import { withMessage } from "~/components/newsletter/failure";
import { Link } from "~/components/ui/link";
import { fieldsOf, formFailure, readForm } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { optionName } from "../../../server/modules/stock-alerts/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * /back-in-stock/cancel?token=…: the cancel link of a back-in-stock request, in both of its mails'
 * small print and List-Unsubscribe headers (ADR 47), as the newsletter's unsubscribe page (ADR 40).
 *
 * - GET names the request and shows one button: opening a link must change nothing (mail scanners
 *   and link previews open them).
 * - POST cancels: the page's button, and a mail client's one-click POST (RFC 8058: the body
 *   `List-Unsubscribe=One-Click`, no cookies), answered 200. The token in the address is all the
 *   authority needed.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), {
    title: "Cancel a back-in-stock request",
    description: "Stop a request to be mailed when an option is back in stock.",
    path: "/back-in-stock/cancel",
  }),
  { name: "robots", content: "noindex" },
];

// A page about one person's link: never kept by a cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const token = new URL(request.url).searchParams.get("token");
  const alert = await context.services.stockAlerts.ofLink(context, token);
  return { token: token ?? "", alert: alert && { name: alert.option ? optionName(alert.option) : null, waiting: alert.waiting } };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  // The token travels in the address (one-click, the page's form) or in the form.
  const form = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? (form ? fieldsOf(form).token : undefined) ?? "";
  try {
    const { option } = await context.services.stockAlerts.cancel(context, { token });
    return { ok: true as const, name: option ? optionName(option) : null };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function CancelBackInStock({ loaderData, actionData }: Route.ComponentProps) {
  const failure = withMessage(failureOf(actionData));
  const done = successOf(actionData);
  const busy = useNavigation().state === "submitting";
  const { alert, token } = loaderData;
  const back = (
    <Link to="/shop" className="text-link">
      Back to the shop
    </Link>
  );
  if (done) {
    return (
      <AccountFormPage title="Your request is cancelled">
        <p role="status" className="form-success" data-testid="form-success">
          You will get no more mail about {done.name ?? "this option"}, and we have forgotten your address for it.
        </p>
        <p className="text-sm text-grey-700">{back}</p>
      </AccountFormPage>
    );
  }
  const what = alert?.name ?? "this option";
  return (
    <AccountFormPage
      title="Cancel your back-in-stock request"
      failure={failure}
      intro={
        alert && (
          <p className="text-grey-700" data-testid="request-state">
            {alert.waiting
              ? `You asked to be e-mailed once ${what} is back in stock. Cancel the request, and we will not write.`
              : `We have sent you the mail that ${what} is back, so the request has ended. Cancel it to have us forget your address for it now.`}
          </p>
        )
      }
    >
      {alert ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button-primary" disabled={busy}>
            Cancel the request
          </button>
        </Form>
      ) : (
        !failure && (
          <p role="alert" className="form-error" data-testid="form-error">
            This link no longer works: its request has been cancelled, or has ended with its back-in-stock mail. No more mail
            about it will come. {back}
          </p>
        )
      )}
    </AccountFormPage>
  );
}
