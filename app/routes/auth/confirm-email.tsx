import type { Route } from "./+types/confirm-email";
import { AccountFormPage } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), {
    title: "E-mail confirmation",
    description: "Confirming your e-mail address.",
    path: "/confirm-email",
  }),
  { name: "robots", content: "noindex" },
];

/** Where the link in a confirmation mail lands, after /api/auth/email-confirmation has checked it. */
export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const status = new URL(request.url).searchParams.get("status");
  return { confirmed: status === "confirmed", retry: status === "retry", loggedIn: context.session !== null };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { confirmed, retry, loggedIn } = loaderData;
  return (
    <AccountFormPage title={confirmed ? "Your e-mail address is confirmed" : "This link did not work"}>
      {confirmed ? (
        <p role="status" className="form-success" data-testid="form-success">
          Thank you: your e-mail address is confirmed.
        </p>
      ) : (
        <p role="alert" className="form-error" data-testid="form-error">
          {retry ? (
            "Too many attempts from your connection. Please wait a few minutes, then follow the link in the mail again."
          ) : (
            <>
              The confirmation link is invalid, has been used already, or has expired.{" "}
              <Link to="/recover-user" className="text-link">
                Ask for a new one
              </Link>
              .
            </>
          )}
        </p>
      )}
      <p>
        <Link to={loggedIn ? "/my-account" : "/login"} className="button-primary inline-block">
          {loggedIn ? "Go to my account" : "Log in"}
        </Link>
      </p>
    </AccountFormPage>
  );
}
