import { redirect } from "react-router";
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
  // Another site's page cannot log the visitor out: http/cross-site-writes.ts refuses its post.
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
