import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AccountFormPage, failureOf, successOf } from "~/components/account-page";
import { withMessage } from "~/components/newsletter/failure";
import { Link } from "~/components/ui/link";
import { fieldsOf, formFailure, readForm } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * /newsletter/unsubscribe?token=…: the address every marketing mail's List-Unsubscribe header and
 * small print give (ADR 40).
 *
 * - GET shows a page with one button: opening a link must not unsubscribe (mail scanners and
 *   link previews open them).
 * - POST unsubscribes: the page's button, and a mail client's one-click POST (RFC 8058: the body
 *   `List-Unsubscribe=One-Click`, no cookies, nothing else), answered 200. The token in the
 *   address is all the authority needed: there is no session or form token to check.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), {
    title: "Unsubscribe from the newsletter",
    description: "Stop getting the newsletter.",
    path: "/newsletter/unsubscribe",
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const token = new URL(request.url).searchParams.get("token");
  return { token: token ?? "", genuine: context.services.newsletter.isUnsubscribeToken(token) };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  // The token travels in the address (one-click) or in the page's form; the body is not needed.
  const form = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? (form ? fieldsOf(form).token : undefined) ?? "";
  try {
    await context.services.newsletter.unsubscribe(context, { token });
    return { ok: true as const };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const failure = withMessage(failureOf(actionData));
  const done = successOf(actionData);
  const busy = useNavigation().state === "submitting";
  if (done) {
    return (
      <AccountFormPage title="You are unsubscribed">
        <p role="status" className="form-success" data-testid="form-success">
          You will get no more newsletters at this address. Mails about your orders and your account still come.
        </p>
        <p className="text-sm text-grey-700">
          Changed your mind? Sign up again with the form at the bottom of the page.{" "}
          <Link to="/" className="text-link">
            Back to the shop
          </Link>
        </p>
      </AccountFormPage>
    );
  }
  return (
    <AccountFormPage
      title="Unsubscribe from the newsletter"
      failure={failure}
      intro={<p className="text-grey-700">Do you want to stop getting our newsletter at this address?</p>}
    >
      {loaderData.genuine ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button-primary" disabled={busy}>
            Unsubscribe
          </button>
        </Form>
      ) : (
        <p role="alert" className="form-error" data-testid="form-error">
          This unsubscribe link is not valid. Use the link in the newest newsletter, or turn the newsletter off in{" "}
          <Link to="/my-account/communication-preferences" className="text-link">
            your communication preferences
          </Link>
          .
        </p>
      )}
    </AccountFormPage>
  );
}
