import { data, redirect } from "react-router";
import type { Route } from "./+types/subscribe";
import { fieldsOf, formFailure, readForm } from "~/lib/forms.server";
import { CHECK_INBOX, type NewsletterSignupResult } from "~/lib/newsletter";
import { siteNoticeCookie } from "~/lib/site-notice";
import { asShopError, safeLocalPath } from "../../../server/lib/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * POST /newsletter (intent=subscribe): the newsletter sign-up form's action (ADR 40). Without
 * JavaScript the form posts here and the visitor goes back to the page they were on (`returnTo`)
 * with a notice; with it, the form adds js=1 and gets the answer as data, shown beside the form.
 * Whatever the address, a sign-up that is accepted answers the same.
 */

const NOT_OUR_FORM = "Please use the sign-up form.";

/** Nothing to show: a GET (a bookmarked or typed address) goes home. */
export function loader() {
  return redirect("/");
}

/** Where the shop's sign-up forms stand: kept with the consent. Anything else is the footer's. */
const FORM_SOURCES = ["footer", "launch"] as const;

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  // Another site's page cannot sign visitors up (nor pick the consent's source):
  // http/cross-site-writes.ts refuses its post before React Router.
  const form = await readForm(request);
  const fields = form ? fieldsOf(form) : {};
  const withJs = fields.js === "1";
  const back = safeLocalPath(fields.returnTo) ?? "/";
  const values = { email: fields.email ?? "" };
  /** Back to the page with the message as its notice, or (JavaScript) the message for the form. */
  const refuse = (message: string, status: number) =>
    withJs
      ? data<NewsletterSignupResult>({ ok: false, fieldErrors: {}, formError: message, values }, { status })
      : redirect(back, { status: 303, headers: { "Set-Cookie": siteNoticeCookie({ kind: "error", message }) } });

  if (!form || fields.intent !== "subscribe") return refuse(NOT_OUR_FORM, 400);
  try {
    const source = FORM_SOURCES.find((place) => place === fields.source) ?? "footer";
    await context.services.newsletter.subscribe(context, { email: fields.email, source });
  } catch (error) {
    const refused = asShopError(error);
    if (!refused) throw error;
    return withJs ? formFailure(error, values) : refuse(refused.message, refused.status);
  }
  if (withJs) return data<NewsletterSignupResult>({ ok: true, message: CHECK_INBOX });
  return redirect(back, { status: 303, headers: { "Set-Cookie": siteNoticeCookie({ kind: "success", message: CHECK_INBOX }) } });
}
