/** What the newsletter's sign-up action answers a form sent with JavaScript (components/newsletter). */
export type NewsletterSignupResult =
  | { ok: true; message: string }
  | { ok: false; fieldErrors: Record<string, string>; formError: string | null; values: Record<string, string> };

/** The sign-up form's action. */
export const NEWSLETTER_PATH = "/newsletter";

/** The one answer to every sign-up: whether the address was new or subscribed already is not said. */
export const CHECK_INBOX = "Check your inbox to confirm your subscription.";
