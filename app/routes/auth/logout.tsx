import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { completeLogout } from "~/lib/auth.server";
import { readForm } from "~/lib/forms.server";
import { pageContext } from "../../../server/http/page-context.ts";

/** Logging out is a POST (a form in the account area); a link or a typed address just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  // A route without a page is not covered by React Router's origin check for actions: a page on
  // another site must not log the visitor out.
  if (context.crossSite) throw data(null, { status: 403 });
  const form = await readForm(request);
  const expired = form?.get("reason") === "expired";
  // SPEC §4: a logout that fails on the server still logs the visitor out of the browser.
  try {
    return await completeLogout(request, context, expired ? null : "You have logged out.");
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    return completeLogout(request, { ...context, session: null }, "You have logged out.");
  }
}
