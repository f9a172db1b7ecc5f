import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/confirm";
import { AccountFormPage, failureOf, successOf } from "~/components/account-page";
import { withMessage } from "~/components/newsletter/failure";
import { Link } from "~/components/ui/link";
import { formFailure, formFields } from "~/lib/forms.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * /newsletter/confirm?token=…: where the confirmation mail's link lands (ADR 40). Opening the link
 * changes nothing (mail scanners open links too): the page asks, and its button POSTs the token.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), {
    title: "Confirm your subscription",
    description: "Confirm your subscription to the newsletter.",
    path: "/newsletter/confirm",
  }),
  { name: "robots", content: "noindex" },
];

// A page about one person's link: never kept by a cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const token = fields.token ?? new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { email } = await context.services.newsletter.confirm(context, { token });
    return { ok: true as const, email };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const failure = withMessage(failureOf(actionData));
  const confirmed = successOf(actionData);
  const busy = useNavigation().state === "submitting";
  if (confirmed) {
    return (
      <AccountFormPage title="You are subscribed">
        <p role="status" className="form-success" data-testid="form-success">
          Thank you: {confirmed.email} gets our newsletter from now on. A welcome mail is on its way; every newsletter has a link
          to unsubscribe with one click.
        </p>
        <p>
          <Link to="/" className="button-primary inline-block">
            Go to the shop
          </Link>
        </p>
      </AccountFormPage>
    );
  }
  return (
    <AccountFormPage
      title="Confirm your subscription"
      failure={failure}
      intro={<p className="text-grey-700">One more step: confirm that you want our newsletter at this address.</p>}
    >
      {failure ? (
        <p className="text-grey-700">The sign-up form is at the bottom of the page.</p>
      ) : loaderData.token === "" ? (
        <p role="alert" className="form-error" data-testid="form-error">
          This link has no token. Please open the link from the mail again, or sign up again at the bottom of the page.
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button-primary" disabled={busy}>
            Confirm my subscription
          </button>
        </Form>
      )}
    </AccountFormPage>
  );
}
